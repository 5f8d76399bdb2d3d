import { Agent, request } from "node:http";
import { text } from "node:stream/consumers";
import { BENCH_AUTHORIZATION } from "./servers";

/** The client every bench works in. */
export const BENCH_CLIENT = 100;

/** Connections kept open to one server: more than any bench has requests in flight. */
const MAX_SOCKETS = 64;
/** Longest a socket may stay idle, unless the server's Keep-Alive hint asks for less. */
const IDLE_SOCKET_MS = 60_000;

/** Calls to the REST API of an engine served at `url` (see withEngine), logged in as its administrator. */
export interface RestClient {
  /** POSTs `body` as JSON to `/ae/api/v1/100${path}` and returns the parsed answer; throws on any status but 200 and 201. */
  post<T = unknown>(path: string, body: unknown): Promise<T>;
  /** GETs `/ae/api/v1/100${path}` and returns the parsed answer; throws on any status but 200. */
  get<T = unknown>(path: string): Promise<T>;
}

/**
 * A client on node:http with kept-alive connections. The benches' client must not be what limits
 * them: with 32 POSTs in flight, `fetch` answered about 3,000 requests/s from a server that did
 * nothing, node:http about 15,000.
 */
export function restClient(url: string): RestClient {
  const { hostname, port } = new URL(url);
  // With no timeout of its own, Node's agent ignores the server's Keep-Alive hint and keeps idle
  // sockets for ever, so one reused just as the server closes it (after 5 s idle) fails with
  // ECONNRESET; with one, it drops them a second before the hint runs out.
  const agent = new Agent({ keepAlive: true, maxSockets: MAX_SOCKETS, timeout: IDLE_SOCKET_MS });
  const call = <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string | number> = { authorization: BENCH_AUTHORIZATION };
    if (payload !== undefined) Object.assign(headers, { "content-type": "application/json", "content-length": payload.length });
    return new Promise<T>((resolve, reject) => {
      const req = request({ hostname, port, method, path: `/ae/api/v1/${BENCH_CLIENT}${path}`, agent, headers }, (response) => {
        text(response).then((answer) => {
          if (response.statusCode !== 200 && response.statusCode !== 201) reject(new Error(`${method} ${path}: ${response.statusCode} ${answer}`));
          else resolve((answer === "" ? undefined : JSON.parse(answer)) as T);
        }, reject);
      });
      // Which server and request, which the socket's own error does not say.
      req.on("error", (error) => reject(new Error(`${method} ${url}${path}: ${error.message}`, { cause: error })));
      req.end(payload);
    });
  };
  return { post: (path, body) => call("POST", path, body), get: (path) => call("GET", path) };
}
