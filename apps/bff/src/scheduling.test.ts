import { ErrorCode, OutExecution, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "./testing/test-baton";

describe.each(testDialects)("scheduling on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
    await test.rest("/100/objects", json(jobEnvelope("SCHED.JOB", ["echo scheduled"])));
  });
  afterAll(async () => {
    await test.stop();
  });

  async function activate(body: Record<string, unknown>): Promise<Response> {
    return test.rest("/100/executions", json({ objectName: "SCHED.JOB", ...body }));
  }

  async function get(runId: number): Promise<OutExecution> {
    return OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
  }

  it("starts a once execution at its time, waiting 1698 until then", async () => {
    const due = new Date(Date.now() + 1500);
    const response = await activate({ executionOption: "once", once: { executionDateTime: due.toISOString() } });
    expect(response.status).toBe(200);
    const runId = OutRunId.parse(await response.json()).run_id;
    expect(await get(runId)).toMatchObject({ status: 1698, status_text: "Waiting for start time" });
    const ended = await waitForEnd(test, 100, runId);
    expect(ended.status).toBe(1900);
    // start_time is written to the second: it is not before the second the execution was due in.
    expect(Date.parse(ended.start_time ?? "")).toBeGreaterThanOrEqual(due.getTime() - (due.getTime() % 1000));
  });

  it("starts a once execution whose time has passed (or that has none) at once, snake_case too", async () => {
    const past = await activate({ executionOption: "once", once: { executionDateTime: "2020-01-01T00:00:00Z" } });
    expect((await waitForEnd(test, 100, OutRunId.parse(await past.json()).run_id)).status).toBe(1900);
    const snake = await test.rest("/100/executions", json({ object_name: "SCHED.JOB", execution_option: "once", once: { wait_for_manual_release: "false" } }));
    expect((await waitForEnd(test, 100, OutRunId.parse(await snake.json()).run_id)).status).toBe(1900);
  });

  it.each([
    [{ executionOption: "sometimes" }, ErrorCode.INVALID_EXECUTION_OPTION, "execution_option"],
    [{ executionOption: "once", once: { executionDateTime: "tomorrow" } }, ErrorCode.INVALID_REQUEST, "once.execution_date_time"],
  ])("refuses a wrong start request: %j", async (body, code, path) => {
    const response = await activate(body);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code, path })]);
  });

  it("holds an execution for manual release until an operator releases it", async () => {
    const response = await activate({ executionOption: "once", once: { waitForManualRelease: true } });
    const runId = OutRunId.parse(await response.json()).run_id;
    expect(await get(runId)).toMatchObject({ status: 1693, status_text: "Waiting for manual release" });
    const release = await test.rest(`/100/executions/${runId}/status`, json({ action: "RELEASE" }));
    expect(release.status).toBe(200);
    expect((await waitForEnd(test, 100, runId)).status).toBe(1900);
    const again = await test.rest(`/100/executions/${runId}/status`, json({ action: "release" }));
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ code: ErrorCode.INVALID_TRANSITION });

    // A restart may be held too, and a held execution can be cancelled instead.
    const restarted = OutRunId.parse(await (await test.rest(`/100/executions/${runId}/status`, json({ action: "restart", restart: { wait_for_manual_release: true } }))).json()).run_id;
    expect(await get(restarted)).toMatchObject({ status: 1693, reference_run_id: runId });
    expect((await test.rest(`/100/executions/${restarted}/status`, json({ action: "cancel" }))).status).toBe(200);
    expect(await get(restarted)).toMatchObject({ status: 1850 });
  });

  it("cancels a script that has not started (held or waiting for its time), and refuses one that runs", async () => {
    await test.rest("/100/objects", json(jobEnvelope("SCHED.SLOW", ["sleep 2"])));
    // Runs until the job it starts has ended.
    await test.rest("/100/objects", json({ data: { scri: { general_attributes: { name: "SCHED.SCRIPT" }, scripts: [{ process: [":SET &RUN# = ACTIVATE_UC_OBJECT(SCHED.SLOW, WAIT)"] }] } }, path: "SCHED" }));
    const start = async (body: Record<string, unknown>) => OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SCHED.SCRIPT", ...body }))).json()).run_id;
    const cancel = (runId: number) => test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }));

    const held = await start({ executionOption: "once", once: { waitForManualRelease: true } });
    const later = await start({ executionOption: "once", once: { executionDateTime: new Date(Date.now() + 60_000).toISOString() } });
    for (const runId of [held, later]) {
      expect((await cancel(runId)).status).toBe(200);
      expect(await get(runId)).toMatchObject({ status: 1850 });
    }
    // A cancelled held script cannot be released any more.
    expect((await test.rest(`/100/executions/${held}/status`, json({ action: "release" }))).status).toBe(400);

    const running = await start({ executionOption: "execute" });
    await until(async () => (await get(running)).status === 1550);
    const refused = await cancel(running);
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ code: ErrorCode.INVALID_TRANSITION, details: expect.stringContaining("runs to its end") });
    expect((await waitForEnd(test, 100, running)).status).toBe(1900);
  });

  it("runs the executions of a queue with one slot one after another, the others waiting 1684", async () => {
    await test.rest("/100/objects", json({ data: { queue: { general_attributes: { name: "Q.SERIAL", type: "QUEUE" }, queue_attributes: { max_slots: "1" } } }, path: "" }));
    const envelope = jobEnvelope("QUEUED.JOB", ["sleep 0.5"]);
    envelope.data.jobs.general_attributes.queue = "Q.SERIAL";
    await test.rest("/100/objects", json(envelope));
    const runIds: number[] = [];
    for (let i = 0; i < 3; i++) runIds.push(OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "QUEUED.JOB", executionOption: "execute" }))).json()).run_id);
    const waiting = await Promise.all(runIds.slice(1).map(get));
    expect(waiting.map((e) => e.status)).toEqual([1684, 1684]);
    expect(waiting[0]?.status_text).toBe("Waiting for queue slot");
    const ended = await Promise.all(runIds.map((id) => waitForEnd(test, 100, id, 20_000)));
    expect(ended.map((e) => [e.queue, e.status])).toEqual([
      ["Q.SERIAL", 1900],
      ["Q.SERIAL", 1900],
      ["Q.SERIAL", 1900],
    ]);
    const windows = ended.map((e) => [Date.parse(e.start_time ?? ""), Date.parse(e.end_time ?? "")] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < windows.length; i++) expect(windows[i]?.[0]).toBeGreaterThanOrEqual(windows[i - 1]?.[1] ?? 0);
  });
});
