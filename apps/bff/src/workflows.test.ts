import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";
import { workflow, type WorkflowTaskSpec } from "./testing/workflow-envelope";

describe.each(testDialects)("workflows on %s", (dialect) => {
  let test: TestBaton;
  let markers: string;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
    markers = mkdtempSync(join(tmpdir(), "baton-markers-"));
  });
  afterAll(async () => {
    await test.stop();
    rmSync(markers, { recursive: true, force: true });
  });

  async function importAll(...envelopes: unknown[]): Promise<void> {
    for (const envelope of envelopes) {
      const response = await test.rest("/100/objects?overwrite_existing_objects=true", json(envelope));
      expect(response.status, await response.clone().text()).toBe(200);
    }
  }

  async function start(name: string): Promise<number> {
    const response = await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }

  async function children(parent: number): Promise<OutExecution[]> {
    const all = OutExecutionList.parse(await (await test.rest("/100/executions?max_results=10000")).json());
    return all.data.filter((e) => e.parent === parent).sort((a, b) => a.run_id - b.run_id);
  }

  async function waitForStatus(runId: number, status: number): Promise<OutExecution> {
    const deadline = Date.now() + 15_000;
    for (;;) {
      const execution = OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
      if (execution.status === status) return execution;
      if (Date.now() > deadline) throw new Error(`execution ${runId} is ${execution.status}, not ${status}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  const status = (runId: number, body: unknown) => test.rest(`/100/executions/${runId}/status`, json(body));

  it("runs tasks in order, fans out in parallel, waits at fan-in and ends inactive tasks 1921", async () => {
    await importAll(
      jobEnvelope("WF.A", ["echo a"]),
      jobEnvelope("WF.B", ["sleep 1", "echo b"]),
      jobEnvelope("WF.C", ["sleep 1", "echo c"]),
      jobEnvelope("WF.OFF", ["echo never"]),
      workflow("WF.DIAMOND", [{ name: "WF.A" }, { name: "WF.B", after: [2] }, { name: "WF.C", after: [2] }, { name: "WF.OFF", after: [2], active: false }], [3, 4, 5]),
    );
    const runId = await start("WF.DIAMOND");
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ type: "JOBP", status: 1900 });
    const tasks = (await children(runId)).sort((x, y) => (x.line_number ?? 0) - (y.line_number ?? 0));
    expect(tasks.map((t) => [t.line_number, t.name, t.status])).toEqual([
      [2, "WF.A", 1900],
      [3, "WF.B", 1900],
      [4, "WF.C", 1900],
      [5, "WF.OFF", 1921],
    ]);
    const [a, b, c] = tasks;
    expect(Date.parse(b?.start_time ?? "")).toBeGreaterThanOrEqual(Date.parse(a?.end_time ?? ""));
    // B and C ran at the same time.
    expect(Date.parse(b?.start_time ?? "")).toBeLessThan(Date.parse(c?.end_time ?? ""));
    expect(Date.parse(c?.start_time ?? "")).toBeLessThan(Date.parse(b?.end_time ?? ""));
    expect(tasks.every((t) => t.activator_object_type === "JOBP")).toBe(true);
  });

  it("blocks on a failed task until the operator restarts it, is active again while it runs, then goes on", async () => {
    const marker = join(markers, "second-try");
    const release = join(markers, "release-second-try");
    await importAll(
      jobEnvelope("WF.FLAKY", [`if [ -f ${marker} ]; then while [ ! -f ${release} ]; do sleep 0.05; done; echo second; else touch ${marker}; echo first; exit 2; fi`]),
      jobEnvelope("WF.AFTER", ["echo after"]),
      workflow("WF.BLOCKING", [{ name: "WF.FLAKY" }, { name: "WF.AFTER", after: [2] }], [3]),
    );
    const runId = await start("WF.BLOCKING");
    await waitForStatus(runId, 1560);
    const [failed] = await children(runId);
    expect(failed).toMatchObject({ name: "WF.FLAKY", status: 1800, return_code: 2 });

    const restart = await status(failed?.run_id ?? 0, { action: "RESTART" });
    expect(restart.status).toBe(200);
    const restartedId = OutRunId.parse(await restart.json()).run_id;
    // The restart alone unblocks the workflow, before the restarted task ends.
    await waitForStatus(runId, 1550);
    expect((await children(runId)).find((t) => t.run_id === restartedId)?.status).toBeLessThan(1800);
    writeFileSync(release, "");
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900 });
    const tasks = await children(runId);
    expect(tasks.map((t) => [t.name, t.status])).toEqual([
      ["WF.FLAKY", 1800],
      ["WF.FLAKY", 1900],
      ["WF.AFTER", 1900],
    ]);
    expect(tasks[1]).toMatchObject({ run_id: restartedId, line_number: 2, reference_run_id: failed?.run_id, restart_count: 1, restart_predecessor: failed?.run_id });
  });

  it("takes the error branch after an abnormal end and skips the other", async () => {
    await importAll(
      jobEnvelope("WF.FAILS", ["exit 1"]),
      jobEnvelope("WF.ON.OK", ["echo ok"]),
      jobEnvelope("WF.ON.ERROR", ["echo handling"]),
      workflow("WF.BRANCHES", [{ name: "WF.FAILS" }, { name: "WF.ON.OK", after: [2] }, { name: "WF.ON.ERROR", after: [[2, "ANY_ABEND"]] }], []),
    );
    // <END> without conditions waits for the last tasks.
    const runId = await start("WF.BRANCHES");
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900 });
    // The skipped task is recorded in the same step, before the error branch starts.
    expect((await children(runId)).map((t) => [t.line_number, t.name, t.status])).toEqual([
      [2, "WF.FAILS", 1800],
      [3, "WF.ON.OK", 1930],
      [4, "WF.ON.ERROR", 1900],
    ]);
  });

  it("cancels a workflow with its running tasks, and refuses impossible status changes", async () => {
    await importAll(jobEnvelope("WF.LONG", ["sleep 30"]), workflow("WF.CANCEL", [{ name: "WF.LONG" }], [2]));
    const runId = await start("WF.CANCEL");
    const deadline = Date.now() + 10_000;
    let task: OutExecution | undefined;
    while (task?.status !== 1550 && Date.now() < deadline) {
      task = (await children(runId))[0];
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await status(task?.run_id ?? 0, { action: "restart" })).status).toBe(400);
    const cancel = await status(runId, { action: "Cancel", cancel: { recursive: true } });
    expect(cancel.status).toBe(200);
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1851, status_text: "ENDED_JP_CANCEL - workflow canceled manually" });
    expect(await waitForEnd(test, 100, task?.run_id ?? 0, 5000)).toMatchObject({ status: 1850 });
    const again = await status(runId, { action: "cancel" });
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: ErrorCode.INVALID_TRANSITION, details: expect.stringContaining("already ended") });
    expect(await (await status(runId, { action: "pause" })).json()).toEqual([expect.objectContaining({ path: "action" })]);
  });

  it("cancels and restarts a single job", async () => {
    await importAll(jobEnvelope("JOB.CANCELME", ["sleep 30"]));
    const runId = await start("JOB.CANCELME");
    await waitForStatus(runId, 1550);
    expect((await status(runId, { action: "cancel" })).status).toBe(200);
    expect(await waitForEnd(test, 100, runId, 5000)).toMatchObject({ status: 1850, status_text: "ENDED_CANCEL - manually canceled" });
    const restart = await status(runId, { action: "restart", restart: { queue: "OTHER_QUEUE", restart_point: "TOOLONG99" } });
    expect(restart.status).toBe(400);
    // A queue that does not exist is refused; the restart runs in one that does.
    expect(await (await status(runId, { action: "restart", restart: { queue: "OTHER_QUEUE" } })).json()).toEqual([expect.objectContaining({ path: "restart.queue" })]);
    await importAll({ data: { queue: { general_attributes: { name: "OTHER_QUEUE", type: "QUEUE" }, queue_attributes: { max_slots: "5" } } }, path: "" });
    const ok = await status(runId, { action: "restart", restart: { queue: "OTHER_QUEUE" } });
    const restarted = OutRunId.parse(await ok.json()).run_id;
    expect(await (await test.rest(`/100/executions/${restarted}`)).json()).toMatchObject({ queue: "OTHER_QUEUE", reference_run_id: runId, restart_count: 1 });
    await status(restarted, { action: "cancel" });
    await waitForEnd(test, 100, restarted, 5000);
  });

  it("passes :PSET values to later tasks, also inside nested workflows", async () => {
    await importAll(
      { data: { scri: { general_attributes: { name: "WF.SETTER" }, scripts: [{ process: [":PSET &TARGET# = 'from-setter'"] }] } }, path: "" },
      jobEnvelope("WF.USER", ["echo got &TARGET#"]),
      workflow("WF.INNER", [{ name: "WF.USER" }], [2]),
      workflow("WF.OUTER", [{ name: "WF.SETTER", type: "SCRI" }, { name: "WF.USER", after: [2] }, { name: "WF.INNER", type: "JOBP", after: [3] }], [4]),
    );
    const runId = await start("WF.OUTER");
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900 });
    const tasks = await children(runId);
    expect(tasks.map((t) => [t.name, t.type, t.status])).toEqual([
      ["WF.SETTER", "SCRI", 1900],
      ["WF.USER", "JOBS", 1900],
      ["WF.INNER", "JOBP", 1900],
    ]);
    const rep = await reportText(test.rest, 100, tasks[1]?.run_id ?? 0, "REP");
    expect(rep).toBe("got from-setter\n");
    // The nested workflow's tasks see what the outer workflow's tasks passed before it started.
    const inner = await children(tasks[2]?.run_id ?? 0);
    expect(inner.map((t) => [t.name, t.status])).toEqual([["WF.USER", 1900]]);
    const innerRep = await reportText(test.rest, 100, inner[0]?.run_id ?? 0, "REP");
    expect(innerRep).toBe("got from-setter\n");
  });

  it("lists a workflow's immediate children newest first, page by page", async () => {
    const parent = OutExecutionList.parse(await (await test.rest("/100/executions?name=WF.DIAMOND")).json()).data[0]?.run_id ?? 0;
    const first = OutExecutionList.parse(await (await test.rest(`/100/executions/${parent}/children?max_results=3`)).json());
    expect(first).toMatchObject({ total: 4, hasmore: true });
    expect(first.data).toHaveLength(3);
    // start_at_run_id: the RunID of the last child of the page before; the next page continues below it.
    const second = OutExecutionList.parse(await (await test.rest(`/100/executions/${parent}/children?max_results=3&start_at_run_id=${first.data[2]?.run_id}`)).json());
    expect(second).toMatchObject({ total: 4, hasmore: false });
    expect(second.data).toHaveLength(1);
    const all = [...first.data, ...second.data];
    expect(all.map((c) => c.run_id)).toEqual([...all.map((c) => c.run_id)].sort((a, b) => b - a));
    expect(new Set(all.map((c) => c.line_number))).toEqual(new Set([2, 3, 4, 5]));
    const fromSecond = OutExecutionList.parse(await (await test.rest(`/100/executions/${parent}/children?start_at_run_id=${all[1]?.run_id}`)).json());
    expect(fromSecond).toMatchObject({ total: 4, hasmore: false });
    expect(fromSecond.data.map((c) => c.run_id)).toEqual(all.slice(2).map((c) => c.run_id));
    // Below the last child nothing follows; the total is still every child.
    expect(OutExecutionList.parse(await (await test.rest(`/100/executions/${parent}/children?start_at_run_id=${all[3]?.run_id}`)).json())).toEqual({ total: 4, data: [], hasmore: false });
    expect((await test.rest("/100/executions/999999/children")).status).toBe(404);
  });

  it("blocks on a task whose object is missing, saying why", async () => {
    await importAll(workflow("WF.MISSING", [{ name: "NO.SUCH.JOB" }], [2]));
    const runId = await start("WF.MISSING");
    await waitForStatus(runId, 1560);
    const [task] = await children(runId);
    expect(task).toMatchObject({ name: "NO.SUCH.JOB", status: 1820 });
    const act = await reportText(test.rest, 100, task?.run_id ?? 0, "ACT");
    expect(act).toContain("does not exist");
    await status(runId, { action: "cancel" });
  });

  it("runs a workflow of 500 tasks with every task exactly once", async () => {
    await importAll({ data: { scri: { general_attributes: { name: "WF.TINY" }, scripts: [{ process: [":SET &X# = 1"] }] } }, path: "" });
    const tasks: WorkflowTaskSpec[] = Array.from({ length: 500 }, (_, i) => ({ name: "WF.TINY", type: "SCRI", after: [i < 250 ? 1 : i - 248] }));
    await importAll(workflow("WF.FIVE.HUNDRED", tasks, Array.from({ length: 250 }, (_, i) => i + 252)));
    const runId = await start("WF.FIVE.HUNDRED");
    expect(await waitForEnd(test, 100, runId, 60_000)).toMatchObject({ status: 1900 });
    const all = await children(runId);
    expect(all).toHaveLength(500);
    expect(new Set(all.map((t) => t.line_number)).size).toBe(500);
    expect(all.every((t) => t.status === 1900)).toBe(true);
  }, 90_000);
});
