import { ErrorCode, InChangeExecutionStatusBody, InExecutionBody, statusText } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { refusal, startTestEngine, type TestEngine } from "../testing/test-engine";

describe.each(testDialects)("scheduling on %s", (dialect) => {
  let test: TestEngine;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
    await test.importObjects(jobEnvelope("SCHED.JOB", ["echo scheduled"]));
  });
  afterAll(() => test.stop());

  /** Activates as a client asks: the body read by the contract's schema, as the REST API reads it. */
  const activate = async (body: Record<string, unknown>) => (await test.engine.executions.activate(test.admin, InExecutionBody.parse(body))).runId;
  const activateJob = (body: Record<string, unknown>) => activate({ objectName: "SCHED.JOB", ...body });
  const status = (runId: number, body: unknown) => test.engine.executions.changeStatus(test.admin, runId, InChangeExecutionStatusBody.parse(body));
  const get = (runId: number) => test.engine.executions.get(test.admin, runId);

  it("starts a once execution at its time, waiting 1698 until then", async () => {
    const due = new Date(Date.now() + 1500);
    const runId = await activateJob({ executionOption: "once", once: { executionDateTime: due.toISOString() } });
    const waiting = await get(runId);
    expect(waiting).toMatchObject({ status: 1698 });
    expect(statusText(waiting.status)).toBe("Waiting for start time");
    const ended = await test.waitForEnd(runId);
    expect(ended.status).toBe(1900);
    // The interface writes start_time to the second: it is not before the second the execution was due in.
    expect(ended.startTime).toBeGreaterThanOrEqual(due.getTime() - (due.getTime() % 1000));
  });

  it("starts a once execution whose time has passed (or that has none) at once, snake_case too", async () => {
    const past = await activateJob({ executionOption: "once", once: { executionDateTime: "2020-01-01T00:00:00Z" } });
    expect((await test.waitForEnd(past)).status).toBe(1900);
    const snake = await activate({ object_name: "SCHED.JOB", execution_option: "once", once: { wait_for_manual_release: "false" } });
    expect((await test.waitForEnd(snake)).status).toBe(1900);
  });

  it("holds an execution for manual release until an operator releases it", async () => {
    const runId = await activateJob({ executionOption: "once", once: { waitForManualRelease: true } });
    const held = await get(runId);
    expect(held).toMatchObject({ status: 1693 });
    expect(statusText(held.status)).toBe("Waiting for manual release");
    await status(runId, { action: "RELEASE" });
    expect((await test.waitForEnd(runId)).status).toBe(1900);
    expect(await refusal(status(runId, { action: "release" }))).toMatchObject({ kind: "bad_request", code: ErrorCode.INVALID_TRANSITION });

    // A restart may be held too, and a held execution can be cancelled instead.
    const restarted = (await status(runId, { action: "restart", restart: { wait_for_manual_release: true } })).runId;
    expect(await get(restarted)).toMatchObject({ status: 1693, referenceRunId: runId });
    await status(restarted, { action: "cancel" });
    expect(await get(restarted)).toMatchObject({ status: 1850 });
  });

  it("cancels a script that has not started (held or waiting for its time), and refuses one that runs", async () => {
    await test.importObjects(
      jobEnvelope("SCHED.SLOW", ["sleep 2"]),
      // Runs until the job it starts has ended.
      { data: { scri: { general_attributes: { name: "SCHED.SCRIPT" }, scripts: [{ process: [":SET &RUN# = ACTIVATE_UC_OBJECT(SCHED.SLOW, WAIT)"] }] } }, path: "SCHED" },
    );
    const start = (body: Record<string, unknown>) => activate({ objectName: "SCHED.SCRIPT", ...body });
    const cancel = (runId: number) => status(runId, { action: "cancel" });

    const held = await start({ executionOption: "once", once: { waitForManualRelease: true } });
    const later = await start({ executionOption: "once", once: { executionDateTime: new Date(Date.now() + 60_000).toISOString() } });
    for (const runId of [held, later]) {
      await cancel(runId);
      expect(await get(runId)).toMatchObject({ status: 1850 });
    }
    // A cancelled held script cannot be released any more.
    expect(await refusal(status(held, { action: "release" }))).toMatchObject({ kind: "bad_request" });

    const running = await start({ executionOption: "execute" });
    await test.waitForStatus(running, 1550);
    expect(await refusal(cancel(running))).toMatchObject({ kind: "bad_request", code: ErrorCode.INVALID_TRANSITION, details: expect.stringContaining("runs to its end") });
    expect((await test.waitForEnd(running)).status).toBe(1900);
  });

  it("runs the executions of a queue with one slot one after another, the others waiting 1684", async () => {
    const envelope = jobEnvelope("QUEUED.JOB", ["sleep 0.5"]);
    envelope.data.jobs.general_attributes.queue = "Q.SERIAL";
    await test.importObjects({ data: { queue: { general_attributes: { name: "Q.SERIAL", type: "QUEUE" }, queue_attributes: { max_slots: "1" } } }, path: "" }, envelope);
    const runIds: number[] = [];
    for (let i = 0; i < 3; i++) runIds.push(await test.start("QUEUED.JOB"));
    const waiting = await Promise.all(runIds.slice(1).map(get));
    expect(waiting.map((e) => e.status)).toEqual([1684, 1684]);
    expect(statusText(waiting[0]?.status ?? 0)).toBe("Waiting for queue slot");
    const ended = await Promise.all(runIds.map((id) => test.waitForEnd(id, 20_000)));
    expect(ended.map((e) => [e.queue, e.status])).toEqual([
      ["Q.SERIAL", 1900],
      ["Q.SERIAL", 1900],
      ["Q.SERIAL", 1900],
    ]);
    const windows = ended.map((e) => [e.startTime ?? 0, e.endTime ?? 0] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < windows.length; i++) expect(windows[i]?.[0]).toBeGreaterThanOrEqual(windows[i - 1]?.[1] ?? 0);
  });
});
