/**
 * The operations of the vendor's swagger (AE REST API 12.3) as the two clients generated from it
 * expose them (KrumGanev/automic_rest `automic_rest/help.py`, ufopilot/automic-rest-node
 * `index.js`): one function per operation, in the order a session uses them here, with the values
 * a caller of the function gives (path arguments, the query string the Node client appends, the
 * body) and what the vendor answers to it. The two test files put each one on the wire the way
 * their client does and add what that client reads.
 */
import { expect } from "vitest";
import { CLIENT, jsonObject, NAMES, type Site } from "./replay-fixture";

/** What the session learns as it goes: ids that later operations name. */
export interface Session {
  site: Site;
  forecastId?: string;
  commitId?: string;
}

export interface Operation {
  /** The function name in both clients. */
  id: string;
  method: "GET" | "POST" | "DELETE";
  /** The swagger path, with {placeholders}. */
  path: string;
  /** The path arguments the caller passes (client_id included). */
  args(session: Session): Record<string, string | number>;
  /** The query string a caller hands the Node client (the Python client has no way to send one). */
  query?: (session: Session) => string;
  /** Whether the Python client can do without the query (false: the vendor requires a parameter in it). */
  queryRequired?: boolean;
  /** The body the caller passes. */
  body?: (session: Session) => unknown;
  /** The vendor's answer to the request with its query and body: status 200 and this. */
  expectAnswer(answer: unknown, session: Session): void;
}

const c = (session: Session) => ({ client_id: CLIENT, ...(session.forecastId !== undefined && { forecast_id: session.forecastId }) });
const rows = (answer: unknown) => jsonObject(answer)["data"] as Record<string, unknown>[];
const future = () => new Date(Date.now() + 3_600_000).toISOString().replace(/\.\d+Z$/, "Z");

export const OPERATIONS: readonly Operation[] = [
  { id: "ping", method: "GET", path: "/ping", args: () => ({}), expectAnswer: (answer) => expect(answer).toEqual({}) },
  {
    id: "listExecutions",
    method: "GET",
    path: "/{client_id}/executions",
    args: c,
    query: () => "max_results=100",
    // README: `for(a in resp.data) console.log(resp.data[a].name)`, `for o in execs['data']: print(o['name'])`.
    expectAnswer: (answer) => {
      expect(rows(answer).length).toBeGreaterThan(0);
      for (const row of rows(answer)) expect(typeof row["name"]).toBe("string");
    },
  },
  { id: "getExecution", method: "GET", path: "/{client_id}/executions/{run_id}", args: (s) => ({ ...c(s), run_id: s.site.varsRun }), query: () => "fields=variables&fields=comments", expectAnswer: (answer, s) => expect(answer).toMatchObject({ run_id: s.site.varsRun, name: NAMES.vars, type: "SCRI" }) },
  { id: "getChildrenOfExecution", method: "GET", path: "/{client_id}/executions/{run_id}/children", args: (s) => ({ ...c(s), run_id: s.site.flowRun }), query: () => "max_results=50", expectAnswer: (answer, s) => expect(rows(answer).map((r) => r["run_id"]).sort()).toEqual([...s.site.flowChildren].sort()) },
  { id: "computeErtEstimations", method: "GET", path: "/{client_id}/executions/{run_id}/ert", args: (s) => ({ ...c(s), run_id: s.site.flowRun }), expectAnswer: (answer) => expect(answer).toMatchObject({ ert: expect.any(Number), rrt: expect.any(Number) }) },
  { id: "listReports", method: "GET", path: "/{client_id}/executions/{run_id}/reports", args: (s) => ({ ...c(s), run_id: s.site.okRun }), expectAnswer: (answer) => expect((answer as { type: string }[]).map((r) => r.type)).toEqual(expect.arrayContaining(["ACT", "REP"])) },
  {
    id: "listReportContent",
    method: "GET",
    path: "/{client_id}/executions/{run_id}/reports/{report_type}",
    args: (s) => ({ ...c(s), run_id: s.site.okRun, report_type: "REP" }),
    query: () => "start_at=1&max_results=1",
    // response['data'][0]['content']
    expectAnswer: (answer) => expect((jsonObject(answer)["data"] as { content: string }[])[0]?.content).toContain("hello from replay"),
  },
  { id: "listVariables", method: "GET", path: "/{client_id}/executions/{run_id}/variables", args: (s) => ({ ...c(s), run_id: s.site.varsRun }), expectAnswer: (answer) => expect(jsonObject(answer)).toHaveProperty(["LOG_FILE_OVERRIDE#"]) },
  { id: "createComments", method: "POST", path: "/{client_id}/executions/{run_id}/comments", args: (s) => ({ ...c(s), run_id: s.site.okRun }), body: () => ({ comment: "replayed" }), expectAnswer: (answer) => expect(answer).toMatchObject({ comment: "replayed" }) },
  { id: "listComments", method: "GET", path: "/{client_id}/executions/{run_id}/comments", args: (s) => ({ ...c(s), run_id: s.site.okRun }), expectAnswer: (answer) => expect((answer as { comment: string }[]).map((r) => r.comment)).toContain("replayed") },
  { id: "executeObject", method: "POST", path: "/{client_id}/executions", args: c, body: () => ({ object_name: NAMES.tick, alias: "REPLAY.ALIAS" }), expectAnswer: (answer) => expect(answer).toEqual({ run_id: expect.any(Number) }) },
  { id: "changeExecutionStatus", method: "POST", path: "/{client_id}/executions/{run_id}/status", args: (s) => ({ ...c(s), run_id: s.site.failRun }), body: () => ({ action: "restart" }), expectAnswer: (answer) => expect(answer).toMatchObject({ run_id: expect.any(Number) }) },
  { id: "activateScript", method: "POST", path: "/{client_id}/scripts", args: c, body: () => ({ script: ':PRINT "replayed script"' }), expectAnswer: (answer) => expect(answer).toEqual({ run_id: expect.any(Number) }) },
  { id: "findObjects", method: "POST", path: "/{client_id}/search", args: c, body: () => ({ filters: [{ filter_identifier: "object_name", object_name: "*.REPLAY.*" }, { filter_identifier: "location", location: "\\", include_subfolders: true }], max_results: 20 }), expectAnswer: (answer) => expect(rows(answer).map((r) => r["name"])).toContain(NAMES.flow) },
  { id: "getObjects", method: "GET", path: "/{client_id}/objects/{object_name}", args: (s) => ({ ...c(s), object_name: NAMES.ok }), expectAnswer: (answer) => expect(answer).toMatchObject({ total: 1, data: { jobs: { general_attributes: { name: NAMES.ok } } }, path: NAMES.folder }) },
  { id: "getTimezoneInfo", method: "GET", path: "/{client_id}/objects/{object_name}/timezone", args: (s) => ({ ...c(s), object_name: NAMES.ok }), expectAnswer: (answer) => expect(answer).toMatchObject({ object_name: NAMES.ok }) },
  { id: "listObjectInputs", method: "GET", path: "/{client_id}/objects/{object_name}/inputs", args: (s) => ({ ...c(s), object_name: NAMES.flow }), expectAnswer: (answer) => expect(answer).toEqual({}) },
  { id: "usageObject", method: "GET", path: "/{client_id}/objects/{object_name}/usage", args: (s) => ({ ...c(s), object_name: NAMES.ok }), expectAnswer: (answer) => expect(rows(answer).map((r) => r["name"])).toContain(NAMES.flow) },
  {
    id: "usageForCalendarEvents",
    method: "GET",
    path: "/{client_id}/objects/{object_name}/usage/calendarevent/{event_name}",
    args: (s) => ({ ...c(s), object_name: NAMES.calendar, event_name: "WORKDAYS" }),
    expectAnswer: (answer) => expect(rows(answer).map((r) => r["name"])).toContain(NAMES.schedule),
  },
  { id: "createForecast", method: "POST", path: "/{client_id}/forecasts", args: c, body: () => ({ forecast_option: "object", object: { name: NAMES.flow, start: future(), title: "REPLAY FORECAST" } }), expectAnswer: (answer) => expect(answer).toEqual({ forecast_id: expect.any(String) }) },
  { id: "listForecasts", method: "GET", path: "/{client_id}/forecasts", args: c, query: () => "fc_title=REPLAY*", expectAnswer: (answer, s) => expect(rows(answer).map((r) => String(r["id"]))).toContain(s.forecastId) },
  { id: "getForecast", method: "GET", path: "/{client_id}/forecasts/{forecast_id}", args: c, query: () => "fields=entries", expectAnswer: (answer, s) => expect(String(jsonObject(answer)["id"])).toBe(s.forecastId) },
  { id: "modifyForecast", method: "POST", path: "/{client_id}/forecasts/{forecast_id}", args: c, body: () => ({ title: "REPLAY RENAMED" }), expectAnswer: (answer) => jsonObject(answer) },
  {
    id: "listForecastAgents",
    method: "GET",
    path: "/{client_id}/forecasts/agents",
    args: c,
    query: () => `from=${future()}&to=${new Date(Date.now() + 7_200_000).toISOString().replace(/\.\d+Z$/, "Z")}`,
    queryRequired: true,
    expectAnswer: (answer) => expect(rows(answer).map((r) => r["agent"])).toContain("LOCAL"),
  },
  { id: "deleteForecast", method: "DELETE", path: "/{client_id}/forecasts", args: c, body: (s) => ({ ids: [Number(s.forecastId)] }), expectAnswer: (answer) => jsonObject(answer) },
  { id: "createRepository", method: "POST", path: "/{client_id}/repositories", args: c, body: (s) => ({ repository_url: s.site.remote, branch: "main" }), expectAnswer: (answer) => expect(answer).toMatchObject({ branch: "main", head_commit: expect.any(String) }) },
  { id: "getRepository", method: "GET", path: "/{client_id}/repositories", args: c, expectAnswer: (answer) => expect(answer).toMatchObject({ active_branch: "main" }) },
  {
    id: "postObjects",
    method: "POST",
    path: "/{client_id}/objects",
    args: c,
    query: () => "overwrite_existing_objects=true",
    body: () => ({ data: { scri: { general_attributes: { name: "SCRI.REPLAY.POSTED", type: "SCRI" }, scripts: [{ process: [':PRINT "posted"'] }] } }, path: NAMES.folder }),
    expectAnswer: (answer) => expect(answer).toEqual({}),
  },
  { id: "getChanges", method: "GET", path: "/{client_id}/repositories/changes", args: c, query: () => "fields=total", expectAnswer: (answer) => expect(Array.isArray(jsonObject(answer)["data"])).toBe(true) },
  { id: "commitChanges", method: "POST", path: "/{client_id}/repositories/commits", args: c, body: () => ({ message: "replayed commit" }), expectAnswer: (answer) => expect(answer).toMatchObject({ commit_id: expect.any(String), message: "replayed commit" }) },
  { id: "listBranches", method: "GET", path: "/{client_id}/repositories/branches", args: c, query: () => "max_results=50&start_at=0", expectAnswer: (answer) => expect(rows(answer).map((r) => r["name"])).toContain("main") },
  { id: "createBranch", method: "POST", path: "/{client_id}/repositories/branches", args: c, body: () => ({ branch_name: "replay-topic" }), expectAnswer: (answer) => expect(answer).toMatchObject({ name: "replay-topic" }) },
  { id: "branchLog", method: "GET", path: "/{client_id}/repositories/branches/{branch_name}/log", args: (s) => ({ ...c(s), branch_name: "main" }), query: () => "max_results=10", expectAnswer: (answer) => expect(rows(answer).length).toBeGreaterThan(0) },
  {
    id: "branchDiff",
    method: "GET",
    path: "/{client_id}/repositories/branches/{branch_name}/diff",
    args: (s) => ({ ...c(s), branch_name: "main" }),
    query: () => `branch_name_theirs=replay-topic&object_path_ours=${NAMES.folder}%2F${NAMES.ok}.json&object_path_theirs=${NAMES.folder}%2F${NAMES.ok}.json`,
    queryRequired: true,
    expectAnswer: (answer) => expect(answer).toMatchObject({ ours: { content: expect.stringContaining("hello from replay") } }),
  },
  { id: "mergeBranchIntoActive", method: "POST", path: "/{client_id}/repositories/merge", args: c, body: () => ({ branch_name: "replay-topic" }), expectAnswer: (answer) => expect(answer).toMatchObject({ status: expect.any(String) }) },
  { id: "deleteRepository", method: "DELETE", path: "/{client_id}/repositories/merge", args: c, expectAnswer: (answer) => expect(answer).toEqual({}) },
  { id: "pullRepository", method: "POST", path: "/{client_id}/repositories/pull", args: c, body: () => ({}), expectAnswer: (answer) => expect(answer).toMatchObject({ status: expect.any(String) }) },
  { id: "moveHead", method: "POST", path: "/{client_id}/repositories/commits/{commit_id}", args: (s) => ({ ...c(s), commit_id: s.commitId ?? "" }), expectAnswer: (answer) => jsonObject(answer) },
  { id: "getAgentDetails", method: "GET", path: "/{client_id}/system/agents/{object_name}", args: (s) => ({ ...c(s), object_name: "LOCAL" }), expectAnswer: (answer) => expect(answer).toMatchObject({ name: "LOCAL", authenticated: true }) },
  { id: "listAgents", method: "GET", path: "/{client_id}/system/agents", args: c, expectAnswer: (answer) => expect(rows(answer).map((r) => r["name"])).toContain("LOCAL") },
  { id: "listAgentgroups", method: "GET", path: "/{client_id}/system/agentgroups", args: c, expectAnswer: (answer) => expect(Array.isArray(jsonObject(answer)["data"])).toBe(true) },
  { id: "listClients", method: "GET", path: "/{client_id}/system/clients", args: c, expectAnswer: (answer) => expect(rows(answer).map((r) => r["client"])).toContain(CLIENT) },
  { id: "getFeatureList", method: "GET", path: "/{client_id}/system/features", args: c, expectAnswer: (answer) => expect(Array.isArray(answer)).toBe(true) },
  { id: "healthCheck", method: "GET", path: "/{client_id}/system/health", args: c, expectAnswer: (answer) => expect(answer).toMatchObject({ status: "UP" }) },
  { id: "productList", method: "GET", path: "/{client_id}/telemetry/products", args: c, expectAnswer: (answer) => expect(rows(answer).length).toBeGreaterThan(0) },
  { id: "exportTelemetry", method: "GET", path: "/{client_id}/telemetry/export/{start_from}", args: () => ({ client_id: 0, start_from: 2 }), expectAnswer: (answer) => jsonObject(answer) },
];

/** What the session keeps from an operation's answer for the ones after it. */
export function remember(operation: Operation, answer: unknown, session: Session): void {
  if (operation.id === "createForecast") session.forecastId = String(jsonObject(answer)["forecast_id"]);
  if (operation.id === "createRepository") session.commitId = String(jsonObject(answer)["head_commit"]);
}

/** Python's `str.replace` / the generated path builders: every `{name}` the arguments name, replaced. */
export function fillAll(path: string, args: Readonly<Record<string, string | number>>): string {
  return Object.entries(args).reduce((p, [key, value]) => p.split(`{${key}}`).join(String(value)), path);
}
