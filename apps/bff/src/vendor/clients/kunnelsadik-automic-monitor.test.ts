/**
 * Client replay: kunnelsadik/automic-monitor, a Python monitoring tool that polls executions of
 * configured workflows, walks their children, reads reports and variables and analyses runtimes.
 * Facts from https://github.com/kunnelsadik/automic-monitor:
 * - src/automic/client.py at d8d59c75a40cffbf5ad27b13b8b2e466eca8e5e2 (a requests.Session with
 *   HTTPBasicAuth and `Accept: application/json`; raise_for_status, then response.json()), used by
 *   main.py at d3c5c9ea8c05232ac722ab48a385bdbf46609222 (type == "JOBS" / "JOBP", status, parent);
 * - jhp_prod_crl_modernization_v2/automic_apis.py at 84f8101c226f801eea46a3ec4fec543194464e70
 *   (plain requests.get/post with auth=, params= dicts, `res_data['hasmore']`, the 404 fallback to
 *   LOG, `resp["LOG_FILE_OVERRIDE#"]`) and jhp_prod_crl_modernization_v2/main.py at
 *   2da11f526c65adbc05a70124887cac5ebea6985d (children sorted by
 *   `datetime.strptime(start_time or end_time or "1900-03-20T07:10:14Z", "%Y-%m-%dT%H:%M:%SZ")`
 *   and line_number; analyse_job compares activator with parent and activator_object_type with
 *   "JOBP", reference_run_id with 0, divides by estimated_runtime).
 *
 * Client bugs (the request it sends is replayed; the vendor behaviour is asserted):
 * | call | bug | what is checked instead |
 * |---|---|---|
 * | client.py get_job_logs | returns `response.get("content", "")`: the vendor answers the pages under `data[].content`, so it always returns "" | the answer has no top-level content and its pages hold the output (automic_apis.py's get_job_logs reads it right) |
 * | client.py get_execution_details | returns `.get("data", {})`: the vendor answers the execution itself, so it always returns {} | the execution is the top-level object |
 * | main.py (d3c5c9e) _fetch_combined_logs | calls `client.get_available_reports`, which AutomicClient does not have: AttributeError, caught, no request is sent | — (no call) |
 * | main.py (024cdcd) worker | reads `child['details']['name']` of each child: the vendor's children are executions without `details` (KeyError); fixed in d3c5c9e, which reads `child.get("name")` | the children carry name, run_id, status at top level |
 * | main.py get_job_stats_ert | filters with `job_name=` (and `sort`, `order`): the vendor's parameter is `name`; unknown parameters are ignored, so the list is not narrowed to the job | the unknown parameters are ignored (200), status=1900 still filters |
 */
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuth, CLIENT, DEPARTMENT, jsonObject, LOG_FILE_OVERRIDE, NAMES, send, startSite, strptimeWholeSecondsZ, USER, wholeSecondsZ, type Site, type WireAnswer } from "./replay-fixture";

const REPO = "https://github.com/kunnelsadik/automic-monitor/blob";
const CLIENT_PY = `${REPO}/d8d59c75a40cffbf5ad27b13b8b2e466eca8e5e2/src/automic/client.py`;
const MAIN_PY = `${REPO}/d3c5c9ea8c05232ac722ab48a385bdbf46609222/main.py`;
const APIS_PY = `${REPO}/84f8101c226f801eea46a3ec4fec543194464e70/jhp_prod_crl_modernization_v2/automic_apis.py`;
const JHP_MAIN_PY = `${REPO}/2da11f526c65adbc05a70124887cac5ebea6985d/jhp_prod_crl_modernization_v2/main.py`;

/** The status codes get_failed_run_ids asks for. */
const FAILED_STATUSES = "1800,1801,1802,1810,1815,1820,1821,1822,1823,1824,1825,1826,1827,1828,1829,1830,1856";

/** urllib.parse.urlencode of a params dict as requests sends it (quote_plus: only A-Z a-z 0-9 _ . - ~ stay). */
function pyParams(params: Readonly<Record<string, string | number>>): string {
  return Object.entries(params)
    .map(([key, value]) => `${quotePlus(key)}=${quotePlus(String(value))}`)
    .join("&");
}
function quotePlus(text: string): string {
  return encodeURIComponent(text)
    .replace(/[!'()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`)
    .replace(/%20/g, "+");
}

/** requests' default headers, HTTPBasicAuth (latin-1), and the session's Accept when client.py sets it. */
function pyHeaders(accept = "*/*", extra: Record<string, string> = {}): Record<string, string> {
  return { "User-Agent": "python-requests/2.32.3", "Accept-Encoding": "gzip, deflate", Accept: accept, Connection: "keep-alive", Authorization: basicAuth(`${CLIENT}/${USER}/${DEPARTMENT}`), ...extra };
}

/** response.raise_for_status() then response.json(). */
function raiseThenJson(answer: WireAnswer): unknown {
  expect(answer.status, answer.text).toBeLessThan(400);
  return JSON.parse(answer.text);
}

describe.each(testDialects)("client replay: kunnelsadik/automic-monitor on %s", (dialect) => {
  let site: Site;
  /** client.py: the session's Accept: application/json on every call. */
  const session = (method: string, path: string, body?: unknown) =>
    send(site.test, { method, path, headers: pyHeaders("application/json", body === undefined ? {} : { "Content-Type": "application/json" }), ...(body !== undefined && { body: JSON.stringify(body) }) });
  /** automic_apis.py: requests.get/post with auth= only. */
  const plain = (method: string, path: string, body?: unknown) =>
    send(site.test, { method, path, headers: pyHeaders("*/*", body === undefined ? {} : { "Content-Type": "application/json" }), ...(body !== undefined && { body: JSON.stringify(body) }) });
  const base = `/${CLIENT}`;

  beforeAll(async () => {
    site = await startSite(dialect);
  }, 90_000);
  afterAll(async () => {
    await site.stop();
  });

  it(`${CLIENT_PY} get_latest_executions as ${MAIN_PY} reads it: data rows with run_id, name, type JOBP/JOBS, status, parent`, async () => {
    const flows = jsonObject(raiseThenJson(await session("GET", `${base}/executions?${pyParams({ name: NAMES.flow })}`)))["data"] as Record<string, unknown>[];
    expect(flows.map((row) => [row["run_id"], row["name"], row["type"], row["status"], row["parent"]])).toEqual([[site.flowRun, NAMES.flow, "JOBP", 1900, 0]]);
    const jobs = jsonObject(raiseThenJson(await session("GET", `${base}/executions?${pyParams({ name: NAMES.ok })}`)))["data"] as Record<string, unknown>[];
    // The job ran on its own and as the workflow's task: both are JOBS, the task's parent the workflow.
    expect(jobs.map((row) => row["type"])).toEqual(["JOBS", "JOBS"]);
    expect(jobs.map((row) => row["parent"]).sort()).toEqual([0, site.flowRun].sort());
    for (const row of jobs) expect(typeof row["status_text"]).toBe("string");
  });

  it(`${CLIENT_PY} get_execution_details (client bug: reads "data"): the vendor answers the execution as the top-level object`, async () => {
    const execution = jsonObject(raiseThenJson(await session("GET", `${base}/executions/${site.okRun}`)));
    expect(execution["data"]).toBeUndefined();
    expect(execution).toMatchObject({ run_id: site.okRun, name: NAMES.ok, type: "JOBS" });
  });

  it(`${CLIENT_PY} get_children as ${MAIN_PY} reads each child: run_id, status, status_text, name at top level (no "details")`, async () => {
    const children = jsonObject(raiseThenJson(await session("GET", `${base}/executions/${site.flowRun}/children`)))["data"] as Record<string, unknown>[];
    expect(children.map((child) => child["run_id"]).sort()).toEqual([...site.flowChildren].sort());
    for (const child of children) {
      expect(child["details"]).toBeUndefined();
      expect(child).toMatchObject({ status: 1900, status_text: expect.any(String), name: expect.any(String) });
    }
  });

  it(`${CLIENT_PY} search and ${APIS_PY} search_api: the payload of ${JHP_MAIN_PY} (object_name and object_types JOBP, JOBS; max_results 20)`, async () => {
    const payload = { filters: [{ filter_identifier: "object_name", object_name: NAMES.flow }, { filter_identifier: "object_type", object_types: ["JOBP", "JOBS"] }], max_results: 20 };
    for (const answer of [await session("POST", `${base}/search`, payload), await plain("POST", `${base}/search`, payload)]) {
      const result = jsonObject(raiseThenJson(answer));
      expect((result["data"] as Record<string, unknown>[]).map((row) => row["name"])).toEqual([NAMES.flow]);
    }
  });

  it(`${CLIENT_PY} get_job_logs (client bug: reads top-level "content"): the vendor answers the report's pages under data[].content`, async () => {
    const report = jsonObject(raiseThenJson(await session("GET", `${base}/executions/${site.okRun}/reports/REP`)));
    expect(report["content"]).toBeUndefined();
    expect((report["data"] as { content: string }[])[0]?.content).toContain("hello from replay");
  });

  it(`${APIS_PY} get_job_logs: REP is 200, every data[].content joined, res_data['hasmore'] present; RET= is found in the log`, async () => {
    const answer = await plain("GET", `${base}/executions/${site.okRun}/reports/REP`);
    expect(answer.status).toBe(200);
    const report = jsonObject(JSON.parse(answer.text));
    const log = (report["data"] as { content: string }[]).map((item) => `${item.content}\n`).join("");
    expect(log).toMatch(/\bRET=(\d+)\b/);
    expect(typeof report["hasmore"]).toBe("boolean");
  });

  it(`${APIS_PY} get_job_logs on a run without REP: 404, then LOG is asked for and is 404 too, so the tool returns ""`, async () => {
    expect((await plain("GET", `${base}/executions/${site.flowRun}/reports/REP`)).status).toBe(404);
    expect((await plain("GET", `${base}/executions/${site.flowRun}/reports/LOG`)).status).toBe(404);
  });

  it(`${APIS_PY} get_job_execution_details and get_job_execution_ert: 200 with the execution itself, and the ERT object`, async () => {
    const execution = jsonObject(raiseThenJson(await plain("GET", `${base}/executions/${site.flowRun}`)));
    expect(execution).toMatchObject({ name: NAMES.flow, type: "JOBP" });
    const ert = jsonObject(raiseThenJson(await plain("GET", `${base}/executions/${site.flowRun}/ert`)));
    expect(ert).toMatchObject({ ert: expect.any(Number), rrt: expect.any(Number) });
  });

  it(`${APIS_PY} get_job_execution_children as ${JHP_MAIN_PY} get_job_stats sorts and analyses them: strptime %Y-%m-%dT%H:%M:%SZ, line_number, a task's activator is its workflow`, async () => {
    const children = jsonObject(raiseThenJson(await plain("GET", `${base}/executions/${site.flowRun}/children`)))["data"] as Record<string, unknown>[];
    const sorted = [...children].sort((a, b) => strptimeWholeSecondsZ(a["start_time"] ?? a["end_time"] ?? "1900-03-20T07:10:14Z").getTime() - strptimeWholeSecondsZ(b["start_time"] ?? b["end_time"] ?? "1900-03-20T07:10:14Z").getTime() || Number(a["line_number"]) - Number(b["line_number"]));
    expect(sorted.map((child) => child["line_number"])).toEqual([2, 3]);
    for (const child of sorted) {
      for (const key of ["activation_time", "start_time", "end_time"]) strptimeWholeSecondsZ(child[key]);
      // analyse_job: `activator == parent and activator_object_type == "JOBP"` is a task the workflow started.
      expect(child).toMatchObject({ parent: site.flowRun, activator: site.flowRun, activator_object_type: "JOBP", reference_run_id: 0, runtime: expect.any(Number) });
      if (child["estimated_runtime"] !== undefined) expect(typeof child["estimated_runtime"]).toBe("number");
    }
  });

  it(`${APIS_PY} get_job_execution_variables / get_log_file_override_path: resp["LOG_FILE_OVERRIDE#"], keyed without the leading &`, async () => {
    const variables = jsonObject(raiseThenJson(await plain("GET", `${base}/executions/${site.varsRun}/variables`)));
    expect(variables["LOG_FILE_OVERRIDE#"]).toBe(LOG_FILE_OVERRIDE);
    expect(String(variables["LOG_FILE_OVERRIDE#"]).replace("D$", "")).toBe("\\logs\\replay.log");
  });

  it(`${APIS_PY} get_failed_run_ids: name, the comma list of failed statuses, include_deactivated and time_frame_from find the failed run`, async () => {
    const params = { name: NAMES.fail, status: FAILED_STATUSES, include_deactivated: "true", time_frame_from: wholeSecondsZ(Date.now() - 3_600_000) };
    const rows = jsonObject(raiseThenJson(await plain("GET", `${base}/executions?${pyParams(params)}`)))["data"] as Record<string, unknown>[];
    expect(rows.map((task) => task["run_id"])).toContain(site.failRun);
    for (const task of rows) expect(task["status"]).toBeGreaterThanOrEqual(1800);
  });

  it(`${APIS_PY} get_job_latest_run / get_job_run_ids: max_results and start_at_run_id, paged by the last RunID until hasmore is false`, async () => {
    const from = wholeSecondsZ(Date.now() - 3_600_000);
    const seen: number[] = [];
    let startAt: number | undefined;
    for (let page = 0; page < 10; page++) {
      const params = { name: NAMES.tick, include_deactivated: "true", max_results: 100, time_frame_from: from, ...(startAt !== undefined && { start_at_run_id: startAt }) };
      const answer = jsonObject(raiseThenJson(await plain("GET", `${base}/executions?${pyParams(params)}`)));
      const ids = (answer["data"] as { run_id: number }[]).map((task) => task.run_id);
      seen.push(...ids);
      if (answer["hasmore"] === false) break;
      startAt = ids.at(-1);
    }
    expect(seen.length).toBeGreaterThanOrEqual(site.ticks);
    expect(new Set(seen).size).toBe(seen.length);
  });

  it(`${APIS_PY} get_job_run_ids_status with type=JOBP and max_results=30, as ${JHP_MAIN_PY} run_analysis sorts and compares the rows`, async () => {
    const params = { name: NAMES.flow, include_deactivated: "true", type: "JOBP", max_results: 30, time_frame_from: wholeSecondsZ(Date.now() - 3_600_000) };
    const rows = jsonObject(raiseThenJson(await plain("GET", `${base}/executions?${pyParams(params)}`)))["data"] as Record<string, unknown>[];
    expect(rows.map((row) => row["run_id"])).toEqual([site.flowRun]);
    for (const row of rows) {
      strptimeWholeSecondsZ(row["start_time"] ?? row["end_time"] ?? "2900-03-20T07:10:14Z");
      expect(Number(row["status"]) >= 1800 && Number(row["status"]) <= 1999).toBe(true);
      expect(row).toMatchObject({ queue: "CLIENT_QUEUE", parent: 0, reference_run_id: 0, user: `${USER}/${DEPARTMENT}` });
    }
  });

  it(`${APIS_PY} get_object_details: GET .../objects/{name}/ with a trailing slash and no parameters answers the export`, async () => {
    const object = jsonObject(raiseThenJson(await plain("GET", `${base}/objects/${NAMES.ok}/`)));
    expect((object["data"] as { jobs: { general_attributes: { name: string } } }).jobs.general_attributes.name).toBe(NAMES.ok);
  });

  it(`${APIS_PY} get_workflow_timing_from_schedule: data.jsch has the members it measures and its workflow_definitions hold the active task`, async () => {
    const jsch = (jsonObject(raiseThenJson(await plain("GET", `${base}/objects/${NAMES.schedule}`)))["data"] as { jsch: Record<string, unknown> }).jsch;
    for (const member of ["calendar_conditions", "general_attributes", "schedule_attributes", "workflow_definitions"]) expect(jsch[member], member).toBeDefined();
    const tasks = (jsch["workflow_definitions"] as Record<string, unknown>[]).filter((task) => task["object_name"] === NAMES.flow && task["active"] === 1);
    expect(tasks).toEqual([expect.objectContaining({ object_type: "JOBP", earliest_start_time: "06:00" })]);
  });

  it(`${JHP_MAIN_PY} get_job_stats_ert (client bug: job_name= is not a parameter): GET .../executions/ with a trailing slash and unknown parameters is 200, status=1900 still filters`, async () => {
    const params = { job_name: NAMES.ok, status: 1900, include_deactivated: "true", sort: "startTime", order: "desc", max_results: 20 };
    const rows = jsonObject(raiseThenJson(await plain("GET", `${base}/executions/?${pyParams(params)}`)))["data"] as Record<string, unknown>[];
    expect(rows).toHaveLength(20);
    for (const exe of rows) expect(exe["status"]).toBe(1900);
    // job_name narrowed nothing: the newest runs that ended OK are other objects' (the burst's).
    expect(rows.some((exe) => exe["name"] !== NAMES.ok)).toBe(true);
  });
});
