import { ADMIN, basic, type TestBaton } from "../test-baton";

/** One request of the tour and the answer it got, as sent and received. */
export interface Exchange {
  /** The document's operation: method and path template, e.g. `GET /{client_id}/executions/{run_id}`. */
  operation: string;
  /** What the request shows, e.g. "A run that does not exist". */
  title: string;
  method: string;
  /** Below the API base, encoded, with the query. */
  path: string;
  /** The login, when it is not the administrator's (`USER/DEPT`, or a note such as "a wrong password"). */
  user?: string;
  /** Sent without a login. */
  anonymous?: true;
  /** Headers the request sends besides the login and the content type. */
  headers?: Record<string, string>;
  request?: { type: string; text: string };
  status: number;
  response: { type: string | null; text: string; bytes: number };
}

/** What one call of the tour sends besides the operation. */
export interface TourRequest {
  title: string;
  /** Values of the path parameters; `client_id` is 100 unless given. Each is URL-encoded. */
  params?: Record<string, string | number>;
  query?: Record<string, string | number | boolean>;
  /** A JSON body. */
  json?: unknown;
  /** Any other body, with its media type and how the examples show it. */
  body?: { type: string; data: Buffer | string; shown: string };
  headers?: Record<string, string>;
  /** Another login than the administrator's: the Basic user-pass and how the examples name it. */
  login?: { userPass: string; shown: string };
  /** Send no login at all (the public operations). */
  anonymous?: true;
}

/** A user of client 100 without privileges or rights, imported by the tour for its 403 answers. */
export const PLAIN_USER = { name: "TOUR.PLAIN/OPS", password: "Plain-pass1" };
/** The login of PLAIN_USER. */
export const PLAIN_LOGIN = { userPass: `${PLAIN_USER.name}:${PLAIN_USER.password}`, shown: PLAIN_USER.name };
/** The administrator with a wrong password, for a 401 answer. */
export const WRONG_LOGIN = { userPass: "ADMIN/ADMIN:wrong", shown: "ADMIN/ADMIN with a wrong password" };

/**
 * Calls operations of a running Baton with the administrator's login (or another) and records every
 * exchange. A call whose status is not the expected one throws: the tour is a scenario, and a
 * different answer means a step no longer does what it shows.
 */
export class ApiTour {
  readonly exchanges: Exchange[] = [];
  /** Values of this run (ports, temporary paths, generated names) and what the examples show instead. */
  readonly replacements: Array<[string, string]> = [];

  constructor(readonly test: TestBaton) {
    this.show(test.baton.url, "http://baton.example:8080");
  }

  /** Makes the examples show `shown` wherever this run's `actual` appears. */
  show(actual: string, shown: string): void {
    this.replacements.push([actual, shown]);
  }

  /** Sends `request` to `operation` (`METHOD /template`), expects `status` and returns the answer's JSON (undefined without one). */
  async call(operation: string, request: TourRequest, status = 200): Promise<unknown> {
    const [method = "GET", template = "/"] = operation.split(" ");
    const path = `${fillTemplate(template, request.params ?? {})}${queryString(request.query)}`;
    const sent = request.json !== undefined ? { type: "application/json", data: JSON.stringify(request.json), shown: JSON.stringify(request.json) } : request.body;
    const headers: Record<string, string> = { ...(sent && { "content-type": sent.type }), ...request.headers };
    if (!request.anonymous) headers["authorization"] = request.login === undefined ? ADMIN : basic(request.login.userPass);
    const response = await fetch(`${this.test.baton.restUrl}${path}`, { method, headers, ...(sent && { body: sent.data }) });
    const bytes = Buffer.from(await response.arrayBuffer());
    const type = response.headers.get("content-type");
    const text = isText(type, bytes) ? bytes.toString("utf8") : "";
    this.exchanges.push({
      operation,
      title: request.title,
      method,
      path,
      ...(request.login && { user: request.login.shown }),
      ...(request.anonymous && { anonymous: true }),
      ...(request.headers && { headers: request.headers }),
      ...(sent && { request: { type: sent.type, text: sent.shown } }),
      status: response.status,
      response: { type, text, bytes: bytes.length },
    });
    if (response.status !== status) throw new Error(`${operation} (${request.title}): expected ${status}, got ${response.status} ${text.slice(0, 500)}`);
    return text !== "" && type?.startsWith("application/json") ? (JSON.parse(text) as unknown) : undefined;
  }
}

/** `/{client_id}/executions/{run_id}` with `{ run_id: 7 }` → `/100/executions/7`. */
function fillTemplate(template: string, params: Record<string, string | number>): string {
  return template.replace(/\{([a-z_]+)\}/g, (_, name: string) => {
    const value = params[name] ?? (name === "client_id" ? 100 : undefined);
    if (value === undefined) throw new Error(`no value for {${name}} of ${template}`);
    return encodeURIComponent(String(value));
  });
}

function queryString(query: TourRequest["query"]): string {
  if (query === undefined) return "";
  return `?${new URLSearchParams(Object.entries(query).map(([key, value]): [string, string] => [key, String(value)])).toString()}`;
}

/** JSON and text answers are kept as text; binary ones (zip files) by their size only. */
function isText(type: string | null, bytes: Buffer): boolean {
  if (type === null || type.startsWith("application/json") || type.startsWith("text/")) return true;
  try {
    JSON.parse(bytes.toString("utf8"));
    return true;
  } catch {
    return false;
  }
}
