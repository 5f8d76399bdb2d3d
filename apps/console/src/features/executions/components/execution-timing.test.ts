import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { anExecution } from "./execution-fixture";
import { blockedSinceText, comparedToEstimate, executionTiming, plannedStartText } from "./execution-timing";
import { formatDateTime } from "../../../lib/format";

const base: OutExecution = anExecution({ status: 1550, status_text: "Active", start_time: "2025-01-01T00:00:00Z", estimated_runtime: 120 });
const start = Date.parse("2025-01-01T00:00:00Z");

describe("executionTiming", () => {
  it("counts a running job's elapsed time and expects it to end its ERT after its start", () => {
    const timing = executionTiming(base, undefined, start + 30_000);
    expect(timing).toEqual({ runtimeSeconds: 30, ertSeconds: 120, running: true, expectedEnd: start + 120_000, blocked: false, plannedStart: undefined, blockedSince: undefined });
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
    expect(timing).toEqual({ runtimeSeconds: undefined, ertSeconds: 14, running: false, expectedEnd: start + 30 * 60_000 + 14_000, blocked: false, plannedStart: start + 30 * 60_000, blockedSince: undefined });
  });

  it("expects a waiting workflow to end the engine's RRT after the estimate was read, with the engine's ERT", () => {
    const waiting = anExecution({ type: "JOBP", status: 1698, planned_start_time: "2025-01-01T00:30:00Z" });
    const ert = { data: { estimated_erts: {}, estimated_start_times: {}, longest_path_vertex_keys: {}, ert: 14, rrt: 254 }, readAt: start + 26 * 60_000 };
    expect(executionTiming(waiting, ert, start + 27 * 60_000)).toMatchObject({ ertSeconds: 14, expectedEnd: start + 26 * 60_000 + 254_000, plannedStart: start + 30 * 60_000 });
  });

  it("has no expected end once ended, and the actual runtime", () => {
    const ended = { ...base, status: 1900, end_time: "2025-01-01T00:01:00Z", runtime: 60 };
    expect(executionTiming(ended, undefined, start + 999_000)).toEqual({ runtimeSeconds: 60, ertSeconds: 120, running: false, expectedEnd: undefined, blocked: false, plannedStart: undefined, blockedSince: undefined });
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
