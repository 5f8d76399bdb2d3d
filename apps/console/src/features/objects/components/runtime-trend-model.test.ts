import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { runtimeTrend } from "./runtime-trend-model";

function run(runId: number, status: number, start: string | undefined, end: string | undefined, extra: Partial<OutExecution> = {}): OutExecution {
  return {
    name: "JOB.A",
    type: "JOBS",
    queue: "CLIENT_QUEUE",
    run_id: runId,
    status,
    status_text: String(status),
    activation_time: start ?? "2026-01-01T00:00:00Z",
    start_time: start,
    end_time: end,
    user: "ADMIN/ADMIN",
    ...extra,
  };
}

describe("runtimeTrend", () => {
  it("draws the ended runs of the object's type oldest first, OK and not OK apart, each with the engine's runtime and the ERT it started with", () => {
    const runs = [
      run(14, 1550, "2026-01-01T00:05:00Z", undefined, { estimated_runtime: 4 }),
      run(13, 1800, "2026-01-01T00:03:00Z", "2026-01-01T00:03:09Z", { estimated_runtime: 3 }),
      run(12, 1922, "2026-01-01T00:02:30Z", "2026-01-01T00:02:30Z"),
      run(11, 1900, "2026-01-01T00:02:00Z", "2026-01-01T00:02:04Z", { estimated_runtime: 2 }),
      run(10, 1900, "2026-01-01T00:01:00Z", "2026-01-01T00:01:02.600Z", { runtime: 2 }),
      run(9, 1900, "2026-01-01T00:00:00Z", "2026-01-01T00:09:00Z", { type: "C_PERIOD" }),
    ];
    const trend = runtimeTrend(runs, "JOBS", 5);
    expect(trend.points.map((p) => [p.label, p.ok, p.notOk, p.ert])).toEqual([
      ["#10", 2, undefined, undefined],
      ["#11", 4, undefined, 2],
      ["#13", undefined, 9, 3],
    ]);
    expect(trend.nextErt).toBe(5);
    expect(trend.medianOk).toBe(3);
  });

  it("is empty for an object that never ran to an end", () => {
    expect(runtimeTrend([run(1, 1300, undefined, undefined)], "JOBS", undefined)).toEqual({ points: [], nextErt: undefined, medianOk: undefined });
  });
});
