import type { z } from "zod";
import type { Operation, ParamsSchema } from "./operation";

/** The values of an operation's path parameters, by the names its params schema reads (`*` for a trailing wildcard). */
export type PathParams<P extends ParamsSchema> = { readonly [K in keyof z.input<P>]-?: string | number };

/**
 * The path of a request of `operation` below the API base, e.g. `/100/executions/1001` for
 * `/:client_id/executions/:run_id`. Each value is one segment, encoded with encodeURIComponent,
 * so a `/` or `\` inside a name (a USER's NAME/DEPARTMENT, a folder path) stays inside its segment.
 */
export function operationPath<P extends ParamsSchema>(operation: Pick<Operation<P>, "path">, params: PathParams<P>): string {
  const values: Readonly<Record<string, string | number>> = params;
  return operation.path.replace(/:([A-Za-z_]+)|\*$/g, (_match, name: string | undefined) => {
    const key = name ?? "*";
    const value = values[key];
    if (value === undefined) throw new TypeError(`${operation.path} needs the path parameter ${key}`);
    return encodeURIComponent(String(value));
  });
}
