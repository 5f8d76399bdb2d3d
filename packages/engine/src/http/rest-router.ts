import { maxHeaderSize, type IncomingMessage, type ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { randomUUID } from "node:crypto";
import { ErrorCode, type HttpMethod, type OutError, type OutValidationError } from "@baton/contract";
import FindMyWay, { type HTTPVersion } from "find-my-way";
import type { Logger } from "pino";
import type { Authenticator, Principal } from "../auth/authenticator";
import { parseBasicAuthorization } from "../auth/basic-credentials";
import { ForbiddenError, TooManyRequestsError, UnauthorizedError } from "../domain/errors";
import { errorResponse } from "./error-response";
import { BodyAbortedError, DEFAULT_BODY_LIMIT, parseJsonBody, readBody } from "./request-body";
import { fromOwnOrigin } from "./request-origin";
import { Reply, StreamReply, type Route } from "./route";
import type { SourceAddresses } from "./source-address";

/** Base path of the REST interface. */
export const API_BASE = "/ae/api/v1";

const METHODS: readonly HttpMethod[] = ["GET", "POST", "PUT", "DELETE", "PATCH"];
/** What a 503 of a busy or full database asks clients to wait before they retry. */
const RETRY_AFTER_SECONDS = "5";
/** The status counted for a request whose client left mid-body (nginx's "client closed request"); nothing is written. */
const CLIENT_CLOSED_REQUEST = 499;
/** What is written when even an error body cannot be serialized. */
const INTERNAL_ERROR_JSON = JSON.stringify({ code: ErrorCode.INTERNAL, error: "Internal error.", details: "The request failed inside the engine; the engine log has the details." } satisfies OutError);
const ANONYMOUS: Principal = { client: 0, userName: "", user: "", department: "", rights: { privileges: new Set(), authorizations: [] } };

export interface RestRouterDeps {
  authenticator: Authenticator;
  /** Where each request comes from, for the login throttle. */
  addresses: SourceAddresses;
  logger: Logger;
  /** Told of every answered request: its route pattern, method, status and duration. */
  onAnswered?: (route: string, method: string, status: number, seconds: number) => void;
}

/**
 * The /ae/api/v1 router on plain node:http: route matching (find-my-way), authentication,
 * body reading, validation through each route's schemas and one place that writes errors.
 */
export function createRestRouter(routes: readonly Route[], deps: RestRouterDeps): (req: IncomingMessage, res: ServerResponse) => void {
  const router = FindMyWay<HTTPVersion.V1>({ ignoreTrailingSlash: true, caseSensitive: true, maxParamLength: 1000 });
  for (const route of routes) {
    router.on(route.method, `${API_BASE}${route.path}`, (req, res, params) => {
      // handle answers every error it catches; this is the last guard, so that no request's failure
      // becomes an unhandled rejection (which ends a Node process).
      handle(route, req, res, stringParams(params), deps).catch((error: unknown) => lastResort(error, res, deps.logger));
    });
  }
  return (req, res) => {
    const method = req.method ?? "GET";
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const path = queryAt < 0 ? url : url.slice(0, queryAt);
    // HEAD is GET without the body, wherever GET is answered (RFC 9110 9.3.2): the same route runs,
    // with the same status and headers, and node:http writes no body for a HEAD request.
    const routed = method === "HEAD" ? "GET" : method;
    const found = isHttpMethod(routed) ? router.find(routed, path) : null;
    if (found !== null) {
      void found.handler(req, res, found.params, found.store, found.searchParams);
      return;
    }
    const allowed = METHODS.filter((m) => router.find(m, path) !== null).flatMap((m) => (m === "GET" ? ["GET", "HEAD"] : [m]));
    if (allowed.length > 0) {
      res.setHeader("Allow", allowed.join(", "));
      writeJson(res, 405, { code: ErrorCode.METHOD_NOT_ALLOWED, error: "Method not allowed.", details: `${method} is not allowed on ${path}; use ${allowed.join(", ")}.` } satisfies OutError);
      return;
    }
    writeJson(res, 404, { code: ErrorCode.NOT_FOUND, error: "Resource not found.", details: `There is no resource at ${path}.` } satisfies OutError);
  };
}

/** What node:http refuses before any route runs, by its parser's error code: status, reason, OutError. */
const CLIENT_ERRORS: Readonly<Record<string, readonly [number, string, OutError]>> = {
  HPE_HEADER_OVERFLOW: [431, "Request Header Fields Too Large", { code: ErrorCode.HEADERS_TOO_LARGE, error: "Request header fields too large.", details: `The request's header fields are larger than the server reads (${maxHeaderSize} bytes); send fewer or shorter headers.` }],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, "Payload Too Large", { code: ErrorCode.PAYLOAD_TOO_LARGE, error: "Request body too large.", details: "The chunk extensions of the request body are larger than the server reads." }],
  ERR_HTTP_REQUEST_TIMEOUT: [408, "Request Timeout", { code: ErrorCode.REQUEST_TIMEOUT, error: "Request timeout.", details: "The request did not arrive whole in time." }],
};
const MALFORMED_REQUEST: readonly [number, string, OutError] = [400, "Bad Request", { code: ErrorCode.MALFORMED_BODY, error: "Malformed request.", details: "The request is not valid HTTP/1.1." }];

/**
 * The answer to a request node:http refuses before it reaches a route (its "clientError": header
 * fields too large, malformed HTTP, a timeout): the same status node would send, with an OutError
 * body like every other refusal. Without this, node answers those with no body at all.
 */
export function answerClientError(error: Error, socket: Duplex): void {
  const code = "code" in error && typeof error.code === "string" ? error.code : "";
  if (code === "ECONNRESET" || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, reason, body] = CLIENT_ERRORS[code] ?? MALFORMED_REQUEST;
  const payload = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(payload)}\r\n` +
      `Cache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\n${payload}`,
  );
}

function crossOriginError(): ForbiddenError {
  const details = "A page of another site may not change anything through the REST API. Programs send no Origin header; send it only with this server's own origin.";
  return new ForbiddenError(ErrorCode.FORBIDDEN, "Cross-origin request refused.", details);
}

async function handle(route: Route, req: IncomingMessage, res: ServerResponse, params: Record<string, string>, deps: RestRouterDeps): Promise<void> {
  const started = performance.now();
  // Made only when something is logged: the error and the request line of one request share it.
  let requestId: string | undefined;
  let principal = ANONYMOUS;
  let status = 500;
  try {
    if (route.changesState && req.method === "HEAD") {
      // A GET that changes something (issuing an agent's key) cannot be answered without its body: the change would be made and lost.
      status = 405;
      res.setHeader("Allow", "GET");
      writeJson(res, 405, { code: ErrorCode.METHOD_NOT_ALLOWED, error: "Method not allowed.", details: `HEAD would change what GET changes and drop its answer; use GET.` } satisfies OutError);
      return;
    }
    if (route.changesState && !fromOwnOrigin(req.headers)) throw crossOriginError();
    if (!route.public) principal = await authenticate(req, params, deps.authenticator, deps.addresses);
    const body = route.takesBody ? parseJsonBody(await readBody(req, route.bodyLimit ?? DEFAULT_BODY_LIMIT)) : undefined;
    const url = req.url ?? "/";
    const queryAt = url.indexOf("?");
    const query = queryAt < 0 ? {} : Object.fromEntries(mergeRepeated(new URLSearchParams(url.slice(queryAt + 1))));
    const ran = route.run({ params, query, body, principal, req, res });
    const result = ran instanceof Promise ? await ran : ran;
    if (result instanceof StreamReply) {
      status = 200;
      await writeStream(res, result, req.method);
    } else if (result instanceof Reply) {
      status = result.status;
      for (const [name, value] of Object.entries(result.headers)) res.setHeader(name, value);
      // Every answer has a body: clients parse each one as JSON, so nothing to report is `{}`.
      if (result.contentType === "application/json") writeJson(res, result.status, result.body ?? {});
      else writeRaw(res, result.status, result.contentType, result.body ?? "");
    } else if (result === undefined) {
      status = 200;
      writeJson(res, 200, {});
    } else {
      status = 200;
      writeJson(res, 200, result);
    }
  } catch (error) {
    if (error instanceof BodyAbortedError) {
      status = CLIENT_CLOSED_REQUEST;
      deps.logger.debug({ requestId: (requestId ??= randomUUID()), path: req.url?.split("?")[0] }, "request body aborted by the client");
      res.destroy();
      return;
    }
    const response = errorResponse(error);
    status = response.status;
    if (status === 500) deps.logger.error({ err: error, requestId: (requestId ??= randomUUID()) }, "request failed");
    if (status === 503) {
      deps.logger.warn({ err: error, requestId: (requestId ??= randomUUID()) }, "request refused: the database is busy or full");
      res.setHeader("Retry-After", RETRY_AFTER_SECONDS);
    }
    if (status === 401) res.setHeader("WWW-Authenticate", 'Basic realm="Baton", charset="ISO-8859-1"');
    if (error instanceof TooManyRequestsError) res.setHeader("Retry-After", String(error.retryAfterSeconds));
    if (!res.headersSent) writeError(res, response.status, response.body);
    else res.destroy();
  } finally {
    const ms = performance.now() - started;
    deps.onAnswered?.(route.path, route.method, status, ms / 1000);
    if (deps.logger.isLevelEnabled("info")) {
      deps.logger.info({ requestId: (requestId ??= randomUUID()), method: req.method, path: req.url?.split("?")[0], status, ms: Math.round(ms * 10) / 10, client: principal.client, user: principal.userName || undefined }, "request");
    }
  }
}

async function authenticate(req: IncomingMessage, params: Record<string, string>, authenticator: Authenticator, addresses: SourceAddresses): Promise<Principal> {
  const credentials = parseBasicAuthorization(req.headers.authorization);
  if (credentials === null) {
    throw new UnauthorizedError(ErrorCode.UNAUTHORIZED, "Login data not valid.", "Send HTTP Basic login data: USER:PASS, USER/DEPARTMENT:PASS or CLIENT/USER/DEPARTMENT:PASS.");
  }
  const client = Number(params["client_id"]);
  if (!Number.isInteger(client) || client < 0 || client > 9999) {
    throw new UnauthorizedError(ErrorCode.UNAUTHORIZED, "Login data not valid.", `'${params["client_id"] ?? ""}' is not a client number (0 to 9999).`);
  }
  return authenticator.authenticate(credentials, client, addresses.of(req));
}

function isHttpMethod(method: string): method is HttpMethod {
  return METHODS.some((m) => m === method);
}

/** find-my-way hands decoded params as `string | undefined`; routes see strings. */
function stringParams(params: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(params)) if (value !== undefined) out[key] = value;
  return out;
}

/** Repeated query parameters (`type=JOBS&type=JOBP`) join with commas, like the spec's array values. */
function mergeRepeated(params: URLSearchParams): Map<string, string> {
  const merged = new Map<string, string>();
  for (const [key, value] of params) merged.set(key, merged.has(key) ? `${merged.get(key)},${value}` : value);
  return merged;
}

/** The last guard of a request: logs what escaped the router's own handling and ends the answer. */
function lastResort(error: unknown, res: ServerResponse, logger: Logger): void {
  logger.error({ err: error, requestId: randomUUID() }, "request failed outside the error writer");
  if (res.headersSent) res.destroy();
  else writeRaw(res, 500, "application/json", INTERNAL_ERROR_JSON);
}

/**
 * Writes an error answer, and never throws: a body that cannot be serialized (a refused value that
 * nests too deep, a cycle, a BigInt) is written with the refused values left out, or as a plain 500.
 */
function writeError(res: ServerResponse, status: number, body: OutError | OutValidationError[]): void {
  let text: string;
  try {
    text = JSON.stringify(body);
  } catch {
    try {
      text = Array.isArray(body) ? JSON.stringify(body.map((issue) => ({ ...issue, invalid_value: null }))) : INTERNAL_ERROR_JSON;
    } catch {
      text = INTERNAL_ERROR_JSON;
      status = 500;
    }
  }
  writeRaw(res, status, "application/json", text);
}

/** Serializes before anything is written, so a body that cannot be serialized throws while an error can still be answered. */
function writeJson(res: ServerResponse, status: number, body: unknown): void {
  writeRaw(res, status, "application/json", JSON.stringify(body));
}

/**
 * Writes a whole answer. Text goes to node:http as a string, which sends it in one write with the
 * header; a Buffer would first be copied from the string, then written beside the header.
 */
function writeRaw(res: ServerResponse, status: number, contentType: string, body: unknown): void {
  const payload = Buffer.isBuffer(body) ? body : typeof body === "string" ? body : JSON.stringify(body);
  const length = typeof payload === "string" ? Buffer.byteLength(payload) : payload.length;
  res.writeHead(status, { "Content-Type": contentType, "Content-Length": length, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  res.end(payload);
}

/** Writes a streamed answer with backpressure; stops reading it when the client has gone. */
async function writeStream(res: ServerResponse, reply: StreamReply, method: string | undefined): Promise<void> {
  res.writeHead(200, { ...reply.headers, "Content-Type": reply.contentType, "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" });
  if (method === "HEAD") {
    // The headers are all a HEAD gets: the body is not produced, and what it holds open is let go.
    await reply.chunks[Symbol.asyncIterator]().return?.();
    res.end();
    return;
  }
  for await (const chunk of reply.chunks) {
    if (res.destroyed) return;
    if (!res.write(chunk)) await drained(res);
  }
  res.end();
}

function drained(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      res.off("drain", done);
      res.off("close", done);
      resolve();
    };
    res.on("drain", done);
    res.on("close", done);
  });
}
