import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { anExecution } from "./execution-fixture";
import { blockedSinceText, comparedToEstimate, executionTiming, nextRunOf, plannedStartText } from "./execution-timing";
import { formatDateTime } from "../../../lib/format";

const base: OutExecution = anExecution({ status: 1550, status_text: "Active", start_time: "2025-01-01T00:00:00Z", estimated_runtime: 120 });
const start = Date.parse("2025-01-01T00:00:00Z");

describe("executionTiming", () => {
  it("counts a running job's elapsed time and expects it to end its ERT after its start", () => {
    const timing = executionTiming(base, undefined, start + 30_000);
    expect(timing).toEqual({ runtimeSeconds: 30, ertSeconds: 120, running: true, expectedEnd: start + 120_000, blocked: false, plannedStart: undefined, blockedSince: undefined, untilCancelled: false });
  });

  it("expects a running workflow to end the engine's RRT after the estimate was read", () => {
    const workflow = { ...base, type: "JOBP" };
    const ert = { data: { estimated_erts: {}, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: 300, rrt: 90 }, readAt: start + 60_000 };
    const timing = executionTiming(workflow, ert, start + 70_000);
    expect(timing.ertSeconds).toBe(300);
    expect(timing.expectedEnd).toBe(start + 150_000);
  });

  it("expects no end of a blocked workflow: it waits for an operator, blocked since the engine says", () => {
    const blocked = { ...base, type: "JOBP", status: 1560, blocked_since: "2025-01-01T00:00:40Z" };
    const ert = { data: { estimated_erts: {}, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: 300, rrt: 90 }, readAt: start };
    expect(executionTiming(blocked, ert, start + 10_000)).toMatchObject({ expectedEnd: undefined, blocked: true, running: true, blockedSince: start + 40_000, ertSeconds: 300 });
  });

  it("plans a waiting run from its planned start: the ERT is its work, not the time since activation", () => {
    // Activated at 00:00, planned for 00:30, read at 00:26: a 14 s run, expected to end at 00:30:14.
    const waiting = anExecution({ status: 1698, estimated_runtime: 14, planned_start_time: "2025-01-01T00:30:00Z" });
    const timing = executionTiming(waiting, undefined, start + 26 * 60_000);
    expect(timing).toEqual({ runtimeSeconds: undefined, ertSeconds: 14, running: false, expectedEnd: start + 30 * 60_000 + 14_000, blocked: false, plannedStart: start + 30 * 60_000, blockedSince: undefined, untilCancelled: false });
  });

  it("expects a waiting workflow to end the engine's RRT after the estimate was read, with the engine's ERT", () => {
    const waiting = anExecution({ type: "JOBP", status: 1698, planned_start_time: "2025-01-01T00:30:00Z" });
    const ert = { data: { estimated_erts: {}, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: 14, rrt: 254 }, readAt: start + 26 * 60_000 };
    expect(executionTiming(waiting, ert, start + 27 * 60_000)).toMatchObject({ ertSeconds: 14, expectedEnd: start + 26 * 60_000 + 254_000, plannedStart: start + 30 * 60_000 });
  });

  it("has no expected end once ended, and the actual runtime", () => {
    const ended = { ...base, status: 1900, end_time: "2025-01-01T00:01:00Z", runtime: 60 };
    expect(executionTiming(ended, undefined, start + 999_000)).toEqual({ runtimeSeconds: 60, ertSeconds: 120, running: false, expectedEnd: undefined, blocked: false, plannedStart: undefined, blockedSince: undefined, untilCancelled: false });
  });

  it("keeps an ended workflow's estimate the one it was activated with, whatever the engine's ERT answer says by now", () => {
    // The ERT answer of an ended workflow counts what ran (9 s), not what was expected (245 s).
    const later = { data: { estimated_erts: {}, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: 9, rrt: 0 }, readAt: start + 15 * 60_000 };
    const cancelled = anExecution({ type: "JOBP", status: 1851, start_time: "2025-01-01T00:00:00Z", end_time: "2025-01-01T00:04:25Z", runtime: 265, estimated_runtime: 245 });
    expect(executionTiming(cancelled, later, start + 15 * 60_000)).toMatchObject({ ertSeconds: 245, expectedEnd: undefined });
    expect(comparedToEstimate(265, executionTiming(cancelled, later, start + 15 * 60_000).ertSeconds, false)?.words).toBe("8 % over the estimate");
    // Activated without an estimate (a restart of a workflow that never ended OK): none, not its runtime.
    const restarted = { ...cancelled, estimated_runtime: undefined, runtime: 4 };
    const answer = { ...later, data: { ...later.data, ert: 4 } };
    expect(executionTiming(restarted, answer, start + 15 * 60_000).ertSeconds).toBeUndefined();
  });

  it.each([
    ["C_PERIOD", 1550],
    ["JSCH", 1550],
    ["C_PERIOD", 1850],
  ])("expects no end of a %s (status %i) and compares it to no estimate: it runs until cancelled", (type, status) => {
    // A recurring start's container is activated with its object's ERT (1 s): each run's, not its own.
    const container = anExecution({ type, status, start_time: "2025-01-01T00:00:00Z", estimated_runtime: 1, ...(status === 1850 && { end_time: "2025-01-01T02:00:00Z", runtime: 7200 }) });
    const timing = executionTiming(container, undefined, start + 566_000);
    expect(timing).toMatchObject({ untilCancelled: true, ertSeconds: undefined, expectedEnd: undefined });
    expect(comparedToEstimate(timing.runtimeSeconds, timing.ertSeconds, timing.running)).toBeUndefined();
  });
});

describe("nextRunOf", () => {
  it("is the earliest planned start of the children waiting for their start time", () => {
    const children = [
      anExecution({ run_id: 9, status: 1698, planned_start_time: "2025-01-01T01:00:00Z" }),
      anExecution({ run_id: 8, status: 1698, planned_start_time: "2025-01-01T00:30:00Z" }),
      anExecution({ run_id: 7, status: 1900 }),
    ];
    expect(nextRunOf(children)).toBe(start + 30 * 60_000);
    expect(nextRunOf([anExecution({ status: 1550, start_time: "2025-01-01T00:00:00Z" })])).toBeUndefined();
  });
});

describe("plannedStartText / blockedSinceText", () => {
  const at = formatDateTime("2025-01-01T00:30:00Z");

  it("counts down to the planned start, then says it is starting", () => {
    expect(plannedStartText(start + 30 * 60_000, start + 25 * 60_000 + 50_000)).toBe(`${at} (starts in 4 min 10 s)`);
    expect(plannedStartText(start + 30 * 60_000, start + 30 * 60_000 + 2000)).toBe(`${at} (due now: starting)`);
  });

  it("says since when a run is blocked and for how long by now", () => {
    expect(blockedSinceText(start + 30 * 60_000, start + 33 * 60_000)).toBe(`${at} (for 3 min 00 s)`);
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
