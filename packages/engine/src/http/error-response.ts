import { ErrorCode, type OutError, type OutValidationError } from "@baton/contract";
import type { z } from "zod";
import { DomainError, ValidationError } from "../domain/errors";
import { snakeCase } from "./key-case";

const STATUS_OF_KIND: Record<DomainError["kind"], number> = {
  validation: 400,
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
};

/** The HTTP status and body for an error thrown while handling a request. */
export function errorResponse(error: unknown): { status: number; body: OutError | OutValidationError[] } {
  if (error instanceof ValidationError) {
    return {
      status: 400,
      body: error.issues.map((i) => ({
        code: i.code,
        error: i.error,
        path: i.path,
        invalid_value: i.invalidValue ?? null,
        ...(i.line !== undefined && { line: i.line, column: i.column }),
      })),
    };
  }
  if (error instanceof DomainError) {
    return { status: STATUS_OF_KIND[error.kind], body: { code: error.code, error: error.message, details: error.details } };
  }
  return { status: 500, body: { code: ErrorCode.INTERNAL, error: "Internal error.", details: "The request failed inside the engine; the engine log has the details." } };
}

/** A path like `once.execution_date_time` or `data.jobs.scripts[0]`, in the spec's snake_case. */
export function issuePath(path: readonly PropertyKey[]): string {
  let out = "";
  for (const segment of path) {
    if (typeof segment === "number") out += `[${segment}]`;
    else out += `${out === "" ? "" : "."}${snakeCase(String(segment))}`;
  }
  return out;
}

/** Every zod issue as a validation issue; the code comes from `fieldCodes` by path, else the generic one. */
export function validationErrorFromZod(error: z.ZodError, input: unknown, prefix: string, fieldCodes: Readonly<Record<string, number>>): ValidationError {
  return new ValidationError(
    error.issues.map((issue) => {
      const path = issuePath(issue.path);
      const fullPath = prefix === "" ? path : path === "" ? prefix : `${prefix}.${path}`;
      return {
        code: fieldCodes[path.split(/[.[]/)[0] ?? ""] ?? ErrorCode.INVALID_REQUEST,
        error: issue.message,
        path: fullPath,
        invalidValue: valueAt(input, issue.path) ?? null,
      };
    }),
  );
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const segment of path) {
    if (typeof value !== "object" || value === null) return undefined;
    value = Reflect.get(value, segment);
  }
  return value;
}
