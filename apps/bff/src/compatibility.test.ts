import { execFileSync } from "node:child_process";
import { createServer, type Server } from "node:http";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutAgent, OutExecution, OutExecutionList, OutForecast, OutForecastId, OutRunId, OutValidationError } from "@baton/contract";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sampleBody } from "./testing/object-bodies";
import { bodySpellings, querySpellings, SchemaReader, spellableMembers, spellableParameters, type JsonSchema, type Query, type QueryParameter, type Spelled } from "./testing/client-spellings";
import { ADMIN, jobEnvelope, json, startTestBaton, until, workflow, type TestBaton } from "./testing/test-baton";

// Clients generated from the vendor's description of the interface spell requests their own way:
// snake_case members, booleans and numbers as strings, enum values in upper case, list parameters
// repeated. For every operation of the served OpenAPI document that takes a body or a query, the
// spellings are derived from the document and sent beside the document's own spelling; each must
// get the same status and leave the same stored effect (or, for reads, the same answer).

const DIALECT = process.env.TEST_DATABASE_URL ? "postgres" : "sqlite";
const CLIENT = "/100";

/** One request of an operation, in the document's spelling. */
interface Exchange {
  path: string;
  query?: Query;
  body?: unknown;
}

/** How one operation is proven: requests in the document's spelling, and what they leave behind. */
interface Case {
  /** Requests in the document's spelling; `tag` (upper case) makes the names of what they create unique. */
  examples: ReadonlyArray<(tag: string) => Exchange | Promise<Exchange>>;
  /** What a successful request left in the database, read back (default: the answer itself). */
  effect?: (answer: unknown, exchange: Exchange) => Promise<unknown> | unknown;
  /** Spellable members no example can reach, with the reason. */
  unreachable?: Readonly<Record<string, string>>;
}

const OutValidationErrorList = z.array(OutValidationError);
const SCRIPT = "COMPAT.SCRI";
const JOB = "COMPAT.JOBS";
const WORKFLOW = "COMPAT.JOBP";
const CALENDAR = "COMPAT.CALE";
const FUTURE = "2099-01-05T08:00:00Z";
const ONE_FIELD = "the list has one possible value";

let test: TestBaton;
let reader: SchemaReader;
let paths: Record<string, Record<string, JsonSchema>>;
let callbackServer: Server;
let callbackUrl: string;
let temp: string;

async function call(method: string, exchange: Exchange): Promise<{ status: number; answer: unknown }> {
  const search = exchange.query === undefined || exchange.query.length === 0 ? "" : `?${new URLSearchParams(exchange.query.map(([k, v]): [string, string] => [k, v])).toString()}`;
  const init: RequestInit = exchange.body === undefined ? { method } : json(exchange.body, method);
  const response = await test.rest(`${exchange.path}${search}`, init);
  const text = await response.text();
  return { status: response.status, answer: (response.headers.get("content-type") ?? "").includes("json") && text !== "" ? JSON.parse(text) : text };
}

async function get(path: string): Promise<unknown> {
  const { status, answer } = await call("GET", { path });
  if (status !== 200) throw new Error(`GET ${path}: ${status} ${JSON.stringify(answer)}`);
  return answer;
}

async function post(path: string, body: unknown): Promise<unknown> {
  const { status, answer } = await call("POST", { path, body });
  if (status >= 300) throw new Error(`POST ${path}: ${status} ${JSON.stringify(answer)}`);
  return answer;
}

/** An execution once it has ended, or waits where it will stay (manual release, a later start, a period container). */
async function settled(runId: number): Promise<OutExecution> {
  let execution = OutExecution.parse(await get(`${CLIENT}/executions/${runId}?fields=recurring`));
  await until(async () => {
    execution = OutExecution.parse(await get(`${CLIENT}/executions/${runId}?fields=recurring`));
    return execution.status >= 1800 || [1693, 1698].includes(execution.status) || execution.type === "C_PERIOD";
  });
  return execution;
}

/** What starting an object leaves: the execution without its times and numbers (its logical date is a time). */
async function executionEffect(runId: number): Promise<unknown> {
  const { name, type, queue, alias, status, user, recurring } = await settled(runId);
  const { next_check: _next, occur_count: _count, ...rule } = (recurring ?? {}) as Record<string, unknown>;
  const { "$LOGICAL_DATE#": _logical, ...variables } = (await get(`${CLIENT}/executions/${runId}/variables`)) as Record<string, unknown>;
  return { name, type, queue, alias, status, user, rule, variables };
}

async function start(objectName: string, body: Record<string, unknown> = {}): Promise<number> {
  return OutRunId.parse(await post(`${CLIENT}/executions`, { objectName, executionOption: "execute", ...body })).run_id;
}

const held = (objectName: string) => start(objectName, { executionOption: "once", once: { waitForManualRelease: true } });

/** A forecast computed to its end, so that reads of it under different spellings see the same state. */
async function newForecast(tag: string): Promise<string> {
  const id = OutForecastId.parse(await post(`${CLIENT}/forecasts`, { forecast_option: "object", object: { name: SCRIPT, start: FUTURE, title: `F ${tag}` } })).forecast_id;
  await until(async () => OutForecast.parse(await get(`${CLIENT}/forecasts/${id}`)).status >= 1800);
  return id;
}

/** A forecast without its ids and times. */
async function forecastEffect(id: string): Promise<unknown> {
  const read = async () => OutForecast.parse(await get(`${CLIENT}/forecasts/${id}?fields=entries`));
  let forecast = await read();
  await until(async () => (forecast = await read()).status >= 1800);
  return { title: forecast.title, type: forecast.type, status: forecast.status, entries: forecast.entries?.map((e) => [e.name, e.type, e.estimated_runtime]) };
}

const scriptImport = (name: string) => ({ total: 1, data: { scri: { ...sampleBody("scri", "X"), general_attributes: { name, type: "SCRI" } } }, path: "COMPAT", client: 100, hasmore: false });

const CASES: Readonly<Record<string, Case>> = {
  "post /{client_id}/executions": {
    examples: [
      () => ({ path: `${CLIENT}/executions`, body: { objectName: SCRIPT, executionOption: "execute", alias: "COMPAT.ALIAS", queue: "CLIENT_QUEUE", timezone: "UTC", callback: { type: "http", recurringMode: "once", http: { url: callbackUrl, headers: { "X-Some_Header": "kept" } } } } }),
      () => ({ path: `${CLIENT}/executions`, body: { objectName: SCRIPT, executionOption: "once", once: { executionDateTime: FUTURE, useLogicalTime: FUTURE, waitForManualRelease: false } } }),
      () => ({ path: `${CLIENT}/executions`, body: { objectName: SCRIPT, executionOption: "once", once: { waitForManualRelease: true } } }),
      () => ({
        path: `${CLIENT}/executions`,
        body: { objectName: SCRIPT, executionOption: "recurring", recurring: { periodDescription: "twice", startDate: "2099-01-05", endAfterExecutions: 2, executeAt: "08:45", allowOneOverlap: true, betweenStart: "08:00", betweenEnd: "18:00", executeWeekly: ["mon", "fri"], adjustStartTime: true } },
      }),
      () => ({
        path: `${CLIENT}/executions`,
        body: { objectName: SCRIPT, executionOption: "recurring", recurring: { startDate: "2099-01-05", endDate: "2099-02-05", executeInterval: "PT1H", executeCalendarMatch: "one", executeCalendarList: [{ calendar: CALENDAR, event: "WORKDAYS" }] } },
      }),
      () => ({ path: `${CLIENT}/executions`, body: { objectName: SCRIPT, executionOption: "recurring", recurring: { startDate: "2099-01-05", executeAfter: "PT5M" } } }),
    ],
    effect: (answer) => executionEffect((answer as { run_id: number }).run_id),
  },
  "post /{client_id}/executions/{run_id}/status": {
    examples: [
      async () => ({ path: `${CLIENT}/executions/${(await settled(await start(JOB))).run_id}/status`, body: { action: "restart", restart: { queue: "CLIENT_QUEUE", restartPoint: "RP1", keepStartType: true, waitForManualRelease: true } } }),
      async () => ({ path: `${CLIENT}/executions/${(await settled(await start(WORKFLOW))).run_id}/status`, body: { action: "restart", restart: { restartPoint: "2", downstreamOnly: true } } }),
      async () => ({ path: `${CLIENT}/executions/${await held(JOB)}/status`, body: { action: "cancel", cancel: { recursive: true } } }),
    ],
    effect: async (answer, exchange) => {
      const target = Number(exchange.path.split("/")[3]);
      // A restart answers its new execution; a cancel answers {} and acted on the target.
      const runId = (answer as { run_id?: number }).run_id ?? target;
      const execution = await settled(runId);
      return { acted_on: runId === target ? "target" : execution.reference_run_id === target ? "restart of target" : "other", ...((await executionEffect(runId)) as object) };
    },
  },
  "post /{client_id}/forecasts": {
    examples: [
      (tag) => ({ path: `${CLIENT}/forecasts`, body: { forecast_option: "object", object: { name: SCRIPT, start: FUTURE, title: `O ${tag}`, ert_group_option: "fixed", fixed: 90 } } }),
      async (tag) => ({ path: `${CLIENT}/forecasts`, body: { forecast_option: "execution", execution: { run_id: await held(SCRIPT), title: `E ${tag}`, days: 2, ert_group_option: "fixed", fixed: 30 } } }),
      (tag) => ({ path: `${CLIENT}/forecasts`, body: { forecast_option: "client", client: { title: `C ${tag}`, days: 1 } } }),
    ],
    effect: (answer) => forecastEffect((answer as { forecast_id: string }).forecast_id),
  },
  "delete /{client_id}/forecasts": {
    examples: [async (tag) => ({ path: `${CLIENT}/forecasts`, body: { ids: [Number(await newForecast(tag))], force: true } })],
    effect: async (answer, exchange) => ({ answer, left: (await call("GET", { path: `${CLIENT}/forecasts/${(exchange.body as { ids: number[] }).ids[0]}` })).status }),
  },
  "get /{client_id}/forecasts": {
    examples: [() => ({ path: `${CLIENT}/forecasts`, query: [["type", "SCRI,JOBS"], ["platform_destination", "UNIX,WINDOWS"], ["fields", "entries"], ["fc_title", "O *"]] })],
    unreachable: { "fields: lists repeated": ONE_FIELD },
  },
  "get /{client_id}/forecasts/{forecast_id}": {
    examples: [async (tag) => ({ path: `${CLIENT}/forecasts/${await newForecast(tag)}`, query: [["type", "SCRI,JOBS"], ["platform_destination", "UNIX,WINDOWS"], ["fields", "entries"]] })],
    unreachable: { "fields: lists repeated": ONE_FIELD },
    effect: (answer) => {
      const { id: _id, start_time: _start, end_time: _end, estimated_start: _es, estimated_end: _ee, title: _title, ...rest } = answer as Record<string, unknown>;
      return rest;
    },
  },
  "post /{client_id}/objects": {
    examples: [(tag) => ({ path: `${CLIENT}/objects`, query: [["overwrite_existing_objects", "true"]], body: scriptImport(`COMPAT.OBJ.${tag}`) })],
    effect: async (_answer, exchange) => get(`${CLIENT}/objects/${Object.values((exchange.body as ReturnType<typeof scriptImport>).data)[0]!.general_attributes.name}`).then(withoutModification),
  },
  "patch /{client_id}/objects/{object_name}": {
    examples: [
      async (tag) => {
        await post(`${CLIENT}/objects`, scriptImport(`COMPAT.PATCH.${tag}`));
        return { path: `${CLIENT}/objects/COMPAT.PATCH.${tag}`, body: { total: 1, data: { scri: { general_attributes: { archive_key1: "patched" } } }, hasmore: false } };
      },
    ],
    effect: async (_answer, exchange) => get(exchange.path).then(withoutModification),
  },
  "get /{client_id}/objects/{object_name}": {
    examples: [() => ({ path: `${CLIENT}/objects/${SCRIPT}`, query: [["fields", "modification_details"], ["filter", "general_attributes,scripts"]] })],
    unreachable: { "fields: lists repeated": ONE_FIELD },
  },
  "post /{client_id}/folderobjects": {
    examples: [(tag) => ({ path: `${CLIENT}/folderobjects`, query: [["overwrite_existing_objects", "false"], ["folder_path", `COMPAT/F${tag}`], ["dry_run", "false"], ["skip_invalid", "true"]], body: { data: [{ scri: { ...sampleBody("scri", "X"), general_attributes: { name: `COMPAT.FOLDER.${tag}`, type: "SCRI" } }, path: "" }] } })],
    // The export is a JSON file (application/octet-stream).
    effect: async (_answer, exchange) => JSON.parse(String(await get(`${CLIENT}/folderobjects/${exchange.query?.find(([name]) => name === "folder_path")?.[1]}`))) as unknown,
  },
  "post /{client_id}/search": {
    examples: [
      () => ({
        path: `${CLIENT}/search`,
        body: {
          filters: [
            { filter_identifier: "location", location: "\\COMPAT", include_subfolders: true },
            { filter_identifier: "object_type", object_types: ["SCRI", "CALE"] },
            { filter_identifier: "time_frame", time_frame_option: "modified", time_frame_from: 0, time_frame_to: 4102444800000 },
            { filter_identifier: "granularity", granularity: "OBJECT" },
          ],
          max_results: 20,
          start_at: 0,
          sort_columns: [{ column: "name", order: "DESC" }],
        },
      }),
      () => ({ path: `${CLIENT}/search`, body: { filters: [{ filter_identifier: "calendar_event", calendar_event: "WORK*", time_frame_from: 0, time_frame_to: 4102444800 }, { filter_identifier: "object_id", object_id: 1 }] } }),
    ],
  },
  "get /{client_id}/forecasts/agents": {
    examples: [
      () => ({
        path: `${CLIENT}/forecasts/agents`,
        query: [
          ["from", "2099-01-05T00:00:00Z"],
          ["to", "2099-01-05T06:00:00Z"],
          ["type", "UNIX,WINDOWS"],
          ["min_duration", "PT1H"],
        ],
      }),
    ],
  },
  "get /{client_id}/executions": {
    examples: [
      () => ({
        path: `${CLIENT}/executions`,
        query: [
          ["name", SCRIPT],
          ["type", "SCRI,Job"],
          ["status", "1800,1900-1999"],
          ["platform", "UNIX,WINDOWS"],
          ["queue", "CLIENT_QUEUE,OTHER"],
          ["sync_usage", "SYNC.A,SYNC.B"],
          ["fields", "restarts,predecessors"],
          ["time_frame_option", "activation"],
          ...["name_exclude", "agent_exclude", "user_exclude", "archive_key1_exclude", "archive_key2_exclude", "commented_only", "modified_only"].map((flag) => [flag, "false"] as const),
          ["include_deactivated", "true"],
          ["top_level", "true"],
        ],
      }),
    ],
  },
  "get /{client_id}/executions/{run_id}": {
    examples: [async () => ({ path: `${CLIENT}/executions/${(await settled(await start(SCRIPT))).run_id}`, query: [["fields", "variables,comments,reports"]] })],
    effect: (answer) => {
      const { run_id: _id, activation_time: _a, start_time: _s, end_time: _e, runtime: _r, estimated_runtime: _ert, reports, ...rest } = answer as Record<string, unknown>;
      return { ...rest, reports: (reports as Array<{ type: string }>).map((r) => r.type) };
    },
  },
  "post /{client_id}/repositories/branches": {
    examples: [(tag) => ({ path: `${CLIENT}/repositories/branches`, body: { branch_name: `b-${tag}`, switch: true, overwrite: false } })],
    effect: async (answer) => {
      const branches = (await get(`${CLIENT}/repositories/branches?max_results=1000`)) as { data: Array<{ name: string; active: boolean }> };
      return { answer: { ...(answer as object), name: "<new>" }, active: branches.data.find((b) => b.name === (answer as { name: string }).name)?.active };
    },
  },
  "post /{client_id}/repositories/pull": {
    examples: [async () => (await post(`${CLIENT}/repositories/branches`, { branch_name: "main", switch: true }), { path: `${CLIENT}/repositories/pull`, body: { overwrite: true } })],
  },
  "post /{client_id}/repositories/commits": {
    examples: [(tag) => ({ path: `${CLIENT}/repositories/commits`, body: { message: `commit ${tag}` } })],
    effect: (answer) => ({ ...(answer as object), commit_id: "<id>" }),
    unreachable: { "resolutions.*: enum values upper case": "needs a merge in conflict; the generic step that folds it is the one proven here", "resolutions.*: enum values capitalised": "as above" },
  },
  "get /{client_id}/repositories/changes": {
    examples: [() => ({ path: `${CLIENT}/repositories/changes`, query: [["fields", "total"]] })],
    unreachable: { "fields: lists repeated": ONE_FIELD },
  },
  "post /{client_id}/system/agents": {
    examples: [(tag) => ({ path: `${CLIENT}/system/agents`, body: { name: `AG${tag}`, template: "<UNIX>" } })],
    effect: async (_answer, exchange) => {
      const { name: _name, ...agent } = OutAgent.parse(await get(`${CLIENT}/system/agents/${(exchange.body as { name: string }).name}`));
      return agent;
    },
  },
  "post /{client_id}/system/agentpacks": {
    examples: [(tag) => ({ path: `${CLIENT}/system/agentpacks`, body: { platform: "UNIX", name: `PACK${tag}`, config_update: "[GLOBAL]\nlog_level=info", service_manager: { port: 8871 } } })],
    effect: async (answer) => {
      const { link } = answer as { link: string };
      const download = await fetch(new URL(link, test.baton.restUrl), { headers: { authorization: ADMIN } });
      return { downloaded: download.status, type: download.headers.get("content-type"), bytes: (await download.arrayBuffer()).byteLength > 0 };
    },
  },
  "get /{client_id}/system/agents": {
    examples: [() => ({ path: `${CLIENT}/system/agents`, query: [["active", "true"], ["linked", "false"]] })],
    effect: (answer) => (answer as { data: Array<{ name: string; active: boolean }> }).data.map((a) => [a.name, a.active]),
  },
  "get /{client_id}/system/health": {
    examples: [() => ({ path: `${CLIENT}/system/health`, query: [["details", "true"]] })],
    effect: (answer) => Object.keys(answer as object).sort(),
  },
  "get /{client_id}/system/metrics": {
    examples: [() => ({ path: `${CLIENT}/system/metrics`, query: [["type", "executions_started"]] })],
    effect: (answer) => (answer as { type: string }).type,
  },
};

function withoutModification(answer: unknown): unknown {
  const { modification_details: _details, ...rest } = answer as Record<string, unknown>;
  return rest;
}

/** Operations of the document with a JSON body or query parameters, with what a generated client may spell differently. */
function spellableOperations() {
  return Object.entries(paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => {
      const parameters = ((operation.parameters ?? []) as QueryParameter[]).filter((p) => p.in === "query");
      const bodySchema = (((operation.requestBody as JsonSchema | undefined)?.content as JsonSchema | undefined)?.["application/json"] as JsonSchema | undefined)?.schema;
      const spellable = new Set([...spellableParameters(parameters), ...(bodySchema === undefined ? [] : spellableMembers(reader, bodySchema))]);
      return { key: `${method} ${path}`, method: method.toUpperCase(), parameters, bodySchema, spellable };
    }),
  );
}

let counter = 0;
const nextTag = () => `T${++counter}`;

/** The spellings of one exchange, body and query. */
function spellingsOf(operation: ReturnType<typeof spellableOperations>[number], exchange: Exchange): Spelled<Exchange>[] {
  const body = exchange.body === undefined || operation.bodySchema === undefined ? [] : bodySpellings(reader, operation.bodySchema, exchange.body).map((s) => ({ ...s, value: { ...exchange, body: s.value } }));
  const query = exchange.query === undefined ? [] : querySpellings(operation.parameters, exchange.query).map((s) => ({ ...s, value: { ...exchange, query: s.value } }));
  return [...body, ...query];
}

/** JSON of `value` with the request's tag made neutral, so that effects of two requests compare. */
const neutral = (value: unknown, tag: string) => JSON.parse(JSON.stringify(value ?? null).replaceAll(tag, "<tag>").replaceAll(tag.toLowerCase(), "<tag>")) as unknown;

describe(`generated clients' spellings on every operation (${DIALECT})`, () => {
  beforeAll(async () => {
    callbackServer = createServer((_req, res) => res.writeHead(200).end());
    await new Promise<void>((resolve) => callbackServer.listen(0, "127.0.0.1", resolve));
    callbackUrl = `http://127.0.0.1:${(callbackServer.address() as { port: number }).port}/done`;
    // The repository's remote is a bare repository made below the temporary directory.
    test = await startTestBaton(DIALECT, { BATON_CALLBACK_ALLOW: "127.0.0.0/8", BATON_REPOSITORY_ROOTS: tmpdir() });
    const document = (await (await fetch(`${test.baton.restUrl}/openapi.json`)).json()) as JsonSchema;
    reader = new SchemaReader(document);
    paths = document.paths as typeof paths;
    await post(`${CLIENT}/objects`, scriptImport(SCRIPT));
    await post(`${CLIENT}/objects`, { ...jobEnvelope(JOB, ["true", ":RESTART RP1", "true"]), path: "COMPAT" });
    await post(`${CLIENT}/objects`, workflow(WORKFLOW, [{ name: SCRIPT, type: "SCRI" }], [2]));
    await post(`${CLIENT}/objects`, { data: { cale: { ...sampleBody("cale", "X"), general_attributes: { name: CALENDAR, type: "CALE" } } }, path: "COMPAT" });
    temp = mkdtempSync(join(tmpdir(), "baton-compat-"));
    execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", join(temp, "remote.git")]);
    await post(`${CLIENT}/repositories`, { repository_url: join(temp, "remote.git"), branch: "main" });
  });

  afterAll(async () => {
    await test?.stop();
    await new Promise((resolve) => callbackServer?.close(resolve));
    if (temp) rmSync(temp, { recursive: true, force: true });
  });

  it("has a case for every operation a generated client may spell differently, reaching every such member", () => {
    const operations = spellableOperations().filter((o) => o.spellable.size > 0);
    expect(operations.length).toBeGreaterThan(15);
    expect(operations.map((o) => o.key).filter((key) => CASES[key] === undefined)).toEqual([]);
  });

  it("refuses a member given in two spellings, naming it, and starts nothing", async () => {
    const count = async () => OutExecutionList.parse(await get(`${CLIENT}/executions?name=${SCRIPT}&max_results=1`)).total;
    const before = await count();
    const twice = [
      { body: { objectName: SCRIPT, object_name: SCRIPT, executionOption: "execute" }, path: "object_name" },
      { body: { objectName: SCRIPT, executionOption: "once", once: { waitForManualRelease: true, wait_for_manual_release: false } }, path: "once.wait_for_manual_release" },
    ];
    for (const { body, path } of twice) {
      const { status, answer } = await call("POST", { path: `${CLIENT}/executions`, body });
      expect(status).toBe(400);
      expect(OutValidationErrorList.parse(answer)).toContainEqual(expect.objectContaining({ path, error: expect.stringContaining("is given twice") }));
    }
    expect(await count()).toBe(before);
  });

  it("names the value it refused in a snake_case body, as in a camelCase one", async () => {
    const refusals = [
      { body: { object_name: SCRIPT, execution_option: "sometimes" }, path: "execution_option", value: "sometimes" },
      { body: { object_name: SCRIPT, execution_option: "once", once: { wait_for_manual_release: "maybe" } }, path: "once.wait_for_manual_release", value: "maybe" },
      { body: { objectName: SCRIPT, executionOption: "sometimes" }, path: "execution_option", value: "sometimes" },
    ];
    for (const { body, path, value } of refusals) {
      const { status, answer } = await call("POST", { path: `${CLIENT}/executions`, body });
      expect(status).toBe(400);
      expect(OutValidationErrorList.parse(answer)).toContainEqual(expect.objectContaining({ path, invalid_value: value }));
    }
  });

  for (const key of Object.keys(CASES)) {
    it(`${key}: every spelling is treated as the document's own`, async () => {
      const operation = spellableOperations().find((o) => o.key === key);
      expect(operation, `${key} is not in the document`).toBeDefined();
      if (operation === undefined) return;
      const testCase = CASES[key]!;
      const reached = new Set<string>();
      for (const example of testCase.examples) {
        const probe = await example(nextTag());
        for (const { spelling } of spellingsOf(operation, probe)) {
          const ownTag = nextTag();
          const otherTag = nextTag();
          const own = await example(ownTag);
          const other = await example(otherTag);
          const spelled = spellingsOf(operation, other).find((s) => s.spelling === spelling)!;
          for (const field of spelled.fields) reached.add(`${field}: ${spelling}`);
          const effect = testCase.effect ?? ((answer: unknown) => answer);
          const ownAnswer = await call(operation.method, own);
          expect(ownAnswer.status, `${key} in the document's spelling: ${JSON.stringify(ownAnswer.answer)}`).toBeLessThan(300);
          // Each effect is read before the next request, which may change it (a branch switched to).
          const ownEffect = neutral(await effect(ownAnswer.answer, own), ownTag);
          const spelledAnswer = await call(operation.method, spelled.value);
          const what = `${key} with ${spelling} (${spelled.fields.join(", ")}): ${JSON.stringify(spelled.value)}`;
          expect(spelledAnswer.status, `${what} → ${JSON.stringify(spelledAnswer.answer)}`).toBe(ownAnswer.status);
          expect(neutral(await effect(spelledAnswer.answer, other), otherTag), what).toEqual(ownEffect);
        }
      }
      const missed = [...operation.spellable].filter((member) => !reached.has(member) && testCase.unreachable?.[member] === undefined);
      expect(missed, `members of ${key} no example spells differently`).toEqual([]);
    }, 120_000);
  }
});
