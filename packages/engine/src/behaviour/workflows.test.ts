import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, InChangeExecutionStatusBody, statusText } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Execution } from "../domain/execution";
import { jobEnvelope, workflow, type WorkflowTaskSpec } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { refusal, startTestEngine, type TestEngine } from "../testing/test-engine";

describe.each(testDialects)("workflows on %s", (dialect) => {
  let test: TestEngine;
  let markers: string;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
    markers = mkdtempSync(join(tmpdir(), "baton-markers-"));
  });
  afterAll(async () => {
    await test.stop();
    rmSync(markers, { recursive: true, force: true });
  });

  /** A status change as a client asks for it: the body read by the contract's schema, as the REST API reads it. */
  const status = (runId: number, body: unknown) => test.engine.executions.changeStatus(test.admin, runId, InChangeExecutionStatusBody.parse(body));
  const byLine = (tasks: Execution[]) => [...tasks].sort((x, y) => (x.lineNumber ?? 0) - (y.lineNumber ?? 0));

  it("runs tasks in order, fans out in parallel, waits at fan-in and ends inactive tasks 1921", async () => {
    await test.importObjects(
      jobEnvelope("WF.A", ["echo a"]),
      jobEnvelope("WF.B", ["sleep 1", "echo b"]),
      jobEnvelope("WF.C", ["sleep 1", "echo c"]),
      jobEnvelope("WF.OFF", ["echo never"]),
      workflow("WF.DIAMOND", [{ name: "WF.A" }, { name: "WF.B", after: [2] }, { name: "WF.C", after: [2] }, { name: "WF.OFF", after: [2], active: false }], [3, 4, 5]),
    );
    const runId = await test.start("WF.DIAMOND");
    expect(await test.waitForEnd(runId)).toMatchObject({ objectType: "JOBP", status: 1900 });
    const tasks = byLine(await test.children(runId));
    expect(tasks.map((t) => [t.lineNumber, t.name, t.status])).toEqual([
      [2, "WF.A", 1900],
      [3, "WF.B", 1900],
      [4, "WF.C", 1900],
      [5, "WF.OFF", 1921],
    ]);
    const [a, b, c] = tasks;
    expect(b?.startTime).toBeGreaterThanOrEqual(a?.endTime ?? Infinity);
    // B and C ran at the same time.
    expect(b?.startTime).toBeLessThan(c?.endTime ?? 0);
    expect(c?.startTime).toBeLessThan(b?.endTime ?? 0);
    expect(tasks.every((t) => t.activatorObjectType === "JOBP")).toBe(true);
  });

  it("blocks on a failed task until the operator restarts it, is active again while it runs, then goes on", async () => {
    const marker = join(markers, "second-try");
    const release = join(markers, "release-second-try");
    await test.importObjects(
      jobEnvelope("WF.FLAKY", [`if [ -f ${marker} ]; then while [ ! -f ${release} ]; do sleep 0.05; done; echo second; else touch ${marker}; echo first; exit 2; fi`]),
      jobEnvelope("WF.AFTER", ["echo after"]),
      workflow("WF.BLOCKING", [{ name: "WF.FLAKY" }, { name: "WF.AFTER", after: [2] }], [3]),
    );
    const runId = await test.start("WF.BLOCKING");
    await test.waitForStatus(runId, 1560);
    const [failed, waiting] = await test.children(runId);
    expect(failed).toMatchObject({ name: "WF.FLAKY", status: 1800, returnCode: 2 });
    // Activated with the workflow, the task after the blocked one waits for its predecessor.
    expect(waiting).toMatchObject({ name: "WF.AFTER", status: 1700, lineNumber: 3, startTime: null });

    const restartedId = (await status(failed?.runId ?? 0, { action: "RESTART" })).runId;
    // The restart alone unblocks the workflow, before the restarted task ends.
    await test.waitForStatus(runId, 1550);
    expect((await test.children(runId)).find((t) => t.runId === restartedId)?.status).toBeLessThan(1800);
    writeFileSync(release, "");
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1900 });
    const tasks = await test.children(runId);
    expect(tasks.map((t) => [t.name, t.status])).toEqual([
      ["WF.FLAKY", 1800],
      ["WF.AFTER", 1900],
      ["WF.FLAKY", 1900],
    ]);
    expect(tasks[1]).toMatchObject({ runId: waiting?.runId, lineNumber: 3 });
    expect(tasks[2]).toMatchObject({ runId: restartedId, lineNumber: 2, referenceRunId: failed?.runId, restartCount: 1, restartPredecessor: failed?.runId });
  });

  it("activates every task with the workflow, waiting 1700 in line order, and runs a task's object as it is when its turn comes", async () => {
    const release = join(markers, "release-gate");
    await test.importObjects(
      jobEnvelope("WF.GATE", [`while [ ! -f ${release} ]; do sleep 0.05; done`]),
      jobEnvelope("WF.LATER", ["echo first version"], { general_attributes: { name: "WF.LATER", type: "JOBS", queue: "CLIENT_QUEUE", title: "First" } }),
      workflow("WF.ACTIVATED", [{ name: "WF.GATE" }, { name: "WF.LATER", after: [2] }, { name: "WF.LATER", after: [3] }], [4]),
    );
    const runId = await test.start("WF.ACTIVATED");
    const flow = await test.waitForStatus(runId, 1550);
    let tasks: Execution[] = [];
    for (const deadline = Date.now() + 10_000; tasks[0]?.status !== 1550 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) tasks = await test.children(runId);
    // Every line has its RunID from the start, in line order; those after the gate wait for it.
    expect(tasks.map((t) => [t.lineNumber, t.name, t.status])).toEqual([
      [2, "WF.GATE", 1550],
      [3, "WF.LATER", 1700],
      [4, "WF.LATER", 1700],
    ]);
    const [gate, later] = tasks;
    expect(later?.runId).toBeGreaterThan(gate?.runId ?? Infinity);
    expect(later).toMatchObject({ parent: runId, activatorObjectType: "JOBP", startTime: null, endTime: null, title: "First", activationTime: gate?.activationTime });
    expect(later?.activationTime).toBeGreaterThanOrEqual(flow.startTime ?? Infinity);
    expect(statusText(later?.status ?? 0)).toBe("Waiting for predecessor");
    // The workflow's ACT report names each task it activated, with the RunID as the vendor writes it.
    const activations = (await test.reportText(runId, "ACT")).split("\n").filter((line) => line.includes("U00007000"));
    expect(activations.map((line) => line.replace(/^\S+ /, ""))).toEqual(tasks.map((t) => `U00007000 '${t.name}' activated with RunID '${String(t.runId).padStart(10, "0")}'.`));

    // Changed before its turn: the task runs the object as it is then, in the execution it was activated as.
    await test.importObjects(jobEnvelope("WF.LATER", ["echo second version"], { general_attributes: { name: "WF.LATER", type: "JOBS", queue: "CLIENT_QUEUE", title: "Second" } }));
    writeFileSync(release, "");
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1900 });
    const ended = await test.children(runId);
    expect(ended.map((t) => t.runId)).toEqual(tasks.map((t) => t.runId));
    expect(ended.map((t) => t.status)).toEqual([1900, 1900, 1900]);
    expect(ended[1]).toMatchObject({ title: "Second", activationTime: later?.activationTime });
    expect(ended[1]?.startTime).toBeGreaterThanOrEqual(ended[0]?.endTime ?? Infinity);
    expect(await test.reportText(later?.runId ?? 0, "REP")).toContain("second version");
  });

  it("ends the tasks still waiting with their workflow: 1851 when it is cancelled, also without recursive, and not alone", async () => {
    const release = join(markers, "release-hold");
    await test.importObjects(jobEnvelope("WF.HOLD", [`while [ ! -f ${release} ]; do sleep 0.05; done`]), jobEnvelope("WF.NEVER", ["echo never"]), workflow("WF.HELD", [{ name: "WF.HOLD" }, { name: "WF.NEVER", after: [2] }], [3]));
    const runId = await test.start("WF.HELD");
    let tasks: Execution[] = [];
    for (const deadline = Date.now() + 10_000; tasks[0]?.status !== 1550 && Date.now() < deadline; await new Promise((resolve) => setTimeout(resolve, 25))) tasks = await test.children(runId);
    expect(tasks.map((t) => t.status)).toEqual([1550, 1700]);
    // Alone, a waiting task is not cancelled: it would block its workflow, and a restart of it would run before its predecessor.
    expect(await refusal(status(tasks[1]?.runId ?? 0, { action: "cancel" }))).toMatchObject({ kind: "bad_request", code: ErrorCode.INVALID_TRANSITION, details: expect.stringContaining("cancel the workflow") });
    expect((await test.children(runId)).map((t) => t.status)).toEqual([1550, 1700]);
    await status(runId, { action: "cancel" });
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1851 });
    const [hold, never] = await test.children(runId);
    expect(never).toMatchObject({ name: "WF.NEVER", status: 1851, startTime: null });
    expect(never?.endTime).not.toBeNull();
    // Without recursive the running task goes on to its own end; the one waiting never starts.
    expect(hold?.status).toBe(1550);
    writeFileSync(release, "");
    expect(await test.waitForEnd(hold?.runId ?? 0)).toMatchObject({ status: 1900 });
    expect((await test.children(runId))[1]).toMatchObject({ status: 1851, startTime: null });
  });

  it("passes over the tasks <END> did not wait for: 1930 once the workflow has ended without them", async () => {
    await test.importObjects(jobEnvelope("WF.QUICK", ["echo quick"]), jobEnvelope("WF.SLOWER", ["sleep 1"]), jobEnvelope("WF.TAIL", ["echo tail"]));
    // <END> follows QUICK only; TAIL waits for SLOWER, which is still running when <END> is reached.
    await test.importObjects(workflow("WF.SHORTCUT", [{ name: "WF.QUICK" }, { name: "WF.SLOWER" }, { name: "WF.TAIL", after: [3] }], [2]));
    const runId = await test.start("WF.SHORTCUT");
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1900 });
    const tail = (await test.children(runId)).find((t) => t.name === "WF.TAIL");
    expect(tail).toMatchObject({ status: 1930, startTime: null });
  });

  it("takes the error branch after an abnormal end and skips the other", async () => {
    await test.importObjects(
      jobEnvelope("WF.FAILS", ["exit 1"]),
      jobEnvelope("WF.ON.OK", ["echo ok"]),
      jobEnvelope("WF.ON.ERROR", ["echo handling"]),
      workflow("WF.BRANCHES", [{ name: "WF.FAILS" }, { name: "WF.ON.OK", after: [2] }, { name: "WF.ON.ERROR", after: [[2, "ANY_ABEND"]] }], []),
    );
    // <END> without conditions waits for the last tasks.
    const runId = await test.start("WF.BRANCHES");
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1900 });
    // The skipped task is recorded in the same step, before the error branch starts.
    expect((await test.children(runId)).map((t) => [t.lineNumber, t.name, t.status])).toEqual([
      [2, "WF.FAILS", 1800],
      [3, "WF.ON.OK", 1930],
      [4, "WF.ON.ERROR", 1900],
    ]);
  });

  it("cancels a workflow with its running tasks, and refuses impossible status changes", async () => {
    await test.importObjects(jobEnvelope("WF.LONG", ["sleep 30"]), workflow("WF.CANCEL", [{ name: "WF.LONG" }], [2]));
    const runId = await test.start("WF.CANCEL");
    const deadline = Date.now() + 10_000;
    let task: Execution | undefined;
    while (task?.status !== 1550 && Date.now() < deadline) {
      task = (await test.children(runId))[0];
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(await refusal(status(task?.runId ?? 0, { action: "restart" }))).toMatchObject({ kind: "bad_request" });
    await status(runId, { action: "Cancel", cancel: { recursive: true } });
    const ended = await test.waitForEnd(runId);
    expect(ended).toMatchObject({ status: 1851 });
    expect(statusText(ended.status)).toBe("ENDED_JP_CANCEL - workflow canceled manually");
    expect(await test.waitForEnd(task?.runId ?? 0, 5000)).toMatchObject({ status: 1850 });
    expect(await refusal(status(runId, { action: "cancel" }))).toMatchObject({ kind: "bad_request", code: ErrorCode.INVALID_TRANSITION, details: expect.stringContaining("already ended") });
    // An action the interface does not know is refused by the request's schema, at its path.
    expect(InChangeExecutionStatusBody.safeParse({ action: "pause" }).error?.issues).toEqual([expect.objectContaining({ path: ["action"] })]);
  });

  it("cancels and restarts a single job", async () => {
    await test.importObjects(jobEnvelope("JOB.CANCELME", ["sleep 30"]));
    const runId = await test.start("JOB.CANCELME");
    await test.waitForStatus(runId, 1550);
    await status(runId, { action: "cancel" });
    const cancelled = await test.waitForEnd(runId, 5000);
    expect(cancelled).toMatchObject({ status: 1850 });
    expect(statusText(cancelled.status)).toBe("ENDED_CANCEL - manually canceled");
    // A restart point longer than the interface allows is refused by the request's schema.
    expect(InChangeExecutionStatusBody.safeParse({ action: "restart", restart: { queue: "OTHER_QUEUE", restart_point: "TOOLONG99" } }).success).toBe(false);
    // A queue that does not exist is refused; the restart runs in one that does.
    const noQueue = await refusal(status(runId, { action: "restart", restart: { queue: "OTHER_QUEUE" } }));
    expect(noQueue).toMatchObject({ kind: "validation", issues: [expect.objectContaining({ path: "restart.queue" })] });
    await test.importObjects({ data: { queue: { general_attributes: { name: "OTHER_QUEUE", type: "QUEUE" }, queue_attributes: { max_slots: "5" } } }, path: "" });
    const restarted = (await status(runId, { action: "restart", restart: { queue: "OTHER_QUEUE" } })).runId;
    expect(await test.engine.executions.get(test.admin, restarted)).toMatchObject({ queue: "OTHER_QUEUE", referenceRunId: runId, restartCount: 1 });
    await status(restarted, { action: "cancel" });
    await test.waitForEnd(restarted, 5000);
  });

  it("passes :PSET values to later tasks, also inside nested workflows", async () => {
    await test.importObjects(
      { data: { scri: { general_attributes: { name: "WF.SETTER" }, scripts: [{ process: [":PSET &TARGET# = 'from-setter'"] }] } }, path: "" },
      jobEnvelope("WF.USER", ["echo got &TARGET#"]),
      workflow("WF.INNER", [{ name: "WF.USER" }], [2]),
      workflow("WF.OUTER", [{ name: "WF.SETTER", type: "SCRI" }, { name: "WF.USER", after: [2] }, { name: "WF.INNER", type: "JOBP", after: [3] }], [4]),
    );
    const runId = await test.start("WF.OUTER");
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1900 });
    const tasks = await test.children(runId);
    expect(tasks.map((t) => [t.name, t.objectType, t.status])).toEqual([
      ["WF.SETTER", "SCRI", 1900],
      ["WF.USER", "JOBS", 1900],
      ["WF.INNER", "JOBP", 1900],
    ]);
    expect(await test.reportText(tasks[1]?.runId ?? 0, "REP")).toBe("got from-setter\n");
    // The nested workflow's tasks see what the outer workflow's tasks passed before it started.
    const inner = await test.children(tasks[2]?.runId ?? 0);
    expect(inner.map((t) => [t.name, t.status])).toEqual([["WF.USER", 1900]]);
    expect(await test.reportText(inner[0]?.runId ?? 0, "REP")).toBe("got from-setter\n");
  });

  it("lists a workflow's immediate children newest first, page by page", async () => {
    const { executions } = test.engine;
    const parent = (await executions.list(test.admin, { name: "WF.DIAMOND" }, { maxResults: 50 })).executions[0]?.runId ?? 0;
    const page = (maxResults: number, startAtRunId?: number) => executions.children(test.admin, parent, { maxResults, startAtRunId });
    const first = await page(3);
    expect(first).toMatchObject({ total: 4, hasmore: true });
    expect(first.executions).toHaveLength(3);
    // startAtRunId: the RunID of the last child of the page before; the next page continues below it.
    const second = await page(3, first.executions[2]?.runId);
    expect(second).toMatchObject({ total: 4, hasmore: false });
    expect(second.executions).toHaveLength(1);
    const all = [...first.executions, ...second.executions];
    expect(all.map((c) => c.runId)).toEqual([...all.map((c) => c.runId)].sort((a, b) => b - a));
    expect(new Set(all.map((c) => c.lineNumber))).toEqual(new Set([2, 3, 4, 5]));
    const fromSecond = await page(50, all[1]?.runId);
    expect(fromSecond).toMatchObject({ total: 4, hasmore: false });
    expect(fromSecond.executions.map((c) => c.runId)).toEqual(all.slice(2).map((c) => c.runId));
    // Below the last child nothing follows; the total is still every child.
    expect(await page(50, all[3]?.runId)).toEqual({ total: 4, executions: [], hasmore: false });
    expect(await refusal(executions.children(test.admin, 999999, { maxResults: 50 }))).toMatchObject({ kind: "not_found" });
  });

  it("blocks on a task whose object is missing, saying why", async () => {
    await test.importObjects(workflow("WF.MISSING", [{ name: "NO.SUCH.JOB" }], [2]));
    const runId = await test.start("WF.MISSING");
    await test.waitForStatus(runId, 1560);
    const [task] = await test.children(runId);
    expect(task).toMatchObject({ name: "NO.SUCH.JOB", status: 1820 });
    expect(await test.reportText(task?.runId ?? 0, "ACT")).toContain("does not exist");
    await status(runId, { action: "cancel" });
  });

  it("runs a workflow of 500 tasks with every task exactly once", async () => {
    await test.importObjects({ data: { scri: { general_attributes: { name: "WF.TINY" }, scripts: [{ process: [":SET &X# = 1"] }] } }, path: "" });
    const tasks: WorkflowTaskSpec[] = Array.from({ length: 500 }, (_, i) => ({ name: "WF.TINY", type: "SCRI", after: [i < 250 ? 1 : i - 248] }));
    await test.importObjects(workflow("WF.FIVE.HUNDRED", tasks, Array.from({ length: 250 }, (_, i) => i + 252)));
    const runId = await test.start("WF.FIVE.HUNDRED");
    expect(await test.waitForEnd(runId, 60_000)).toMatchObject({ status: 1900 });
    const all = await test.children(runId);
    expect(all).toHaveLength(500);
    expect(new Set(all.map((t) => t.lineNumber)).size).toBe(500);
    expect(all.every((t) => t.status === 1900)).toBe(true);
  }, 90_000);
});
