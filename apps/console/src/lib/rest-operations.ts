import type { OperationAnswer, OperationBody, OperationName, OperationParams, OperationQuery } from "@baton/contract/routes";
import { NetworkError, buildUrl, requestJson, type Method, type Parser, type QueryValue } from "./api-client";

/** Where the BFF passes requests on to the REST interface: `/api` + an operation's path below the API base. */
export const REST_PREFIX = "/api";

type RouteTable = typeof import("@baton/contract/routes");

let routeTable: Promise<RouteTable> | undefined;

/**
 * The contract's route table, loaded once. It imports every schema of the contract (and zod), so
 * it comes as a chunk of its own rather than with the first page. Should the chunk not arrive,
 * the next call asks for it again.
 */
function loadRouteTable(): Promise<RouteTable> {
  routeTable ??= import("@baton/contract/routes").catch((cause: unknown) => {
    routeTable = undefined;
    // As for a request without an answer.
    throw new NetworkError("GET", "@baton/contract/routes", cause);
  });
  return routeTable;
}

/**
 * Starts loading the route table while the page starts, so that the first call's request does not
 * wait for it (a call builds its URL from the table before it can send).
 */
export function preloadRouteTable(): void {
  loadRouteTable().catch(() => undefined);
}

/** Query parameters of operation `N` by the names its query schema reads; values go into the URL as text. */
export type OperationQueryValues<N extends OperationName> = { readonly [K in keyof OperationQuery<N>]?: QueryValue };

/**
 * A body the console sends without a type to hold it to, for the server to check: an edited
 * definition as the editor parsed it, or the objects of a folder import, a body the server reads
 * as a stream (such operations have no body schema). The server's 400 says what is wrong with it.
 */
export class UncheckedBody {
  constructor(readonly value: unknown) {}
}

/** What a call of operation `N` sends. */
export interface OperationRequest<N extends OperationName> {
  /** The path parameters, e.g. `{ client_id: 100, run_id: 1001 }`; each is encoded as one path segment. */
  params: OperationParams<N>;
  query?: OperationQueryValues<N>;
  /** Sent as JSON. */
  body?: OperationBody<N> | UncheckedBody;
  /** Required by the BFF on every state-changing request. */
  csrfToken?: string;
  signal?: AbortSignal;
}

/** A call whose checked answer is read on into the console's own shape (e.g. variables as a sorted list). */
export interface ReadingOperationRequest<N extends OperationName, T> extends OperationRequest<N> {
  /** Reads the answer once the operation's schema has accepted it (alone for a file answer); its issues count as the answer's. */
  read: Parser<T>;
}

/** `first`, then `second` on what `first` made of the value. */
function andThen<A, T>(first: Parser<A>, second: Parser<T>): Parser<T> {
  return {
    safeParse(value: unknown) {
      const parsed = first.safeParse(value);
      return parsed.success ? second.safeParse(parsed.data) : parsed;
    },
  };
}

/**
 * How the answer of `name` is checked: by the operation's schema, then by `read` when given. A file
 * answer has no schema: only a `read` that knows the file (e.g. a folder export, which is JSON) can take it.
 */
function answerParser<A, T>(name: OperationName, schema: Parser<A> | undefined, read: Parser<T> | undefined): Parser<A | T> {
  if (schema === undefined) {
    if (read === undefined) throw new TypeError(`${name} answers a file: fetch operationUrl("${name}", ...), or read it with \`read\``);
    return read;
  }
  return read === undefined ? schema : andThen(schema, read);
}

/**
 * The URL through the BFF of a request of `name`, e.g. `/api/100/executions?max_results=50` for
 * getExecutions: for what the browser fetches itself (downloads, uploads with progress, answers
 * read whatever their status).
 */
export async function operationUrl<N extends OperationName>(name: N, params: OperationParams<N>, query?: OperationQueryValues<N>): Promise<string> {
  const { operations, operationPath } = await loadRouteTable();
  return buildUrl(REST_PREFIX + operationPath(operations[name], params), query);
}

/**
 * Calls the REST operation `name` (its operationId in the OpenAPI document) through the BFF: the
 * URL and method come from the contract's route table, and the answer is checked against the
 * operation's answer schema. Throws ApiError, NetworkError or ResponseShapeError as requestJson does.
 */
export async function callOperation<N extends OperationName>(name: N, request: OperationRequest<N>): Promise<OperationAnswer<N>>;
export async function callOperation<N extends OperationName, T>(name: N, request: ReadingOperationRequest<N, T>): Promise<T>;
export async function callOperation<N extends OperationName, T>(name: N, request: OperationRequest<N> & { read?: Parser<T> }): Promise<OperationAnswer<N> | T> {
  const { operations, operationPath } = await loadRouteTable();
  const operation = operations[name];
  const { params, query, body, csrfToken, signal, read } = request;
  const method: Method = operation.method;
  // The table types each answer schema by its operation; here `N` is any of them.
  const schema = operation.answer.content?.schema as Parser<OperationAnswer<N>> | undefined;
  return requestJson<OperationAnswer<N> | T>(REST_PREFIX + operationPath(operation, params), answerParser(name, schema, read), {
    method,
    query,
    body: body instanceof UncheckedBody ? body.value : body,
    csrfToken,
    signal,
  });
}
