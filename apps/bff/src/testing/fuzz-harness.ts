import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { OutError, OutValidationError } from "@baton/contract";
import type { Store } from "@baton/engine";
import { z } from "zod";
import type { JsonSchema } from "./client-spellings";
import { jsonText } from "./schema-arbitraries";
import { basic, json, type TestBaton } from "./test-baton";

/** One operation of the OpenAPI document, as the fuzz tests read it. */
export interface DocumentOperation {
  /** `POST /{client_id}/executions`. */
  key: string;
  method: string;
  path: string;
  /** JSON pointer of the operation in the document (`openapi.json#/paths/...`), for Ajv. */
  pointer: string;
  parameters: Array<{ name: string; in: "path" | "query"; required: boolean; schema: unknown }>;
  /** The schema of a JSON body, when the operation takes one. */
  body: unknown;
  bodyRequired: boolean;
}

/** Operations whose success would reach outside the test (a Git clone of any URL) or end it (deleting client 100). */
export const LEFT_OUT = new Set(["POST /{client_id}/repositories", "DELETE /{client_id}/system/clients/{target_client}"]);

/** The key of the body among a request's values: a parameter name never has a space. */
export const BODY = "request body";

/** A request's values: its parameters by name and the body under BODY; undefined leaves one out. */
export type RequestValues = Record<string, unknown>;

const Parameter = z.looseObject({ name: z.string(), in: z.enum(["path", "query", "header", "cookie"]), required: z.boolean().optional(), schema: z.unknown() });
const Operation = z.looseObject({
  parameters: z.array(Parameter).optional(),
  requestBody: z.looseObject({ required: z.boolean().optional(), content: z.record(z.string(), z.looseObject({ schema: z.unknown().optional() })) }).optional(),
});
const Paths = z.record(z.string(), z.record(z.string(), Operation));

const pointerSegment = (segment: string) => segment.replace(/~/g, "~0").replace(/\//g, "~1");

/** Every operation of the served document. */
export function documentOperations(document: JsonSchema): DocumentOperation[] {
  return Object.entries(Paths.parse(document.paths)).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({
      key: `${method.toUpperCase()} ${path}`,
      method: method.toUpperCase(),
      path,
      pointer: `openapi.json#/paths/${pointerSegment(path)}/${method}`,
      parameters: (operation.parameters ?? []).flatMap((p) => (p.in === "path" || p.in === "query" ? [{ name: p.name, in: p.in, required: p.required === true, schema: p.schema }] : [])),
      body: operation.requestBody?.content["application/json"]?.schema,
      bodyRequired: operation.requestBody?.required === true,
    })),
  );
}

/** The operations a fuzz test sends requests to. */
export async function fuzzedOperations(test: TestBaton): Promise<DocumentOperation[]> {
  const document = (await (await fetch(`${test.baton.restUrl}/openapi.json`)).json()) as JsonSchema;
  return documentOperations(document).filter((operation) => !LEFT_OUT.has(operation.key));
}

/** A parameter value as text: strings as they are (lone surrogates made whole), anything else as JSON. */
function asText(value: unknown): string {
  return (typeof value === "string" ? value : JSON.stringify(value)).replace(/\p{Surrogate}/gu, "\uFFFD");
}

/**
 * The URL and fetch options of one request; a path parameter left out is an empty segment. The body
 * may hold JsonText (schema-arbitraries.ts), sent as written.
 */
export function buildRequest(operation: DocumentOperation, values: RequestValues, authorization?: string): { url: string; init: RequestInit; description: string } {
  let url = operation.path;
  const query = new URLSearchParams();
  for (const parameter of operation.parameters) {
    const value = values[parameter.name];
    if (parameter.in === "path") url = url.replace(`{${parameter.name}}`, value === undefined ? "" : encodeURIComponent(asText(value)));
    else if (value !== undefined) for (const item of Array.isArray(value) ? value : [value]) query.append(parameter.name, asText(item));
  }
  if (query.size > 0) url += `?${query.toString()}`;
  const body = values[BODY];
  const text = operation.body !== undefined && body !== undefined ? jsonText(body) : undefined;
  const headers: Record<string, string> = { ...(text !== undefined && { "content-type": "application/json" }), ...(authorization !== undefined && { authorization }) };
  const init: RequestInit = { method: operation.method, headers, ...(text !== undefined && { body: text }) };
  return { url, init, description: `${operation.method} ${url.slice(0, 300)} ${text?.slice(0, 300) ?? ""}` };
}

/** Tables no background work writes to. */
const DEFINITION_TABLES = ["clients", "objects", "folders", "user_credentials", "agents", "ra_solutions", "object_search", "object_search_variables", "object_search_events"] as const;
/** Tables of executions and what they leave: written in the background while an execution runs or a callback is due. */
const EXECUTION_TABLES = ["executions", "reports", "report_pages", "execution_events", "callback_outbox", "execution_comments", "event_files", "runtime_estimates", "forecasts", "forecast_entries"] as const;
// Not compared: metric_samples, nodes, leases and installation (the node's own timers write them) and
// console_sessions (the console's logins).
const COMPARED_TABLES = [...DEFINITION_TABLES, ...EXECUTION_TABLES];

/** What the compared tables hold, each table's rows as sorted JSON (PostgreSQL returns rows in no fixed order). */
export type Snapshot = Record<string, string[]>;

const AT_REST_TIMEOUT_MS = 15_000;
/** A forecast's status while it is calculated in the background. */
const FORECAST_CALCULATING = 1550;

/**
 * Brings a test's Baton to rest before each request and tells what a refused one wrote.
 *
 * Executions started by accepted requests keep writing (status, reports, variables, callbacks), so a
 * plain before/after comparison of the execution tables would blame a refused request for them. At
 * rest means: no execution unfinished (each one is cancelled, recursively, so that scheduled,
 * recurring and held ones end too), no report still open, no callback still due and no forecast
 * still being calculated (the hourly autoforecast refresh ran at start). The "before"
 * snapshot is taken at rest; nothing writes until the request, so the comparison stays exact.
 */
export class DatabaseAtRest {
  private readonly cancelled = new Set<string>();

  constructor(
    private readonly test: TestBaton,
    /** A second connection to the test's database. */
    private readonly reader: Store,
  ) {}

  /** Waits until nothing runs (cancelling what does) and returns the tables then. */
  async settle(): Promise<Snapshot> {
    const deadline = Date.now() + AT_REST_TIMEOUT_MS;
    for (;;) {
      const unfinished = await this.reader.db.selectFrom("executions").select(["client", "run_id"]).where("status", "<", 1800).execute();
      const openReports = await this.reader.db.selectFrom("reports").select("run_id").where("ended", "=", 0).execute();
      const dueCallbacks = await this.reader.db.selectFrom("callback_outbox").select("id").where("next_attempt_at", "is not", null).execute();
      const calculating = await this.reader.db.selectFrom("forecasts").select("id").where("status", "=", FORECAST_CALCULATING).execute();
      if (unfinished.length + openReports.length + dueCallbacks.length + calculating.length === 0) return this.snapshot();
      if (Date.now() > deadline) {
        const counts = `open reports ${openReports.length}, due callbacks ${dueCallbacks.length}, forecasts calculating ${calculating.length}`;
        throw new Error(`not at rest after ${AT_REST_TIMEOUT_MS} ms: unfinished runs ${unfinished.map((e) => e.run_id).join(",")}, ${counts}`);
      }
      for (const { client, run_id } of unfinished) await this.cancelOnce(client, run_id);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  async snapshot(): Promise<Snapshot> {
    const tables = await Promise.all(COMPARED_TABLES.map(async (table) => (await this.reader.db.selectFrom(table).selectAll().execute()).map((row) => JSON.stringify(row)).sort()));
    return Object.fromEntries(COMPARED_TABLES.map((table, index) => [table, tables[index] ?? []]));
  }

  private async cancelOnce(client: number, runId: number): Promise<void> {
    if (this.cancelled.has(`${client}/${runId}`)) return;
    this.cancelled.add(`${client}/${runId}`);
    const response = await this.test.rest(`/${client}/executions/${runId}/status`, json({ action: "cancel", cancel: { recursive: true } }));
    await response.arrayBuffer();
  }
}

/** The tables whose rows differ between two snapshots. */
export function changedTables(before: Snapshot, after: Snapshot): string[] {
  return Object.keys(before).filter((table) => JSON.stringify(before[table]) !== JSON.stringify(after[table]));
}

const ErrorBody = z.union([OutError, z.array(OutValidationError).min(1)]);
/** How long a request may take before it counts as a hang. */
export const ANSWER_TIMEOUT_MS = 10_000;

/**
 * Sends one request and returns what is wrong with the answer: any 5xx (the fuzz injects no database
 * faults, so not even the documented 503 has a cause), no answer within the timeout, an answer the
 * document does not describe (test-baton's `rest` checks each), an error body that is not an OutError
 * or an array of OutValidationError, or a refused request (4xx) that changed a table. `authorization`
 * sends the request as another user than the administrator.
 */
export async function robustnessProblems(test: TestBaton, atRest: DatabaseAtRest, operation: DocumentOperation, values: RequestValues, authorization?: string): Promise<string[]> {
  const { url, init, description } = buildRequest(operation, values, authorization);
  const before = await atRest.settle();
  let status: number;
  let text: string;
  try {
    const response = await test.rest(url, { ...init, signal: AbortSignal.timeout(ANSWER_TIMEOUT_MS) });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const cause = error instanceof Error && error.cause !== undefined ? ` (${String(error.cause)})` : "";
    const reason = error instanceof Error && error.name === "TimeoutError" ? `no answer within ${ANSWER_TIMEOUT_MS} ms` : `${String(error)}${cause}`;
    return [`${description} → ${reason}`];
  }
  if (status >= 500) return [`${description} → ${status} ${text.slice(0, 300)}`];
  if (status < 400) return [];
  const problems: string[] = [];
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = text;
  }
  if (!ErrorBody.safeParse(body).success) problems.push(`${description} → ${status} with a body that is neither OutError nor OutValidationError[]: ${text.slice(0, 300)}`);
  const changed = changedTables(before, await atRest.snapshot());
  if (changed.length > 0) problems.push(`${description} → ${status} refused, but changed ${changed.join(", ")}`);
  return problems;
}

/** A local endpoint that takes every callback at once, so that no delivery stays due. */
export async function startCallbackSink(): Promise<{ url: string; close(): Promise<void> }> {
  const server = createServer((request, response) => {
    request.resume();
    request.on("end", () => response.writeHead(204).end());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/callback`,
    close: () => new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve()))),
  };
}

/** A user of `client` with a password and nothing else: no privileges, no authorizations, in no group. */
export async function createUserWithoutRights(test: TestBaton, client: number, name = "NORIGHTS/OPS", password = "Norights-pass1"): Promise<string> {
  const envelope = { data: { user: { general_attributes: { name, type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password } } }, path: "USERS" };
  const response = await test.rest(`/${client}/objects?overwrite_existing_objects=true`, json(envelope));
  if (response.status !== 200) throw new Error(`user ${name} not created in client ${client}: ${response.status} ${await response.text()}`);
  return basic(`${name}:${password}`);
}
