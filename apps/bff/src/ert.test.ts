import { ErrorCode, OutErtEstimations, OutExecution, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "./testing/test-baton";
import { workflow } from "./testing/workflow-envelope";

describe.each(testDialects)("estimated runtimes on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function start(name: string): Promise<number> {
    return OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }))).json()).run_id;
  }

  async function execution(runId: number): Promise<OutExecution> {
    return OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
  }

  async function ert(runId: number): Promise<OutErtEstimations> {
    const response = await test.rest(`/100/executions/${runId}/ert`);
    expect(response.status).toBe(200);
    return OutErtEstimations.parse(await response.json());
  }

  /** Runs the object and waits until its next execution starts with an estimate. */
  async function runAndEstimate(name: string): Promise<number | undefined> {
    expect(await waitForEnd(test, 100, await start(name))).toMatchObject({ status: 1900 });
    let estimate: number | undefined;
    await until(async () => {
      const next = await start(name);
      estimate = (await waitForEnd(test, 100, next)).estimated_runtime;
      return estimate !== undefined;
    });
    return estimate;
  }

  it("learns an object's runtime from its OK runs and starts each execution with it", async () => {
    await test.rest("/100/objects", json(jobEnvelope("ERT.ONE", ["sleep 1"])));
    const first = await waitForEnd(test, 100, await start("ERT.ONE"));
    expect(first.estimated_runtime).toBeUndefined();
    expect(await runAndEstimate("ERT.ONE")).toBe(1);
    // A failing run does not count.
    await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("ERT.ONE", ["sleep 3", "exit 1"])));
    expect(await waitForEnd(test, 100, await start("ERT.ONE"))).toMatchObject({ status: 1800, estimated_runtime: 1 });
    expect((await execution(await start("ERT.ONE"))).estimated_runtime).toBe(1);
  });

  it("uses a fixed estimate of the object, or the client's method", async () => {
    await test.rest("/100/objects", json(jobEnvelope("ERT.FIXED", ["true"], { general_attributes: { name: "ERT.FIXED", type: "JOBS", ert_method: "FIXED", ert_fixed: "90" } })));
    expect((await execution(await start("ERT.FIXED"))).estimated_runtime).toBe(90);

    await test.rest("/100/objects", json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [{ key: "ERT_METHOD", value1: "MAXIMUM" }] } }, path: "" }));
    await test.rest("/100/objects", json(jobEnvelope("ERT.MAX", ["sleep 2"])));
    expect(await waitForEnd(test, 100, await start("ERT.MAX"))).toMatchObject({ status: 1900 });
    await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("ERT.MAX", ["true"])));
    // Runs of 2 s and 0 s: the maximum stays 2 s.
    expect(await runAndEstimate("ERT.MAX")).toBe(2);
    await test.rest("/100/objects?overwrite_existing_objects=true", json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [] } }, path: "" }));
  });

  /** The estimate an execution of the object is activated with now, read from one held for manual release (it never runs). */
  async function heldEstimate(name: string): Promise<number | undefined> {
    const answer = await test.rest("/100/executions", json({ objectName: name, executionOption: "once", once: { waitForManualRelease: true } }));
    return (await execution(OutRunId.parse(await answer.json()).run_id)).estimated_runtime;
  }

  it("applies a changed method from the object's next OK end, and FIXED at once", async () => {
    const attributes = (more: Record<string, string>) => ({ general_attributes: { name: "ERT.CHANGE", type: "JOBS", ...more } });
    await test.rest("/100/objects", json(jobEnvelope("ERT.CHANGE", ["sleep 2"])));
    expect(await waitForEnd(test, 100, await start("ERT.CHANGE"))).toMatchObject({ status: 1900 });
    await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("ERT.CHANGE", ["true"])));
    for (let run = 0; run < 3; run++) expect(await waitForEnd(test, 100, await start("ERT.CHANGE"))).toMatchObject({ status: 1900 });
    // Runs of 2, 0, 0 and 0 s: AVERAGE leaves the 2 s run out as an outlier, and no estimate is below 1 s.
    await until(async () => (await heldEstimate("ERT.CHANGE")) === 1);

    await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("ERT.CHANGE", ["true"], attributes({ ert_method: "MAXIMUM" }))));
    expect(await waitForEnd(test, 100, await start("ERT.CHANGE"))).toMatchObject({ status: 1900 });
    // MAXIMUM keeps the 2 s run once a run has ended under it.
    await until(async () => (await heldEstimate("ERT.CHANGE")) === 2);

    await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("ERT.CHANGE", ["true"], attributes({ ert_method: "FIXED", ert_fixed: "45" }))));
    expect(await heldEstimate("ERT.CHANGE")).toBe(45);
  });

  it("estimates a running workflow: task ERTs, start times of tasks to come, the critical path, ERT and RRT", async () => {
    const fixed = (name: string, seconds: number, lines: string[]) => jobEnvelope(name, lines, { general_attributes: { name, type: "JOBS", ert_method: "FIXED", ert_fixed: String(seconds) } });
    await test.rest("/100/objects", json(fixed("ERT.SLOW", 20, ["sleep 30"])));
    await test.rest("/100/objects", json(fixed("ERT.FAST", 5, ["true"])));
    await test.rest("/100/objects", json(fixed("ERT.LAST", 10, ["true"])));
    // START(1) → SLOW(2) → LAST(4) → END(5); START → FAST(3) → LAST.
    await test.rest("/100/objects", json(workflow("ERT.FLOW", [{ name: "ERT.SLOW" }, { name: "ERT.FAST" }, { name: "ERT.LAST", after: [2, 3] }], [4])));
    const runId = await start("ERT.FLOW");
    let estimate = await ert(runId);
    await until(async () => {
      estimate = await ert(runId);
      return Object.keys(estimate.estimated_erts).filter((key) => Number(key) > 0).length === 2;
    });
    const flow = await execution(runId);
    const begun = Date.parse(flow.start_time ?? "");
    expect(estimate.estimated_erts["-4"]).toBe(10);
    expect(Object.values(estimate.estimated_erts).sort((a, b) => a - b)).toEqual([expect.any(Number), 10, 20]);
    // LAST starts when SLOW is estimated to end: 20 s after the workflow started.
    expect(Math.abs((estimate.estimated_start_times["-4"] ?? 0) - (begun + 20_000))).toBeLessThan(1500);
    const path = estimate.longest_path_vertex_keys[String(runId)] ?? [];
    expect(path.map((v) => v.lnr)).toEqual([1, 2, 4, 5]);
    expect(path[1]).toMatchObject({ parent_run_id: runId, run_id: expect.any(Number), child_loop_index: 0 });
    expect(path[1]?.run_id).toBeGreaterThan(0);
    expect(path[2]).toMatchObject({ run_id: 0, lnr: 4 });
    expect(estimate.ert).toBe(30);
    expect(estimate.rrt).toBeGreaterThan(25);
    expect(estimate.rrt).toBeLessThanOrEqual(30);

    expect((await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel", cancel: { recursive: true } }))).status).toBe(200);
    await waitForEnd(test, 100, runId);
    expect((await ert(runId)).rrt).toBe(0);
  });

  it("estimates a single execution, and answers 404 for an unknown one", async () => {
    await test.rest("/100/objects", json(jobEnvelope("ERT.SINGLE", ["sleep 1"], { general_attributes: { name: "ERT.SINGLE", type: "JOBS", ert_method: "FIXED", ert_fixed: "7" } })));
    const runId = await start("ERT.SINGLE");
    const ended = await waitForEnd(test, 100, runId);
    expect(await ert(runId)).toEqual({ estimated_erts: { [String(runId)]: ended.runtime }, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: ended.runtime, rrt: 0 });
    const missing = await test.rest("/100/executions/999999/ert");
    expect(missing.status).toBe(404);
    expect(await missing.json()).toMatchObject({ code: ErrorCode.RUN_ID_NOT_FOUND });
  });
});
