import { describe, expect, it } from "vitest";
import { anExecution } from "./execution-fixture";
import { ganttModel, ganttTicks } from "./run-gantt-model";

const T0 = Date.parse("2025-01-01T10:00:00Z");
const iso = (seconds: number) => new Date(T0 + seconds * 1000).toISOString().replace(".000Z", "Z");

/** A task of workflow 100 on `line` that ran from `from` to `to` seconds after T0 (`to` null: running). */
function task(runId: number, line: number, from: number | undefined, to: number | null | undefined, more: Parameters<typeof anExecution>[0] = {}) {
  const running = to === null;
  return anExecution({
    run_id: runId,
    parent: 100,
    line_number: line,
    name: `T${line}`,
    status: running ? 1550 : from === undefined ? 1698 : 1900,
    status_text: running ? "Active" : "ENDED_OK - ended normally",
    ...(from !== undefined && { start_time: iso(from) }),
    ...(typeof to === "number" && { end_time: iso(to) }),
    ...more,
  });
}

describe("ganttModel", () => {
  it("draws a bar per task from its start to its end, ordered by start, with its ERT marker", () => {
    const model = ganttModel([task(203, 3, 10, 40, { estimated_runtime: 20 }), task(202, 2, 0, 10, { estimated_runtime: 10 })], T0 + 999_000);
    expect(model.range).toEqual({ from: T0, to: T0 + 40_000 });
    expect(model.rows.map((r) => [r.execution.line_number, r.bar, r.ertX])).toEqual([
      [2, { x0: 0, x1: 0.25 }, 0.25],
      // Ran 30 s against an ERT of 20 s: the bar goes past its marker.
      [3, { x0: 0.25, x1: 1 }, 0.75],
    ]);
  });

  it("grows a running task's bar to now and stretches the axis to an ERT not reached yet", () => {
    const model = ganttModel([task(202, 2, 0, null, { estimated_runtime: 60 })], T0 + 15_000);
    expect(model.rows[0]).toMatchObject({ running: true, end: T0 + 15_000, bar: { x0: 0, x1: 0.25 }, ertX: 1 });
    expect(model.range).toEqual({ from: T0, to: T0 + 60_000 });
  });

  it("takes the latest run of a line (a restart) and lists tasks not started after the others, without a bar", () => {
    const model = ganttModel([task(202, 2, 0, 5), task(210, 2, 20, 25), task(203, 3, undefined, undefined)], T0 + 30_000);
    expect(model.rows.map((r) => r.execution.run_id)).toEqual([210, 203]);
    expect(model.rows[1]).toMatchObject({ bar: undefined, ertX: undefined, start: undefined });
  });

  it("has no axis before any task started", () => {
    expect(ganttModel([task(203, 3, undefined, undefined)], T0)).toMatchObject({ range: undefined, ticks: [] });
  });

  it("shows a task without an estimate without a marker: its ERT is none, as everywhere", () => {
    expect(ganttModel([task(202, 2, 0, 5)], T0).rows[0]).toMatchObject({ ertSeconds: undefined, ertX: undefined });
  });
});

describe("ganttTicks", () => {
  it("steps so that at most eight ticks fit, at whole multiples of the step", () => {
    const ticks = ganttTicks({ from: T0 + 3000, to: T0 + 63_000 });
    expect(ticks.map((t) => (t.at - T0) / 1000)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(ticks[0]?.x).toBeCloseTo(7 / 60);
    expect(ticks[0]?.label).toMatch(/^\d\d:\d\d:10$/);
  });
});
