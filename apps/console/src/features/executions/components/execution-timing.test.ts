import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { anExecution } from "./execution-fixture";
import { comparedToEstimate, executionTiming } from "./execution-timing";

const base: OutExecution = anExecution({ status: 1550, status_text: "Active", start_time: "2025-01-01T00:00:00Z", estimated_runtime: 120 });
const start = Date.parse("2025-01-01T00:00:00Z");

describe("executionTiming", () => {
  it("counts a running job's elapsed time and expects it to end its ERT after its start", () => {
    const timing = executionTiming(base, undefined, start + 30_000);
    expect(timing).toEqual({ runtimeSeconds: 30, ertSeconds: 120, running: true, expectedEnd: start + 120_000, blocked: false });
  });

  it("expects a running workflow to end the engine's RRT after the estimate was read", () => {
    const workflow = { ...base, type: "JOBP" };
    const ert = { data: { estimated_erts: {}, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: 300, rrt: 90 }, readAt: start + 60_000 };
    const timing = executionTiming(workflow, ert, start + 70_000);
    expect(timing.ertSeconds).toBe(300);
    expect(timing.expectedEnd).toBe(start + 150_000);
  });

  it("expects no end of a blocked workflow: it waits for an operator", () => {
    const blocked = { ...base, type: "JOBP", status: 1560 };
    const ert = { data: { estimated_erts: {}, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: 300, rrt: 90 }, readAt: start };
    expect(executionTiming(blocked, ert, start + 10_000)).toMatchObject({ expectedEnd: undefined, blocked: true, running: true });
  });

  it("has no expected end once ended, and the actual runtime", () => {
    const ended = { ...base, status: 1900, end_time: "2025-01-01T00:01:00Z", runtime: 60 };
    expect(executionTiming(ended, undefined, start + 999_000)).toEqual({ runtimeSeconds: 60, ertSeconds: 120, running: false, expectedEnd: undefined, blocked: false });
  });
});

describe("comparedToEstimate", () => {
  it.each([
    [30, 120, true, "25 % of the estimate"],
    [150, 120, true, "25 % over the estimate"],
    [90, 120, false, "25 % under the estimate"],
    [120, 120, false, "as estimated"],
  ])("%i s against %i s (running %s): %s", (runtime, ert, running, words) => {
    expect(comparedToEstimate(runtime, ert, running)?.words).toBe(words);
  });

  it("says nothing without both numbers", () => {
    expect(comparedToEstimate(undefined, 120, true)).toBeUndefined();
    expect(comparedToEstimate(10, undefined, true)).toBeUndefined();
  });
});
