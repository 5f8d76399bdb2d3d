import { ErrorCode, type OutErtEstimations } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runtimeSeconds } from "../domain/execution";
import { jobEnvelope, workflow } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { refusal, startTestEngine, until, type TestEngine } from "../testing/test-engine";

// Runtimes are learnt from real jobs (`sleep 1`, `sleep 2`), so this suite runs on the system clock.
describe.each(testDialects)("estimated runtimes on %s", (dialect) => {
  let test: TestEngine;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
  });
  afterAll(() => test.stop());

  const execution = (runId: number) => test.engine.executions.get(test.admin, runId);
  const ert = (runId: number): Promise<OutErtEstimations> => test.engine.executions.ert(test.admin, runId);
  const clientSettings = (values: { key: string; value1: string }[]) => ({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: values } }, path: "" });

  /** Runs the object and waits until its next execution starts with an estimate. */
  async function runAndEstimate(name: string): Promise<number | null> {
    expect(await test.waitForEnd(await test.start(name))).toMatchObject({ status: 1900 });
    let estimate: number | null = null;
    await until(async () => {
      estimate = (await test.waitForEnd(await test.start(name))).estimatedRuntime;
      return estimate !== null;
    });
    return estimate;
  }

  /** Runs the object (`sleep 2`) to an OK end; its runtime in whole seconds, as the engine counts it. */
  async function longRun(name: string): Promise<number | undefined> {
    const ended = await test.waitForEnd(await test.start(name));
    expect(ended).toMatchObject({ status: 1900 });
    expect(runtimeSeconds(ended, Date.now())).toBeGreaterThanOrEqual(2);
    return runtimeSeconds(ended, Date.now());
  }

  it("learns an object's runtime from its OK runs and starts each execution with it", async () => {
    await test.importObjects(jobEnvelope("ERT.ONE", ["sleep 1"]));
    const first = await test.waitForEnd(await test.start("ERT.ONE"));
    expect(first.estimatedRuntime).toBeNull();
    // `sleep 1` takes a second and a little more, up to two on a busy machine.
    const learned = await runAndEstimate("ERT.ONE");
    expect([1, 2]).toContain(learned);
    // A failing run does not count.
    await test.importObjects(jobEnvelope("ERT.ONE", ["sleep 3", "exit 1"]));
    expect(await test.waitForEnd(await test.start("ERT.ONE"))).toMatchObject({ status: 1800, estimatedRuntime: learned });
    expect((await execution(await test.start("ERT.ONE"))).estimatedRuntime).toBe(learned);
  });

  it("uses a fixed estimate of the object, or the client's method", async () => {
    await test.importObjects(jobEnvelope("ERT.FIXED", ["true"], { general_attributes: { name: "ERT.FIXED", type: "JOBS", ert_method: "FIXED", ert_fixed: "90" } }));
    expect((await execution(await test.start("ERT.FIXED"))).estimatedRuntime).toBe(90);

    await test.importObjects(clientSettings([{ key: "ERT_METHOD", value1: "MAXIMUM" }]));
    await test.importObjects(jobEnvelope("ERT.MAX", ["sleep 2"]));
    const long = await longRun("ERT.MAX");
    await test.importObjects(jobEnvelope("ERT.MAX", ["true"]));
    // Runs of 2 s (3 on a busy machine) and 0 s: the maximum stays the long run's.
    expect(await runAndEstimate("ERT.MAX")).toBe(long);
    await test.importObjects(clientSettings([]));
  });

  /** The estimate an execution of the object is activated with now, read from one held for manual release (it never runs). */
  async function heldEstimate(name: string): Promise<number | null> {
    const held = await test.start({ objectName: name, executionOption: "once", once: { waitForManualRelease: true } });
    return (await execution(held)).estimatedRuntime;
  }

  it("applies a changed method from the object's next OK end, and FIXED at once", async () => {
    const attributes = (more: Record<string, string>) => ({ general_attributes: { name: "ERT.CHANGE", type: "JOBS", ...more } });
    await test.importObjects(jobEnvelope("ERT.CHANGE", ["sleep 2"]));
    const long = await longRun("ERT.CHANGE");
    await test.importObjects(jobEnvelope("ERT.CHANGE", ["true"]));
    for (let run = 0; run < 3; run++) expect(await test.waitForEnd(await test.start("ERT.CHANGE"))).toMatchObject({ status: 1900 });
    // Runs of 2, 0, 0 and 0 s: AVERAGE leaves the 2 s run out as an outlier, and no estimate is below 1 s.
    await until(async () => (await heldEstimate("ERT.CHANGE")) === 1);

    await test.importObjects(jobEnvelope("ERT.CHANGE", ["true"], attributes({ ert_method: "MAXIMUM" })));
    expect(await test.waitForEnd(await test.start("ERT.CHANGE"))).toMatchObject({ status: 1900 });
    // MAXIMUM keeps the 2 s run once a run has ended under it.
    await until(async () => (await heldEstimate("ERT.CHANGE")) === long);

    await test.importObjects(jobEnvelope("ERT.CHANGE", ["true"], attributes({ ert_method: "FIXED", ert_fixed: "45" })));
    expect(await heldEstimate("ERT.CHANGE")).toBe(45);
  });

  it("estimates a running workflow: task ERTs, start times of tasks to come, the critical path, ERT and RRT", async () => {
    const fixed = (name: string, seconds: number, lines: string[]) => jobEnvelope(name, lines, { general_attributes: { name, type: "JOBS", ert_method: "FIXED", ert_fixed: String(seconds) } });
    await test.importObjects(fixed("ERT.SLOW", 20, ["sleep 30"]), fixed("ERT.FAST", 5, ["true"]), fixed("ERT.LAST", 10, ["true"]));
    // START(1) → SLOW(2) → LAST(4) → END(5); START → FAST(3) → LAST.
    await test.importObjects(workflow("ERT.FLOW", [{ name: "ERT.SLOW" }, { name: "ERT.FAST" }, { name: "ERT.LAST", after: [2, 3] }], [4]));
    const runId = await test.start("ERT.FLOW");
    let estimate = await ert(runId);
    await until(async () => {
      estimate = await ert(runId);
      const slow = (await test.children(runId)).find((t) => t.name === "ERT.SLOW");
      return slow?.status === 1550 && Object.keys(estimate.estimated_erts).filter((key) => Number(key) > 0).length === 3;
    });
    const begun = (await execution(runId)).startTime ?? Number.NaN;
    // Activated with the workflow, LAST has its RunID while it waits for SLOW and FAST.
    const last = (await test.children(runId)).find((t) => t.name === "ERT.LAST");
    expect(last).toMatchObject({ status: 1700, lineNumber: 4 });
    const lastKey = String(last?.runId);
    expect(estimate.estimated_erts[lastKey]).toBe(10);
    expect(Object.values(estimate.estimated_erts).sort((a, b) => a - b)).toEqual([expect.any(Number), 10, 20]);
    // LAST starts when SLOW is estimated to end: 20 s after the workflow started.
    expect(Math.abs((estimate.estimated_start_times[lastKey] ?? 0) - (begun + 20_000))).toBeLessThan(1500);
    const path = estimate.longest_path_vertex_keys[String(runId)] ?? [];
    expect(path.map((v) => v.lnr)).toEqual([1, 2, 4, 5]);
    expect(path[1]).toMatchObject({ parent_run_id: runId, run_id: expect.any(Number), child_loop_index: 0 });
    expect(path[1]?.run_id).toBeGreaterThan(0);
    expect(path[2]).toMatchObject({ run_id: last?.runId, lnr: 4 });
    expect(estimate.ert).toBe(30);
    expect(estimate.rrt).toBeGreaterThan(25);
    expect(estimate.rrt).toBeLessThanOrEqual(30);

    await test.engine.executions.changeStatus(test.admin, runId, { action: "cancel", cancel: { recursive: true } });
    await test.waitForEnd(runId);
    expect((await ert(runId)).rrt).toBe(0);
  });

  it("estimates a single execution, and refuses an unknown one as not found", async () => {
    await test.importObjects(jobEnvelope("ERT.SINGLE", ["sleep 1"], { general_attributes: { name: "ERT.SINGLE", type: "JOBS", ert_method: "FIXED", ert_fixed: "7" } }));
    const runId = await test.start("ERT.SINGLE");
    const runtime = runtimeSeconds(await test.waitForEnd(runId), Date.now());
    expect(await ert(runId)).toEqual({ estimated_erts: { [String(runId)]: runtime }, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: runtime, rrt: 0 });
    expect(await refusal(ert(999999))).toMatchObject({ kind: "not_found", code: ErrorCode.RUN_ID_NOT_FOUND });
  });
});
