import { OutComment, OutExecution, OutExecutionList, OutReport, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "../testing/test-baton";
import { workflow } from "../testing/workflow-envelope";

// What an execution looks like on the wire, as the vendor's examples and real answers show it
// (docs/decisions.md, "Vendor wire behaviour").

// EXECUTION_LIST: https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecutionList.htm
// COMMENTS: https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_CommentsOnExecutions.htm
// INPUTS: https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_General_InputPrompt.htm

/** Python's strptime('%Y-%m-%dT%H:%M:%SZ'): whole seconds, nothing after them. */
const STRPTIME_SECONDS = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/;

describe.each(testDialects)("execution answers as the vendor's on %s", (dialect) => {
  let test: TestBaton;
  let job: OutExecution;
  let flow: OutExecution;
  let script: OutExecution;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    for (const envelope of [jobEnvelope("WIRE.JOB", ["echo wire"]), workflow("WIRE.FLOW", [{ name: "WIRE.JOB" }], [2])]) {
      expect((await test.rest("/100/objects", json(envelope))).status).toBe(200);
    }
    job = await waitForEnd(test, 100, await start({ object_name: "WIRE.JOB" }));
    flow = await waitForEnd(test, 100, await start({ object_name: "WIRE.FLOW" }));
    const scripted = await test.rest("/100/scripts", json({ script: [":SET &COUNT# = 2 + 3", ":SET &WHERE# = 'here'"] }));
    script = await waitForEnd(test, 100, OutRunId.parse(await scripted.json()).run_id);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function start(body: Record<string, unknown>): Promise<number> {
    const response = await test.rest("/100/executions", json(body));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }
  const list = async (query: string) => {
    const response = await test.rest(`/100/executions?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutExecutionList.parse(await response.json());
  };

  // EXECUTION_LIST: `"type": "CALL"`, `"type": "SCRI"` — the object type code, not a name.
  it("writes type as the object type code", async () => {
    expect([job.type, flow.type, script.type]).toEqual(["JOBS", "JOBP", "SCRI"]);
    const children = OutExecutionList.parse(await (await test.rest(`/100/executions/${flow.run_id}/children`)).json()).data;
    expect(children.map((c) => [c.name, c.type])).toEqual([["WIRE.JOB", "JOBS"]]);
  });

  // EXECUTION_LIST, example 1: `?&type=JOBS&type=SCRI&type=JOBP&type=C_PERIOD&type=CALL`.
  it("filters by type codes given as repeated parameters, as the vendor's example asks", async () => {
    const found = await list("&type=JOBS&type=SCRI&type=JOBP&type=C_PERIOD&type=CALL&max_results=100");
    expect(new Set(found.data.map((e) => e.type))).toEqual(new Set(["JOBS", "JOBP", "SCRI"]));
    expect((await list("type=JOBP")).data.map((e) => e.run_id)).toEqual([flow.run_id]);
    expect((await list("type=SCRI,JOBP")).data.map((e) => e.run_id).sort()).toEqual([flow.run_id, script.run_id].sort());
  });

  // EXECUTION_LIST: a type code this engine has no executions of filters to nothing.
  it("filters a plausible code without executions (CBCK, JOBD, CPIT, API, C_HOSTG) to nothing, not to an error", async () => {
    for (const code of ["CBCK", "JOBD", "CPIT", "API", "C_HOSTG"]) expect((await list(`type=${code}`)).total, code).toBe(0);
  });

  it("keeps taking the names of the spec's summary, in any case, as the codes they stand for", async () => {
    expect((await list("type=Workflow")).data.map((e) => e.run_id)).toEqual([flow.run_id]);
    expect((await list("type=script")).data.map((e) => e.run_id)).toEqual([script.run_id]);
  });

  it("refuses a type that is neither a name nor of the form of a code, naming it", async () => {
    const response = await test.rest("/100/executions?type=JOBS,J*B");
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ path: "type", error: expect.stringContaining("'J*B' is not an execution type") })]);
  });

  // EXECUTION_LIST: `"activation_time": "2018-04-17T14:39:36Z"`; clients parse it with strptime('%Y-%m-%dT%H:%M:%SZ').
  it("writes every time of an execution in whole seconds", async () => {
    for (const execution of [job, flow, script]) {
      for (const time of [execution.activation_time, execution.start_time, execution.end_time]) expect(time).toMatch(STRPTIME_SECONDS);
    }
    for (const execution of (await list("max_results=100")).data) expect(execution.activation_time).toMatch(STRPTIME_SECONDS);
    const reports = z.array(OutReport).parse(await (await test.rest(`/100/executions/${job.run_id}/reports`)).json());
    expect(reports.length).toBeGreaterThan(0);
    for (const report of reports) expect(report.end_timestamp).toMatch(STRPTIME_SECONDS);
  });

  // COMMENTS: `"timestamp": "2018-04-17T13:08:01Z"`.
  it("writes comment timestamps in whole seconds", async () => {
    const added = OutComment.parse(await (await test.rest(`/100/executions/${job.run_id}/comments`, json({ comment: "seen" }))).json());
    expect(added.timestamp).toMatch(STRPTIME_SECONDS);
    const withComments = OutExecution.parse(await (await test.rest(`/100/executions/${job.run_id}?fields=comments`)).json());
    expect(withComments.comments?.map((c) => c.timestamp)).toEqual([added.timestamp]);
  });

  // EXECUTION_LIST and COMMENTS: a top-level execution has `"parent": 0`.
  it("gives a top-level execution parent 0 and a task its workflow's RunID", async () => {
    expect([job.parent, flow.parent, script.parent]).toEqual([0, 0, 0]);
    const children = OutExecutionList.parse(await (await test.rest(`/100/executions/${flow.run_id}/children`)).json()).data;
    expect(children.map((c) => c.parent)).toEqual([flow.run_id]);
  });

  // INPUTS: "there is no need to state explicitly a leading &"; variables come keyed like the inputs.
  it("keys the variables of an execution without the leading &", async () => {
    const variables = await (await test.rest(`/100/executions/${script.run_id}/variables`)).json();
    expect(variables).toEqual({ "COUNT#": 5, "WHERE#": "here" });
    const withVariables = OutExecution.parse(await (await test.rest(`/100/executions/${script.run_id}?fields=variables`)).json());
    expect(withVariables.variables).toEqual({ "COUNT#": 5, "WHERE#": "here" });
  });
});
