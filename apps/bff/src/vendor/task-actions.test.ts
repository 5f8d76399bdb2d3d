import { rmSync, writeFileSync } from "node:fs";
import { ErrorCode, OutError, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUserWithoutRights } from "../testing/fuzz-harness";
import { reportText } from "../testing/report-text";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";
import { workflow } from "../testing/workflow-envelope";

/** The vendor's page these tests are written from (docs.automic.com, AE REST API, 24.4). */
const WORKFLOW_TASKS =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/24.4.0/Automic%20Automation%20Guides/Content/REST_API/AE_REST_API_Using_WorkingWithWorkflowTasks.htm";

/** A RunID as the vendor's messages write it. */
const padded = (runId: number) => String(runId).padStart(10, "0");

describe.each(testDialects)("vendor: actions on workflow tasks on %s", (dialect) => {
  let test: TestBaton;
  let noRights: string;
  /** A workflow whose one task runs until the test lets it end (it waits for a file). */
  let flow: number;
  let runningTask: number;
  let endedTask: number;
  /** A run of client 0: client 100 does not have it. */
  let client0Run: number;
  const release = `/tmp/baton-task-actions-${process.pid}-${dialect}`;

  const start = async (client: number, objectName: string) => {
    const response = await test.rest(`/${client}/executions`, json({ objectName, executionOption: "execute" }));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  };
  const execution = async (runId: number) => OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
  const ignoreSync = (runId: number, client = 100, authorization?: string) =>
    test.rest(`/${client}/executions/${runId}/ignore_sync_condition`, { method: "POST", ...(authorization && { headers: { authorization } }) });
  const executionCount = async () => OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1000&include_deactivated=true")).json()).total;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    const envelopes = [
      jobEnvelope("TASKS.WAITING", [`while [ ! -e ${release} ]; do sleep 0.05; done`, "echo released"]),
      jobEnvelope("TASKS.QUICK", ["echo quick"]),
      workflow("TASKS.FLOW", [{ name: "TASKS.WAITING" }], [2]),
      workflow("TASKS.QUICK.FLOW", [{ name: "TASKS.QUICK" }], [2]),
    ];
    for (const envelope of envelopes) expect((await test.rest("/100/objects", json(envelope))).status).toBe(200);
    expect((await test.rest("/0/objects", json(jobEnvelope("TASKS.CLIENT0", ["echo zero"])))).status).toBe(200);
    noRights = await createUserWithoutRights(test, 100);

    const quick = await start(100, "TASKS.QUICK.FLOW");
    expect((await waitForEnd(test, 100, quick)).status).toBe(1900);
    const quickChildren = OutExecutionList.parse(await (await test.rest(`/100/executions/${quick}/children`)).json());
    endedTask = quickChildren.data.find((child) => child.name === "TASKS.QUICK")?.run_id ?? 0;
    client0Run = await start(0, "TASKS.CLIENT0");
    await waitForEnd(test, 0, client0Run);

    flow = await start(100, "TASKS.FLOW");
    await until(async () => {
      const children = OutExecutionList.parse(await (await test.rest(`/100/executions/${flow}/children`)).json());
      runningTask = children.data.find((child) => child.name === "TASKS.WAITING" && child.status === 1550)?.run_id ?? 0;
      return runningTask !== 0;
    });
  }, 60_000);

  afterAll(async () => {
    await test.rest(`/100/executions/${flow}/status`, json({ action: "cancel", cancel: { recursive: true } }));
    await test.stop();
    rmSync(release, { force: true });
  });

  it(`${WORKFLOW_TASKS}: POST .../executions/{run_id}/ignore_sync_condition with a RunID the client does not have answers 404, code 11049, "Cannot find task with RunID(...) for Ignore sync condition!"`, async () => {
    const missing = 2_000_000_000;
    const response = await ignoreSync(missing);
    expect(response.status).toBe(404);
    expect(OutError.parse(await response.json())).toEqual({ code: ErrorCode.RUN_ID_NOT_FOUND, error: `Cannot find task with RunID('${padded(missing)}') for Ignore sync condition!`, details: "No detail information available." });
  });

  it(`${WORKFLOW_TASKS}: POST .../ignore_sync_condition with the RunID of a task of another client answers 404, code 11049, and changes nothing there`, async () => {
    const before = await (await test.rest(`/0/executions/${client0Run}`)).text();
    const response = await ignoreSync(client0Run);
    expect(response.status).toBe(404);
    expect(OutError.parse(await response.json())).toMatchObject({ code: 11049, error: `Cannot find task with RunID('${padded(client0Run)}') for Ignore sync condition!` });
    expect(await (await test.rest(`/0/executions/${client0Run}`)).text()).toBe(before);
  });

  it(`${WORKFLOW_TASKS}: POST .../ignore_sync_condition on a task that has ended answers 403, code 11191, "Task with RunID '...' is not active."`, async () => {
    expect(endedTask).toBeGreaterThan(0);
    const before = await execution(endedTask);
    const response = await ignoreSync(endedTask);
    expect(response.status).toBe(403);
    expect(OutError.parse(await response.json())).toEqual({ code: ErrorCode.TASK_NOT_ACTIVE, error: `Task with RunID '${padded(endedTask)}' is not active.`, details: "No detail information available." });
    expect(await execution(endedTask)).toEqual(before);
  });

  it(`${WORKFLOW_TASKS}: POST .../ignore_sync_condition on a task that has not ended answers 200 with {} ("there is no response"); no Sync object holds it, so nothing changes`, async () => {
    const count = await executionCount();
    const before = await execution(runningTask);
    const response = await ignoreSync(runningTask);
    expect(response.status, await response.clone().text()).toBe(200);
    expect(await response.json()).toEqual({});
    // A running task's runtime grows between the two reads; everything else is as it was.
    const after = await execution(runningTask);
    expect(after).toEqual({ ...before, runtime: after.runtime });
    expect(await execution(flow)).toMatchObject({ status: 1550 });
    expect(await executionCount()).toBe(count);
  });

  it(`${WORKFLOW_TASKS}: POST .../ignore_sync_condition needs the right to cancel the task: a user without rights gets 403 and the task is as it was`, async () => {
    const response = await ignoreSync(runningTask, 100, noRights);
    expect(response.status).toBe(403);
    expect(OutError.parse(await response.json()).code).toBe(ErrorCode.FORBIDDEN);
    expect(await execution(runningTask)).toMatchObject({ status: 1550 });
    // The refusals left the task alone: it ends as it would have.
    writeFileSync(release, "");
    expect((await waitForEnd(test, 100, runningTask)).status).toBe(1900);
    expect(await reportText(test.rest, 100, runningTask, "REP")).toBe("released\n");
    expect((await waitForEnd(test, 100, flow)).status).toBe(1900);
  });

  it(`${WORKFLOW_TASKS}: the action is a POST without a body: GET on its path is not an operation (405)`, async () => {
    const response = await test.rest(`/100/executions/${runningTask}/ignore_sync_condition`);
    expect(response.status).toBe(405);
  });
});
