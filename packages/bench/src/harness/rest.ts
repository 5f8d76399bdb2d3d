import { BENCH_AUTHORIZATION } from "./servers";

/** The client every bench works in. */
export const BENCH_CLIENT = 100;

/** Calls to the REST API of an engine served at `url` (see withEngine), logged in as its administrator. */
export interface RestClient {
  /** POSTs `body` as JSON to `/ae/api/v1/100${path}` and returns the parsed answer; throws on any status but 200 and 201. */
  post<T = unknown>(path: string, body: unknown): Promise<T>;
  /** GETs `/ae/api/v1/100${path}` and returns the parsed answer; throws on any status but 200. */
  get<T = unknown>(path: string): Promise<T>;
}

export function restClient(url: string): RestClient {
  const base = `${url}/ae/api/v1/${BENCH_CLIENT}`;
  const headers = { authorization: BENCH_AUTHORIZATION, "content-type": "application/json" };
  const call = async <T>(method: string, path: string, body?: unknown): Promise<T> => {
    const response = await fetch(`${base}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    const text = await response.text();
    if (response.status !== 200 && response.status !== 201) throw new Error(`${method} ${path}: ${response.status} ${text}`);
    return (text === "" ? undefined : JSON.parse(text)) as T;
  };
  return { post: (path, body) => call("POST", path, body), get: (path) => call("GET", path) };
}
