/**
 * Client replay: SyxAxis/AutomicGo, a Go command line tool ("automicv2") for the AE REST API.
 * Facts from https://github.com/SyxAxis/AutomicGo at commit 308228122f2408d79abfe9462f149aa2ee6beeeb:
 * pkg/opscalls.go (every request: HTTPCall sets Authorization Basic, Accept and Content-Type
 * application/json on every method, GET included), pkg/types.go (the structs each answer is
 * decoded into with encoding/json), cmd/*.go (the flags' defaults: search types ["JOBS"], report
 * window now-24h..now written "2006-01-02T15:04:05Z", include_deactivated true).
 *
 * What the tool reads is checked as encoding/json would decode it: a member of another JSON type
 * than the struct field (a number where a string is declared, a string where an int is) is an
 * UnmarshalTypeError and the field stays empty; times go through time.Parse(time.RFC3339).
 *
 * Client bugs (the request it sends is replayed; the vendor behaviour it meant is asserted):
 * | call | bug | what is checked instead |
 * |---|---|---|
 * | KillActiveExecution | `switch responseMeta.Type { case "JSCH|JOBP|JOBG": }` compares with one string holding the three names, so no type matches and a workflow is cancelled with `"cancel": {}` (not recursive) | the body it sends cancels a job; the recursive body it meant for a workflow cancels the workflow |
 * | GetTaskReportOutput | prints `ReportDataContent[0]` without checking the list: a report answered with no pages (start_at past the end) would panic | the full report answers at least one page |
 * | report --reporttype LIST | the default window is `time.Now()` (local time) formatted with a literal Z: on a host not running in UTC the window is shifted by the zone's offset | the window written in UTC, as the format says |
 * | HTTPCall | Basic credentials are the literals "myUsername"/"myPassword" in the source | replayed with the site's own login in the form USER/DEPARTMENT |
 */
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { workflow } from "../../testing/workflow-envelope";
import { basicAuth, CLIENT, DEPARTMENT, goParseRfc3339, jsonObject, NAMES, send, startSite, USER, wholeSecondsZ, type Site, type WireAnswer } from "./replay-fixture";

const REPO = "https://github.com/SyxAxis/AutomicGo/blob/308228122f2408d79abfe9462f149aa2ee6beeeb";
const OPSCALLS = `${REPO}/pkg/opscalls.go`;

type GoType = "string" | "int" | "int64" | "bool" | "raw";

/** A Go struct as pkg/types.go declares it: JSON key → field type. */
type GoStruct = Readonly<Record<string, GoType>>;

const ExecuteObjectMetadata: GoStruct = {
  name: "string", type: "string", queue: "string", run_id: "int", status: "int", status_text: "string", activation_time: "string", start_time: "string", end_time: "string",
  agent: "string", platform: "string", parent: "int", reference_run_id: "int", line_number: "int", user: "string", estimated_runtime: "int", title: "string", alias: "string",
  activator: "int", activator_object_type: "string",
};
const Activities: GoStruct = { total: "int", data: "raw", hasmore: "bool" };
const ServiceStatusMetadata: GoStruct = { status: "string", instancesRunning: "int", available: "raw" };
const ServiceStatusAvailability: GoStruct = { name: "string", count_of_connections: "int", last_life_sign: "string" };
const AgentMetaData: GoStruct = { name: "string", platform: "string", authenticated: "bool", version: "string", hardware: "string", ip_address: "string", port: "int", software: "string" };
const SearchResultData: GoStruct = {
  name: "string", type: "string", sub_type: "string", platform: "string", id: "string", title: "string", archive_key_1: "string", archive_key_2: "string", agent: "string", login: "string",
  folder_path: "string", client: "string", is_inactive: "string", created_by: "string", modified_by: "string", creation_date: "int64", modified_date: "int64", last_used_date: "int64",
};
const Comments: GoStruct = { timestamp: "string", comment: "string", user: "string" };
const ReportTypesAvailable: GoStruct = { end_timestamp: "string", type: "string", is_db: "bool" };
const ReportData: GoStruct = { total: "int", data: "raw" };
const ReportDataPage: GoStruct = { page: "int", content: "string" };
const SingleObjectDump: GoStruct = { total: "int", data: "raw", path: "string", client: "int", hasmore: "bool" };
const RunTimeMeta: GoStruct = { run_id: "int" };

/** encoding/json into `struct`: every member the struct declares decodes without a type error (null leaves the zero value). */
function goDecode(value: unknown, struct: GoStruct): Record<string, unknown> {
  const object = jsonObject(value);
  for (const [key, type] of Object.entries(struct)) {
    const member = object[key];
    if (member === undefined || member === null || type === "raw") continue;
    if (type === "string") expect(typeof member, `${key} decodes into a Go string`).toBe("string");
    if (type === "bool") expect(typeof member, `${key} decodes into a Go bool`).toBe("boolean");
    if (type === "int" || type === "int64") expect(Number.isInteger(member), `${key} decodes into a Go ${type}: ${JSON.stringify(member)}`).toBe(true);
  }
  return object;
}

/** What HTTPCall sends: Authorization, Accept and Content-Type on every method; Go's client adds its User-Agent and gzip. */
function goHeaders(): Record<string, string> {
  return { "User-Agent": "Go-http-client/1.1", Authorization: basicAuth(`${USER}/${DEPARTMENT}`), Accept: "application/json", "Content-Type": "application/json", "Accept-Encoding": "gzip" };
}

describe.each(testDialects)("client replay: SyxAxis/AutomicGo (Go CLI) on %s", (dialect) => {
  let site: Site;
  const call = (method: string, path: string, body?: string): Promise<WireAnswer> => send(site.test, { method, path, headers: goHeaders(), ...(body !== undefined && { body }) });
  const decoded = async (answer: WireAnswer): Promise<unknown> => {
    expect(answer.status, answer.text).toBe(200);
    return JSON.parse(answer.text);
  };

  beforeAll(async () => {
    site = await startSite(dialect);
  }, 90_000);
  afterAll(async () => {
    await site.stop();
  });

  it(`${OPSCALLS} SearchForObjectsByName: the filters it marshals find the job; each result decodes into SearchResultData`, async () => {
    // json.Marshal of SearchFilter: omitempty members left out, struct order kept.
    const body = `{"filters":[{"object_name":"${NAMES.ok}","filter_identifier":"object_name"},{"object_types":["JOBS"],"filter_identifier":"object_type"}],"max_results":10}`;
    const result = jsonObject(await decoded(await call("POST", `/${CLIENT}/search`, body)));
    goDecode(result, { total: "int", hasmore: "bool", data: "raw" });
    const rows = result["data"] as unknown[];
    expect(rows.map((row) => goDecode(row, SearchResultData)["name"])).toEqual([NAMES.ok]);
    expect(goDecode(rows[0], SearchResultData)).toMatchObject({ type: "JOBS", folder_path: `\\${NAMES.folder}` });
  });

  it(`${REPO}/SAMPLE_CALLS.txt search --objecttypes * (the flag's help: 'or simply "*"'): ["*"] finds the object whatever its type`, async () => {
    const body = `{"filters":[{"object_name":"${NAMES.flow}","filter_identifier":"object_name"},{"object_types":["*"],"filter_identifier":"object_type"}],"max_results":15}`;
    const rows = jsonObject(await decoded(await call("POST", `/${CLIENT}/search`, body)))["data"] as unknown[];
    expect(rows.map((row) => goDecode(row, SearchResultData)["name"])).toEqual([NAMES.flow]);
  });

  it(`${OPSCALLS} GetSystemStatus: GET /0/system/health?details=true decodes into SystemServiceStatus with every service UP`, async () => {
    const health = jsonObject(await decoded(await call("GET", "/0/system/health?details=true")));
    goDecode(health, { status: "string", count_active_executions: "int" });
    expect(health).toMatchObject({ status: "UP", count_active_executions: expect.any(Number) });
    for (const service of ["pwp", "wp", "jwp", "jcp", "rest", "cp"]) {
      const entry = goDecode(health[service], ServiceStatusMetadata);
      expect(entry["status"], service).toBe("UP");
      // SysStatusAsTable prints a row per instance: name, count_of_connections, last_life_sign.
      const instances = entry["available"] as unknown[];
      expect(instances, service).toHaveLength(Number(entry["instancesRunning"]));
      for (const instance of instances) goDecode(instance, ServiceStatusAvailability);
    }
  });

  it(`${OPSCALLS} GetActiveExecutions: both spellings it sends (none, and type=JOBS&type=JOBP&type=SCRI) decode into Activities; start_time parses as RFC 3339`, async () => {
    for (const scope of ["", "?type=JOBS&type=JOBP&type=SCRI"]) {
      const page = goDecode(await decoded(await call("GET", `/${CLIENT}/executions${scope}`)), Activities);
      const rows = page["data"] as unknown[];
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) {
        const execution = goDecode(row, ExecuteObjectMetadata);
        if (execution["start_time"] !== undefined) goParseRfc3339(execution["start_time"]);
        if (scope !== "") expect(["JOBS", "JOBP", "SCRI"]).toContain(execution["type"]);
      }
    }
  });

  it(`${OPSCALLS} GetActiveRuntimeMetadata: GET .../executions/{runid} is 200 and decodes into ExecuteObjectMetadata`, async () => {
    const execution = goDecode(await decoded(await call("GET", `/${CLIENT}/executions/${site.okRun}`)), ExecuteObjectMetadata);
    expect(execution).toMatchObject({ name: NAMES.ok, type: "JOBS", run_id: site.okRun, status: 1900, parent: 0 });
  });

  it(`${OPSCALLS} GetSystemAgents: GET .../system/agents?active=true decodes into AgentsData`, async () => {
    const agents = goDecode(await decoded(await call("GET", `/${CLIENT}/system/agents?active=true`)), { total: "int", data: "raw", hasmore: "bool" });
    const rows = (agents["data"] as unknown[]).map((row) => goDecode(row, AgentMetaData));
    expect(rows.map((row) => row["name"])).toContain("LOCAL");
  });

  it(`${OPSCALLS} SetTaskComment then GetTaskComments: the comment body it builds is 200; the list decodes into []Comments with RFC 3339 timestamps`, async () => {
    expect((await call("POST", `/${CLIENT}/executions/${site.okRun}/comments`, `{"comment": "checked by the night shift" }`)).status).toBe(200);
    const comments = await decoded(await call("GET", `/${CLIENT}/executions/${site.okRun}/comments`));
    expect(Array.isArray(comments)).toBe(true);
    const rows = (comments as unknown[]).map((row) => goDecode(row, Comments));
    expect(rows.map((row) => row["comment"])).toContain("checked by the night shift");
    for (const row of rows) goParseRfc3339(row["timestamp"]);
  });

  it(`${OPSCALLS} GetPreviousExecutions: name=*, the last 24 h written "2006-01-02T15:04:05Z", include_deactivated=true`, async () => {
    const now = Date.now();
    const path = `/${CLIENT}/executions?name=*&time_frame_from=${wholeSecondsZ(now - 86_400_000)}&time_frame_to=${wholeSecondsZ(now + 1000)}&include_deactivated=true`;
    const page = goDecode(await decoded(await call("GET", path)), Activities);
    expect(page["total"]).toBeGreaterThan(site.ticks);
    for (const row of page["data"] as unknown[]) goDecode(row, ExecuteObjectMetadata);
  });

  it(`${OPSCALLS} GetChildExecutions: GET .../children of the workflow decodes into Activities, the tasks' parent the workflow`, async () => {
    const page = goDecode(await decoded(await call("GET", `/${CLIENT}/executions/${site.flowRun}/children`)), Activities);
    const rows = (page["data"] as unknown[]).map((row) => goDecode(row, ExecuteObjectMetadata));
    expect(rows.map((row) => row["run_id"]).sort()).toEqual([...site.flowChildren].sort());
    for (const row of rows) expect(row["parent"]).toBe(site.flowRun);
  });

  it(`${OPSCALLS} GetExportObjectCode then ImportObjectCode: the exported bytes import again with overwrite_existing_objects=true (200) and are refused without it (400)`, async () => {
    const exported = await call("GET", `/${CLIENT}/objects/${NAMES.ok}`);
    const dump = goDecode(await decoded(exported), SingleObjectDump);
    expect(dump).toMatchObject({ total: 1, path: NAMES.folder, client: CLIENT });
    expect((await call("POST", `/${CLIENT}/objects?overwrite_existing_objects=true`, exported.text)).status).toBe(200);
    const refused = await call("POST", `/${CLIENT}/objects?overwrite_existing_objects=false`, exported.text);
    expect(refused.status, refused.text).toBe(400);
  });

  it(`${OPSCALLS} ExecuteTaskByName: { "object_name": ... } is 200 and run_id decodes into RunTimeMeta`, async () => {
    const started = goDecode(await decoded(await call("POST", `/${CLIENT}/executions`, `{ "object_name": "${NAMES.tick}"}`)), RunTimeMeta);
    expect(started["run_id"]).toEqual(expect.any(Number));
  });

  it(`${OPSCALLS} KillActiveExecution: the body it sends ({"action":"cancel","cancel":{}}) cancels a running job (200)`, async () => {
    await call("POST", `/${CLIENT}/objects?overwrite_existing_objects=true`, JSON.stringify({ data: { jobs: { general_attributes: { name: "JOBS.REPLAY.SLEEP", type: "JOBS", queue: "CLIENT_QUEUE" }, job_attributes: { platform: "UNIX", agent: "LOCAL", unix_shell: "sh" }, scripts: [{ process: ["sleep 30"] }] } }, path: NAMES.folder }));
    const runId = goDecode(await decoded(await call("POST", `/${CLIENT}/executions`, `{ "object_name": "JOBS.REPLAY.SLEEP"}`)), RunTimeMeta)["run_id"];
    const meta = goDecode(await decoded(await call("GET", `/${CLIENT}/executions/${runId}`)), ExecuteObjectMetadata);
    expect(meta["type"]).toBe("JOBS");
    const cancelled = await call("POST", `/${CLIENT}/executions/${runId}/status`, `{\n\t\t\t"action": "cancel",\n\t\t\t"cancel": {}\n\t\t}`);
    expect(cancelled.status, cancelled.text).toBe(200);
  });

  it(`${OPSCALLS} KillActiveExecution, as meant for a workflow: {"action":"cancel","cancel":{"recursive":"true"}} cancels a running workflow (200)`, async () => {
    await call("POST", `/${CLIENT}/objects?overwrite_existing_objects=true`, JSON.stringify({ ...workflow("JOBP.REPLAY.SLOWFLOW", [{ name: "JOBS.REPLAY.SLEEP" }], [2]), path: NAMES.folder }));
    const runId = goDecode(await decoded(await call("POST", `/${CLIENT}/executions`, `{ "object_name": "JOBP.REPLAY.SLOWFLOW"}`)), RunTimeMeta)["run_id"];
    expect(goDecode(await decoded(await call("GET", `/${CLIENT}/executions/${runId}`)), ExecuteObjectMetadata)["type"]).toBe("JOBP");
    const cancelled = await call("POST", `/${CLIENT}/executions/${runId}/status`, `{\n\t\t\t"action": "cancel",\n\t\t\t"cancel": {\n\t\t\t\t"recursive": "true"\n\t\t\t}\n\t\t}`);
    expect(cancelled.status, cancelled.text).toBe(200);
  });

  it(`${OPSCALLS} RestartExecution: {"action": "restart"} on the failed job is 200`, async () => {
    const restarted = await call("POST", `/${CLIENT}/executions/${site.failRun}/status`, `{\n\t\t"action": "restart"\n\t}`);
    expect(restarted.status, restarted.text).toBe(200);
  });

  it(`${OPSCALLS} RunScriptCode: its default script (two :PRINT lines joined by an escaped newline) in CLIENT_QUEUE is 200`, async () => {
    const body = `{\n\t\t"script": ":PRINT 'Hello from GWJ API CALL!'\\n:PRINT 'NEW line'",\n\t\t"queue": "CLIENT_QUEUE"\n\t  }`;
    const started = goDecode(await decoded(await call("POST", `/${CLIENT}/scripts`, body)), RunTimeMeta);
    expect(started["run_id"]).toEqual(expect.any(Number));
  });

  it(`${OPSCALLS} GetTaskReportsAvailable: GET .../reports decodes into []ReportTypesAvailable; an ended job's reports are in the database with an end time`, async () => {
    const reports = await decoded(await call("GET", `/${CLIENT}/executions/${site.okRun}/reports`));
    expect(Array.isArray(reports)).toBe(true);
    const rows = (reports as unknown[]).map((row) => goDecode(row, ReportTypesAvailable));
    expect(rows.map((row) => row["type"])).toEqual(expect.arrayContaining(["ACT", "REP"]));
    for (const row of rows) {
      expect(row["is_db"]).toBe(true);
      goParseRfc3339(row["end_timestamp"]);
    }
  });

  it(`${OPSCALLS} GetTaskReportOutput: REP and ACT decode into ReportData with a first page to print; a report the job has not (POST) is not 200, so the tool lists the reports instead`, async () => {
    for (const type of ["REP", "ACT"]) {
      const report = goDecode(await decoded(await call("GET", `/${CLIENT}/executions/${site.okRun}/reports/${type}`)), ReportData);
      const pages = (report["data"] as unknown[]).map((page) => goDecode(page, ReportDataPage));
      expect(pages.length, type).toBeGreaterThan(0);
      if (type === "REP") expect(pages[0]?.["content"]).toContain("hello from replay");
    }
    expect((await call("GET", `/${CLIENT}/executions/${site.okRun}/reports/POST`)).status).toBe(404);
  });
});
