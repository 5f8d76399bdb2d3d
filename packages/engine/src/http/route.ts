import type { IncomingMessage, ServerResponse } from "node:http";
import type { z } from "zod";
import type { Principal } from "../auth/authenticator";
import { ErrorCode, noParams, takesJsonBody, type HttpMethod, type Operation, type ParamsSchema } from "@baton/contract";
import { DisabledResourceError, ForbiddenError, ValidationError } from "../domain/errors";
import { validationErrorFromZod } from "./error-response";

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

/** What the engine adds to an operation of the contract's table: its handler, and when it is disabled. */
export interface RouteBinding<P, Q, B, R> {
  /** Why the resource is disabled for this client right now (404 with RESOURCE_DISABLED), or undefined. */
  disabled?: (principal: Principal) => Promise<string | undefined>;
  /** A GET that changes something (the interface has such): refused from a page of another site as every change is. */
  changesState?: true;
  /**
   * Returns the JSON body of the answer (nothing: the router answers `{}`), a Reply or a StreamReply; a
   * handler with nothing to wait for returns it at once, and the router answers in the same turn.
   * An operation that streams its body (`streamsBody`) reads it from `req` itself, within its `bodyLimit`.
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

/** An operation of the table with its handler bound, as the router stores it. */
export interface Route {
  /** The operation of the contract's table this route serves. */
  operation: Operation;
  method: HttpMethod;
  path: string;
  public: boolean;
  takesBody: boolean;
  bodyLimit: number | undefined;
  /** Every method but GET, HEAD and OPTIONS, and a GET bound with `changesState`. */
  changesState: boolean;
  /**
   * Validates the raw parts with the operation's schemas, then runs its handler: its answer, or a
   * promise of it when the handler waits for something. A refusal may be thrown at once or come as
   * a rejection: callers await it inside their try.
   */
  run(raw: RawRequest): unknown;
}

/** Methods that change nothing (RFC 9110 9.2.1). */
const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/** Binds a handler to an operation of the contract's table; the handler is typed by the operation's schemas. */
export function bindRoute<P extends ParamsSchema, Q extends ParamsSchema, B extends z.ZodType, R>(
  operation: Operation<P, Q, B, R>,
  binding: RouteBinding<z.output<P>, z.output<Q>, z.output<B>, R>,
): Route {
  const fieldCodes = operation.fieldCodes ?? {};
  const takesBody = takesJsonBody(operation);

  /** Validates the raw parts with the operation's schemas and hands them to the handler. */
  function handleParsed(raw: RawRequest): unknown {
    // Operations without params or query ignore unknown ones: nothing to parse.
    const params = Object.is(operation.params, noParams) ? ({} as z.output<P>) : parseParams(operation, raw.params);
    const query = Object.is(operation.query, noParams) ? ({} as z.output<Q>) : parse(operation.query, raw.query, {});
    // An operation without a body is never given one (the router reads none).
    const body = takesBody ? parse(operation.body, raw.body, fieldCodes) : (undefined as z.output<B>);
    return binding.handle({ params, query, body, principal: raw.principal, req: raw.req, res: raw.res });
  }

  return {
    operation,
    method: operation.method,
    path: operation.path,
    public: operation.public ?? false,
    takesBody,
    bodyLimit: operation.bodyLimit,
    changesState: binding.changesState ?? !SAFE_METHODS.has(operation.method),
    run(raw) {
      if (operation.systemClientOnly && raw.principal.client !== 0) {
        throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", `'Client 0 only': ${operation.method} ${operation.path} acts on the system client only: Access denied`);
      }
      const { disabled } = binding;
      if (disabled === undefined) return handleParsed(raw);
      return disabled(raw.principal).then((reason) => {
        if (reason !== undefined) throw new DisabledResourceError(reason);
        return handleParsed(raw);
      });
    },
  };
}

/** The path's params; an issue of a wildcard's value names it as the operation does (`folder_path`), not `*`. */
function parseParams<P extends ParamsSchema>(operation: Operation<P, ParamsSchema, z.ZodType, unknown>, input: unknown): z.output<P> {
  try {
    return parse(operation.params, input, {});
  } catch (error) {
    const { wildcard } = operation;
    if (!(error instanceof ValidationError) || wildcard === undefined) throw error;
    throw new ValidationError(error.issues.map((issue) => (issue.path === "*" ? { ...issue, path: wildcard } : issue)));
  }
}

function parse<S extends z.ZodType>(schema: S, input: unknown, fieldCodes: Readonly<Record<string, number>>): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw validationErrorFromZod(result.error, input, "", fieldCodes);
  return result.data;
}
