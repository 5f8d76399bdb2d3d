import { ErrorCode, OutExecutionList, OutValidationError, Status } from "@baton/contract";
import { connectStore, type Store } from "@baton/engine";
import { insertExecution, newExecution, testDialects, type NewExecution } from "@baton/engine/testing";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, startTestBaton, type TestBaton } from "../testing/test-baton";

// Every documented rule and example of the vendor's execution list and its filters, each test
// naming the page it checks (docs/decisions.md, "Execution list" and "Vendor wire behaviour").
const EXECUTION_LIST =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecutionList.htm";
const FILTER =
  "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_General_FilterExecutionList.htm";
const GENERAL_INFO = "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_GeneralInfo.htm";
/**
 * The stored copy of the filter page ends inside its time frame part; the parameters after it are
 * described by the vendor's swagger, as the client generated from it carries it (listExecutions).
 */
const SWAGGER = "https://github.com/KrumGanev/automic_rest/blob/master/automic_rest/help.py (listExecutions)";

const SECOND = 1000;
/** 2018-04-17T14:00:00Z, the day of the vendor's example answers. */
const T = Date.UTC(2018, 3, 17, 14, 0, 0);
const at = (seconds: number) => new Date(T + seconds * SECOND).toISOString().replace(".000Z", "Z");

describe.each(testDialects)("vendor: the execution list and its filters on %s", (dialect) => {
  let test: TestBaton;
  let store: Store;
  /** Run ids of the executions below, written straight into the server's database (client 100 holds nothing else). */
  const id: Record<"alpha" | "beta" | "flow" | "task" | "restart" | "held", number> = { alpha: 0, beta: 0, flow: 0, task: 0, restart: 0, held: 0 };

  async function add(overrides: Partial<NewExecution>): Promise<number> {
    return (await insertExecution(store.db, newExecution({ status: Status.ENDED_OK, ...overrides }), "{}", T)).runId;
  }

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    store = connectStore({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    const ran = (from: number, to: number | null) => ({ activationTime: T + from * SECOND, startTime: T + (from + 1) * SECOND, endTime: to === null ? null : T + to * SECOND });
    id.alpha = await add({ name: "FLT.ALPHA", objectType: "JOBS", type: "Job", agent: "WIN01", platform: "WINDOWS", user: "SMITH/DEP", archiveKey1: "Key1", ...ran(0, 6) });
    id.beta = await add({ name: "FLT.BETA", objectType: "SCRI", type: "Script", queue: "FAST.QUEUE", status: Status.ENDED_NOT_OK, user: "JONES/OPS", alias: "FLT.BETA.ALIAS", archiveKey2: "key2", ...ran(60, 70) });
    id.flow = await add({ name: "FLT.FLOW", objectType: "JOBP", type: "Workflow", ...ran(120, 300) });
    id.task = await add({ name: "FLT.FLOW.TASK", objectType: "JOBS", type: "Job", parent: id.flow, lineNumber: 2, activatorObjectType: "JOBP", agent: "LINUX01", platform: "UNIX", ...ran(121, 130) });
    id.restart = await add({ name: "FLT.ALPHA", objectType: "JOBS", type: "Job", referenceRunId: id.alpha, restartCount: 1, restartPredecessor: id.alpha, agent: "WIN01", platform: "WINDOWS", user: "SMITH/DEP", ...ran(200, 205) });
    id.held = await add({ name: "FLT.HELD", objectType: "JOBS", type: "Job", status: Status.WAITING_FOR_MANUAL_RELEASE, activationTime: T + 400 * SECOND, startTime: null, endTime: null });
    expect((await test.rest(`/100/executions/${id.beta}/comments`, json({ comment: "looked at" }))).status).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await store.close();
    await test.stop();
  });

  async function list(query: string): Promise<OutExecutionList> {
    const response = await test.rest(`/100/executions?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutExecutionList.parse(await response.json());
  }
  /** The run ids a query lists, in the list's order. */
  const listed = async (query: string) => (await list(query)).data.map((e) => e.run_id);
  /** Every execution but those named, in the list's order (newest activation first). */
  const allBut = (...excluded: number[]) => [id.held, id.restart, id.task, id.flow, id.beta, id.alpha].filter((runId) => !excluded.includes(runId));
  async function refused(query: string, path: string): Promise<void> {
    const response = await test.rest(`/100/executions?${query}`);
    expect(response.status).toBe(400);
    expect(z.array(OutValidationError).parse(await response.json())).toEqual([expect.objectContaining({ code: ErrorCode.INVALID_REQUEST, path })]);
  }

  // EXECUTION_LIST, example 1: `executions?&type=JOBS&type=SCRI&type=JOBP&type=C_PERIOD&type=CALL`
  // answers {total, data: [...]} newest activation first, each entry as the example's.
  it(`answers example 1 of the page: the executions of those types, newest first, shaped as the example's (${EXECUTION_LIST})`, async () => {
    const answer = await list("&type=JOBS&type=SCRI&type=JOBP&type=C_PERIOD&type=CALL");
    expect(answer.total).toBe(6);
    expect(answer.data.map((e) => e.run_id)).toEqual(allBut());
    const alpha = answer.data.find((e) => e.run_id === id.alpha);
    expect(alpha).toMatchObject({
      name: "FLT.ALPHA",
      type: "JOBS",
      status: 1900,
      status_text: "ENDED_OK - ended normally",
      runtime: 5,
      activation_time: at(0),
      start_time: at(1),
      end_time: at(6),
      parent: 0,
      user: "SMITH/DEP",
      // The example's executions were given no alias: each carries its name as the alias.
      alias: "FLT.ALPHA",
    });
  });

  // EXECUTION_LIST, example 1: "still running (include_deactivated=false per default)", and its
  // answer lists ENDED_OK executions: an ended execution stays listed until it is deactivated,
  // which Baton never does (docs/decisions.md, "Execution list").
  it(`lists ended executions by default and the same with include_deactivated=true or false (${EXECUTION_LIST}; ${SWAGGER})`, async () => {
    expect(await listed("")).toEqual(allBut());
    expect(await listed("include_deactivated=false")).toEqual(allBut());
    expect(await listed("include_deactivated=true")).toEqual(allBut());
  });

  // FILTER: "Enter the name (..?name=[NAME]) or part of the name (..?name=[NAM]*)".
  it(`filters by the whole name or a part of it with * (${FILTER})`, async () => {
    expect(await listed("name=FLT.ALPHA")).toEqual([id.restart, id.alpha]);
    expect(await listed("name=FLT.AL*")).toEqual([id.restart, id.alpha]);
    expect(await listed("name=FLT.FLOW*")).toEqual([id.task, id.flow]);
    expect(await listed("name=FLT.NONE")).toEqual([]);
  });

  // FILTER, name and alias: "Note: You can only use the query parameter once."
  it(`refuses name or alias given twice, listing nothing (${FILTER})`, async () => {
    await refused("name=FLT.ALPHA&name=FLT.BETA", "name");
    await refused("alias=FLT.ALPHA&alias=FLT.BETA", "alias");
  });

  // FILTER: "name_exclude: Use this parameter to exclude the executions with a certain name."
  it(`lists every execution but those of the name with name_exclude (${FILTER})`, async () => {
    expect(await listed("name=FLT.ALPHA&name_exclude=true")).toEqual(allBut(id.alpha, id.restart));
    expect(await listed("name=FLT.ALPHA&name_exclude=false")).toEqual([id.restart, id.alpha]);
  });

  // FILTER: "The alias is an optional, additional name ... If defined, the alias is displayed
  // instead of its name. Enter the alias (..?alias=[NAME]) or part of the alias (..?alias=[NAM]*)".
  it(`filters by the alias, an execution without one going by its name (${FILTER}; ${EXECUTION_LIST})`, async () => {
    expect(await listed("alias=FLT.BETA.ALIAS")).toEqual([id.beta]);
    expect(await listed("alias=FLT.BETA*")).toEqual([id.beta]);
    // FLT.BETA is displayed as its alias, so its name no longer finds it.
    expect(await listed("alias=FLT.BETA")).toEqual([]);
    expect(await listed("alias=FLT.ALPHA")).toEqual([id.restart, id.alpha]);
    expect(await listed("alias=FLT.FLOW.*")).toEqual([id.task]);
    expect((await list("name=FLT.BETA")).data.map((e) => e.alias)).toEqual(["FLT.BETA.ALIAS"]);
  });

  // FILTER: "You can add query parameters to filter for the following object types: CALL, CBCK,
  // SCRI, JOBD, CPIT, JOBG, C_PERIOD, JOBF, REPORT, JSCH, JOBP, JOBS, JOBQ, EVNT, API, C_HOSTG ...
  // use the parameter once and separate the values with comas (type=JOBS,JOBP) or use the
  // parameter more than once in a request (type=JOBS&type=JOBP)."
  it(`filters by the page's object types, comma-separated or repeated (${FILTER})`, async () => {
    const jobsAndFlows = allBut(id.beta);
    expect(await listed("type=JOBS,JOBP")).toEqual(jobsAndFlows);
    expect(await listed("type=JOBS&type=JOBP")).toEqual(jobsAndFlows);
    expect(await listed("type=SCRI")).toEqual([id.beta]);
    for (const code of ["CALL", "CBCK", "JOBD", "CPIT", "JOBG", "C_PERIOD", "JOBF", "REPORT", "JSCH", "JOBQ", "EVNT", "API", "C_HOSTG"]) {
      expect([code, (await list(`type=${code}`)).total]).toEqual([code, 0]);
    }
  });

  // FILTER: "The AE REST API supports only the list view", which "affects both, parent and child tasks".
  it(`filters a workflow's tasks as it does top-level executions (${FILTER})`, async () => {
    expect(await listed("name=FLT.FLOW.TASK")).toEqual([id.task]);
    expect(await listed("agent=LINUX01")).toEqual([id.task]);
    expect((await list("name=FLT.FLOW.TASK")).data[0]).toMatchObject({ parent: id.flow, line_number: 2 });
  });

  // FILTER, "Time frame": time_frame_option says which time lies in [time_frame_from, time_frame_to];
  // SWAGGER: "If omitted, the default value of 'all' is applied", bounds `YYYY-MM-DDThh:mm:ssZ`.
  it(`finds executions in a time frame by activation, start, end or their whole lifetime (${FILTER}; ${SWAGGER})`, async () => {
    expect(await listed(`time_frame_option=activation&time_frame_from=${at(60)}&time_frame_to=${at(120)}`)).toEqual([id.flow, id.beta]);
    expect(await listed(`time_frame_option=start&time_frame_from=${at(62)}&time_frame_to=${at(200)}`)).toEqual([id.task, id.flow]);
    expect(await listed(`time_frame_option=end&time_frame_from=${at(6)}&time_frame_to=${at(70)}`)).toEqual([id.beta, id.alpha]);
    // all: the lifetime overlaps the frame; the workflow ran from 120 s to 300 s.
    expect(await listed(`time_frame_option=all&time_frame_from=${at(250)}&time_frame_to=${at(260)}`)).toEqual([id.flow]);
    expect(await listed(`time_frame_from=${at(250)}&time_frame_to=${at(260)}`)).toEqual([id.flow]);
    // One not ended lives on: it overlaps every frame after its activation.
    expect(await listed(`time_frame_from=${at(500)}`)).toEqual([id.held]);
    await refused(`time_frame_from=${encodeURIComponent("2018-04-17 14:00:00")}`, "time_frame_from");
    await refused("time_frame_option=later", "time_frame_option");
  });

  // SWAGGER: status "Supports multiple, comma-separated values", example 1800.
  it(`filters by one status or several, comma-separated (${SWAGGER})`, async () => {
    expect(await listed("status=1800")).toEqual([id.beta]);
    expect(await listed("status=1800,1693")).toEqual([id.held, id.beta]);
  });

  // SWAGGER: agent "Supports wildcards (*)", agent_exclude "Exclude agent name".
  it(`filters by the agent, or excludes it (${SWAGGER})`, async () => {
    expect(await listed("agent=WIN*")).toEqual([id.restart, id.alpha]);
    expect(await listed("agent=WIN01&agent_exclude=true")).toEqual(allBut(id.restart, id.alpha));
  });

  // SWAGGER: platform "Agent types to query. Supports multiple, comma-separated values."
  it(`filters by agent types, comma-separated or repeated (${SWAGGER})`, async () => {
    expect(await listed("platform=UNIX,WINDOWS")).toEqual([id.restart, id.task, id.alpha]);
    expect(await listed("platform=UNIX&platform=WINDOWS")).toEqual([id.restart, id.task, id.alpha]);
    expect(await listed("platform=UNIX")).toEqual([id.task]);
  });

  // SWAGGER: queue "Queues to query. Supports multiple, comma-separated values." (example CLIENT_QUEUE).
  it(`filters by queues (${SWAGGER})`, async () => {
    expect(await listed("queue=FAST.QUEUE")).toEqual([id.beta]);
    expect(await listed("queue=CLIENT_QUEUE,FAST.QUEUE")).toEqual(allBut());
  });

  // SWAGGER: user "Username to query. Supports wildcards (*)" (example TEST/DEP), user_exclude.
  it(`filters by the user NAME/DEPARTMENT, or excludes it (${SWAGGER})`, async () => {
    expect(await listed("user=SMITH/DEP")).toEqual([id.restart, id.alpha]);
    expect(await listed("user=*/OPS")).toEqual([id.beta]);
    expect(await listed("user=SMITH/DEP&user_exclude=true")).toEqual(allBut(id.restart, id.alpha));
  });

  // SWAGGER: archive_key1/archive_key2 "Supports wildcards (*)", with their *_exclude flags.
  it(`filters by archive keys, or excludes them (${SWAGGER})`, async () => {
    expect(await listed("archive_key1=Key1")).toEqual([id.alpha]);
    expect(await listed("archive_key1=K*")).toEqual([id.alpha]);
    expect(await listed("archive_key2=key2")).toEqual([id.beta]);
    expect(await listed("archive_key1=Key1&archive_key1_exclude=true")).toEqual(allBut(id.alpha));
    expect(await listed("archive_key2=key2&archive_key2_exclude=true")).toEqual(allBut(id.beta));
  });

  // SWAGGER: commented_only "Query only commented tasks."
  it(`lists only commented executions with commented_only (${SWAGGER})`, async () => {
    expect(await listed("commented_only=true")).toEqual([id.beta]);
    expect(await listed("commented_only=false")).toEqual(allBut());
  });

  // SWAGGER: reference_run_id "RunID of the original execution, zero if this was not a restart".
  it(`filters restarts by their original's RunID, and executions that are no restart by 0 (${SWAGGER})`, async () => {
    expect(await listed(`reference_run_id=${id.alpha}`)).toEqual([id.restart]);
    expect(await listed("reference_run_id=0")).toEqual(allBut(id.restart));
    const answer = await list("name=FLT.ALPHA");
    expect(answer.data.map((e) => [e.run_id, e.reference_run_id])).toEqual([[id.restart, id.alpha], [id.alpha, 0]]);
  });

  // SWAGGER: run_id "RunID of the execution."
  it(`finds one execution by run_id (${SWAGGER})`, async () => {
    expect(await listed(`run_id=${id.task}`)).toEqual([id.task]);
  });

  // SWAGGER: modified_only, remote_status_number, remote_status_text, zdu_version (B or T) and
  // sync_usage ask for data Baton does not keep: their values are checked, and they match nothing.
  it(`checks modified_only, remote statuses, zdu_version and sync_usage, which match nothing here (${SWAGGER})`, async () => {
    for (const query of ["modified_only=true", "remote_status_number=1200", "remote_status_text=Executed", "zdu_version=B", "sync_usage=SYNC1"]) {
      expect([query, await listed(query)]).toEqual([query, []]);
    }
    expect(await listed("modified_only=false")).toEqual(allBut());
    await refused("zdu_version=X", "zdu_version");
    await refused("remote_status_number=high", "remote_status_number");
  });

  // GENERAL_INFO: "The REST requests and responses contain JSON structured data: Optional
  // properties with value null might be omitted in the response payload."
  it(`answers JSON and leaves out the optional properties that have no value (${GENERAL_INFO})`, async () => {
    const response = await test.rest("/100/executions");
    expect(response.headers.get("content-type")).toBe("application/json");
    const text = await response.text();
    expect(text).not.toContain("null");
    const held = OutExecutionList.parse(JSON.parse(text)).data.find((e) => e.run_id === id.held);
    expect(held && Object.keys(held).filter((key) => ["start_time", "end_time", "runtime", "agent", "platform", "line_number"].includes(key))).toEqual([]);
  });
});
