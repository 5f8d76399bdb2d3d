import { z } from "zod";
import type { Answer } from "../openapi/answers";

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** The body schema of operations that take no JSON body. */
export const noBody = z.undefined();
/** The params or query schema of operations that take none (unknown query parameters are ignored). */
export const noParams = z.object({});

/** A schema of path or query parameters: it reads the strings of the URL. */
export type ParamsSchema = z.ZodType<unknown, Record<string, string>>;

/** A request body the server reads as it arrives, not as one JSON value: its media types and, for JSON, its schema. */
export interface StreamedBody {
  types: readonly string[];
  schema?: z.ZodType;
}

/** Imports of whole objects, folders and RA solutions may be large (docs/security.md). */
export const IMPORT_BODY_LIMIT = 50 * 1024 * 1024;

/**
 * One operation of the interface with its wire facts: method, path, the schemas of what it takes
 * and what it answers. The engine binds a handler to it, the OpenAPI document describes it and the
 * console calls it by name; nothing else declares them.
 */
export interface Operation<P extends ParamsSchema = ParamsSchema, Q extends ParamsSchema = ParamsSchema, B extends z.ZodType = z.ZodType, R = unknown> {
  method: HttpMethod;
  /** Path below the API base, with `:name` parameters and at most one trailing `*`, e.g. `/:client_id/executions/:run_id`. */
  path: string;
  /** The name the OpenAPI document gives a trailing `*` of the path. */
  wildcard?: string;
  /** One line for the OpenAPI document. */
  summary: string;
  params: P;
  query: Q;
  /** `noBody` for operations that take no JSON body. */
  body: B;
  /** Largest accepted body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /** The server reads the body as a stream (with `body: noBody`): for bodies too large to buffer and parse whole. */
  streamsBody?: StreamedBody;
  /** Application error code per top-level body field, for validation issues of that field. */
  fieldCodes?: Readonly<Record<string, number>>;
  /** No authentication (/ping and the interface's own description). */
  public?: boolean;
  /** Operations of the system client only (product usage, RA solutions, telemetry): 403 in any other client. */
  systemClientOnly?: boolean;
  /** The answer of success; its schema types what the operation returns. */
  answer: Answer<R>;
  /** Further documented answers besides success and the errors every operation can give (e.g. health's 503). */
  otherAnswers?: readonly Answer[];
}

/** Declares an operation, keeping the exact types of its schemas (the typed client and the handlers read them). */
export function defineOperation<P extends ParamsSchema, Q extends ParamsSchema, B extends z.ZodType, R>(operation: Operation<P, Q, B, R>): Operation<P, Q, B, R> {
  return operation;
}

/** Whether the operation takes a JSON body (the others take none, or read theirs as a stream). */
export function takesJsonBody(operation: Operation): boolean {
  return !Object.is(operation.body, noBody);
}
