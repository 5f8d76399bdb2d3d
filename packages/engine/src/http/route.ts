import type { IncomingMessage, ServerResponse } from "node:http";
import { z } from "zod";
import type { Principal } from "../auth/authenticator";
import { ErrorCode, jsonAnswer, OutError, type Answer, type OperationDescription } from "@baton/contract";
import { DisabledResourceError, ForbiddenError } from "../domain/errors";
import { validationErrorFromZod } from "./error-response";

/** The body schema of routes that take no body. */
export const noBody = z.undefined();
/** The params or query schema of routes that take none (unknown query parameters are ignored). */
export const noParams = z.object({});

export type HttpMethod = "GET" | "POST" | "PUT" | "DELETE" | "PATCH";

/** Every route may answer 503 when the database refuses to write (store/database-faults.ts). */
const DATABASE_UNAVAILABLE = jsonAnswer(OutError, "The database is busy or full: nothing was written; retry later (see Retry-After).", 503);

/** A response other than 200 with a JSON body, or with a body of another media type. */
export class Reply {
  constructor(
    readonly status: number,
    readonly body?: unknown,
    readonly contentType = "application/json",
    /** Further headers of the answer, e.g. the `Location` of what a 201 made. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}

  /** A success with nothing to report: 200 with the empty JSON object (clients parse every answer). */
  static empty(status: 200 | 201 = 200): Reply {
    return new Reply(status, {});
  }
}

/**
 * A 200 whose body is written piece by piece as `chunks` yields them, for answers too large to
 * build in memory (folder exports). An error while streaming cuts the connection.
 */
export class StreamReply {
  constructor(
    readonly contentType: string,
    readonly chunks: AsyncIterable<string | Uint8Array>,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {}
}

export interface RouteContext<P, Q, B> {
  params: P;
  query: Q;
  body: B;
  /** The authenticated user; public routes get an anonymous principal of client 0. */
  principal: Principal;
  req: IncomingMessage;
  res: ServerResponse;
}

/** A request body the handler reads itself, as it arrives: its media types and, for JSON, its schema. */
export interface StreamedBody {
  types: readonly string[];
  schema?: z.ZodType;
}

/** One route, declared once with its method, path, the schemas of what it takes and what it answers. */
export interface RouteDefinition<P, Q, B, R> {
  method: HttpMethod;
  /** Path below the API base, with `:name` parameters, e.g. `/:client_id/executions/:run_id`. */
  path: string;
  /** The name the OpenAPI document gives a trailing `*` of the path. */
  wildcard?: string;
  /** One line for the OpenAPI document. */
  summary: string;
  params: z.ZodType<P, Record<string, string>>;
  query: z.ZodType<Q, Record<string, string>>;
  /** `noBody` for routes that take none. */
  body: z.ZodType<B>;
  /** Rewrites the parsed JSON before validation (e.g. snake_case → camelCase keys). */
  normaliseBody?: (raw: unknown) => unknown;
  /** Largest accepted body in bytes (default 1 MiB). */
  bodyLimit?: number;
  /**
   * The handler reads the body from `req` itself, as a stream (with `body: noBody`): for bodies too
   * large to buffer and parse whole. It must keep to `bodyLimit` (request-body.ts bodyChunks).
   */
  streamsBody?: StreamedBody;
  /** Application error code per top-level field, for validation issues of that field. */
  fieldCodes?: Readonly<Record<string, number>>;
  /** No authentication (only /ping). */
  public?: boolean;
  /** Operations of the system client only (product usage, RA solutions, telemetry): 403 elsewhere. */
  systemClientOnly?: boolean;
  /** Why the resource is disabled for this client right now (404 with RESOURCE_DISABLED), or undefined. */
  disabled?: (principal: Principal) => Promise<string | undefined>;
  /** The answer of success; its schema types what `handle` returns. */
  answer: Answer<R>;
  /** Further documented answers besides success and the errors every route can give (e.g. health's 503). */
  otherAnswers?: readonly Answer[];
  /**
   * Returns the JSON body of the answer (nothing: the router answers `{}`), a Reply or a StreamReply; a
   * handler with nothing to wait for returns it at once, and the router answers in the same turn.
   */
  handle(ctx: RouteContext<P, Q, B>): Promise<NoInfer<R> | Reply | StreamReply> | NoInfer<R> | Reply | StreamReply;
}

/** What the router hands a route: the raw request parts, after authentication. */
export interface RawRequest {
  params: Record<string, string>;
  query: Record<string, string>;
  /** Parsed JSON body, or undefined when the route takes none. */
  body: unknown;
  principal: Principal;
  req: IncomingMessage;
  res: ServerResponse;
}

/** A route with its types closed over, as the router stores it. */
export interface Route {
  method: HttpMethod;
  path: string;
  public: boolean;
  takesBody: boolean;
  bodyLimit: number | undefined;
  /** What the OpenAPI document says of it. */
  operation: OperationDescription;
  /**
   * Validates the raw parts with the route's schemas, then runs its handler: its answer, or a
   * promise of it when the handler waits for something. A refusal may be thrown at once or come as
   * a rejection: callers await it inside their try.
   */
  run(raw: RawRequest): unknown;
}

/** Declares a route; the handler is typed by the schemas. */
export function defineRoute<P, Q, B, R>(definition: RouteDefinition<P, Q, B, R>): Route {
  const fieldCodes = definition.fieldCodes ?? {};
  const takesBody = !Object.is(definition.body, noBody);

  /** Validates the raw parts with the route's schemas and hands them to the handler. */
  function handleParsed(raw: RawRequest): unknown {
    // Routes without params or query ignore unknown ones: nothing to parse.
    const params = Object.is(definition.params, noParams) ? ({} as P) : parse(definition.params, raw.params, "", {});
    const query = Object.is(definition.query, noParams) ? ({} as Q) : parse(definition.query, raw.query, "", {});
    const bodyInput = definition.normaliseBody ? definition.normaliseBody(raw.body) : raw.body;
    // A route without a body is never given one (the router reads none).
    const body = takesBody ? parse(definition.body, bodyInput, "", fieldCodes) : (undefined as B);
    return definition.handle({ params, query, body, principal: raw.principal, req: raw.req, res: raw.res });
  }

  return {
    method: definition.method,
    path: definition.path,
    public: definition.public ?? false,
    takesBody,
    bodyLimit: definition.bodyLimit,
    operation: {
      method: definition.method,
      path: definition.path,
      wildcard: definition.wildcard,
      summary: definition.summary,
      public: definition.public ?? false,
      params: definition.params,
      query: definition.query,
      body: takesBody ? { types: ["application/json"], schema: definition.body } : definition.streamsBody,
      answers: withDatabaseUnavailable([definition.answer, ...(definition.otherAnswers ?? [])]),
    },
    run(raw) {
      if (definition.systemClientOnly && raw.principal.client !== 0) {
        throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", `'Client 0 only': ${definition.method} ${definition.path} acts on the system client only: Access denied`);
      }
      if (definition.disabled === undefined) return handleParsed(raw);
      return definition.disabled(raw.principal).then((reason) => {
        if (reason !== undefined) throw new DisabledResourceError(reason);
        return handleParsed(raw);
      });
    },
  };
}

function withDatabaseUnavailable(answers: readonly Answer[]): readonly Answer[] {
  return answers.some((answer) => answer.status === 503) ? answers : [...answers, DATABASE_UNAVAILABLE];
}

function parse<T, I>(schema: z.ZodType<T, I>, input: unknown, prefix: string, fieldCodes: Readonly<Record<string, number>>): T {
  const result = schema.safeParse(input);
  if (!result.success) throw validationErrorFromZod(result.error, input, prefix, fieldCodes);
  return result.data;
}
