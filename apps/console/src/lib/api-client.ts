import { CSRF_HEADER, ErrorCode } from "@baton/contract";

/**
 * What the client needs of a schema: zod's `safeParse`. Contract schemas fit it as they are,
 * so responses are checked against the contract without the console depending on zod itself.
 */
export interface Parser<T> {
  safeParse(value: unknown):
    | { success: true; data: T }
    | { success: false; error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }> } };
}

type FirstPageSchemas = typeof import("./first-page-schemas");

/**
 * One of the schemas of first-page-schemas.ts, loaded on first use. The first page's modules pass
 * it to requestJson as it is (`requestJson(url, loadSchema("OutSession"))`): the schemas, and zod
 * with them, load while the request is under way instead of with the page. Screens loaded on
 * demand pass the contract's schema itself.
 */
export async function loadSchema<K extends keyof FirstPageSchemas>(name: K): Promise<FirstPageSchemas[K]> {
  const schemas = await import("./first-page-schemas");
  return schemas[name];
}

/** A parser for a JSON array whose items follow `item` (the contract exports item schemas only). */
export function arrayOf<T>(item: Parser<T>): Parser<T[]> {
  return {
    safeParse(value: unknown) {
      if (!Array.isArray(value)) {
        return { success: false, error: { issues: [{ path: [], message: "expected an array" }] } };
      }
      const items: T[] = [];
      for (const [index, entry] of value.entries()) {
        const parsed = item.safeParse(entry);
        if (!parsed.success) {
          const issues = parsed.error.issues.map((issue) => ({ ...issue, path: [index, ...issue.path] }));
          return { success: false, error: { issues } };
        }
        items.push(parsed.data);
      }
      return { success: true, data: items };
    },
  };
}

/** One thing the server said was wrong: OutError (`details`) or OutValidationError (`path`). */
export interface ApiProblem {
  code: number | null;
  message: string;
  details: string | null;
  path: string | null;
  /** Where in a submitted text (a script) the problem is, 1-based, when the server says so. */
  line?: number;
  column?: number;
}

/** The server answered with a 4xx/5xx status. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly problems: readonly ApiProblem[],
    readonly method: string,
    readonly url: string,
  ) {
    super(problems[0]?.message ?? `HTTP ${status}`);
  }

  /** True when the first problem carries one of these application error codes. */
  hasCode(...codes: number[]): boolean {
    return this.problems.some((p) => p.code !== null && codes.includes(p.code));
  }
}

/** The request never got an answer (server down, network gone). */
export class NetworkError extends Error {
  override readonly name = "NetworkError";
  constructor(
    readonly method: string,
    readonly url: string,
    cause: unknown,
  ) {
    super(`No answer from the server for ${method} ${url}`, { cause });
  }
}

/** The server answered 2xx with a body that does not follow the contract. */
export class ResponseShapeError extends Error {
  override readonly name = "ResponseShapeError";
  constructor(
    readonly method: string,
    readonly url: string,
    readonly issues: readonly string[],
  ) {
    super(`Unexpected answer from ${method} ${url}: ${issues.join("; ")}`);
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

/**
 * A refusal because the request conflicts with the current state (the object exists, the agent is
 * connected, the repository is merging): the interface has no 409, so it is a 400 whose code says so.
 */
export function isConflict(error: unknown): boolean {
  return isApiError(error, 400) && error.hasCode(ErrorCode.CONFLICT, ErrorCode.OBJECT_EXISTS);
}

export type Method = "GET" | "HEAD" | "POST" | "PUT" | "DELETE" | "PATCH";
export type QueryValue = string | number | boolean | undefined | null;

export interface RequestOptions {
  method?: Method;
  query?: Readonly<Record<string, QueryValue>>;
  /** Sent as JSON. */
  body?: unknown;
  /** Required by the BFF on every state-changing request. */
  csrfToken?: string;
  signal?: AbortSignal;
}

/** `/api/100/executions` + `{max_results: 50}` → `/api/100/executions?max_results=50`. */
export function buildUrl(path: string, query?: Readonly<Record<string, QueryValue>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== "") params.set(key, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function send(path: string, options: RequestOptions): Promise<{ response: Response; url: string; method: Method }> {
  const method = options.method ?? "GET";
  const url = buildUrl(path, options.query);
  const headers: Record<string, string> = { accept: "application/json" };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  if (options.csrfToken !== undefined) headers[CSRF_HEADER] = options.csrfToken;
  let response: Response;
  try {
    response = await fetch(url, {
      method,
      headers,
      credentials: "same-origin",
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === "AbortError") throw cause;
    throw new NetworkError(method, url, cause);
  }
  if (!response.ok) throw new ApiError(response.status, await readProblems(response), method, url);
  return { response, url, method };
}

function parseJson(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value;
  } catch {
    return undefined;
  }
}

/**
 * What an error body (OutError, OutValidationError[]) states. The schemas are loaded here, on the
 * error path, rather than with the first page.
 */
async function statedProblems(body: unknown): Promise<ApiProblem[]> {
  const { OutError, OutValidationError } = await import("./first-page-schemas");
  const entries: unknown[] = Array.isArray(body) ? body : [body];
  const problems: ApiProblem[] = [];
  for (const entry of entries) {
    const validation = OutValidationError.safeParse(entry);
    if (validation.success) {
      const { code, error, path, line, column } = validation.data;
      problems.push({ code, message: error, details: null, path: path || null, ...(line !== undefined && { line, column }) });
      continue;
    }
    const outError = OutError.safeParse(entry);
    if (outError.success) {
      const { code, error, details } = outError.data;
      problems.push({ code, message: error, details: details || null, path: null });
    }
  }
  return problems;
}

/** Turns an error body (OutError, OutValidationError[], or anything else) into problems. */
export async function readProblems(response: Response): Promise<ApiProblem[]> {
  const text = await response.text().catch(() => "");
  // Should the schemas not load, the status still says what happened (a 401 still means "log in").
  const problems = await statedProblems(parseJson(text)).catch((): ApiProblem[] => []);
  if (problems.length === 0) {
    const snippet = text.trim().slice(0, 300);
    problems.push({
      code: null,
      message: `${response.status} ${response.statusText || "error"}`.trim(),
      details: snippet && !snippet.startsWith("<") ? snippet : null,
      path: null,
    });
  }
  return problems;
}

/**
 * Sends a request and checks the JSON answer against `parser` (a schema, or one on its way: see
 * loadSchema). Throws ApiError, NetworkError or ResponseShapeError.
 */
export async function requestJson<T>(path: string, parser: Parser<T> | PromiseLike<Parser<T>>, options: RequestOptions = {}): Promise<T> {
  const [sent, loaded] = await Promise.allSettled([send(path, options), parser]);
  if (sent.status === "rejected") throw sent.reason;
  const { response, url, method } = sent.value;
  // The schema's module did not arrive: as for a request without an answer.
  if (loaded.status === "rejected") throw new NetworkError(method, url, loaded.reason);
  const text = await response.text();
  const parsed = loaded.value.safeParse(text === "" ? undefined : parseJson(text));
  if (!parsed.success) {
    const issues = parsed.error.issues
      .slice(0, 5)
      .map((issue) => `${issue.path.map(String).join(".") || "body"}: ${issue.message}`);
    throw new ResponseShapeError(method, url, issues);
  }
  return parsed.data;
}

/** Sends a request whose successful answer carries no data we use (200 empty, 204). */
export async function requestNoContent(path: string, options: RequestOptions = {}): Promise<void> {
  const { response } = await send(path, options);
  await response.body?.cancel();
}
