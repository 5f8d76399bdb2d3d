import { describe, expect, it } from "vitest";
import type { OutForecastEntry } from "@baton/contract";
import { buildGanttRows } from "./gantt-rows";

const entry = (id: number, parent: number, name: string, start?: string, end?: string): OutForecastEntry => ({
  id,
  parent,
  name,
  type: parent === 0 ? "JOBP" : "JOBS",
  ...(start ? { estimated_start: start } : {}),
  ...(end ? { estimated_end: end } : {}),
});

const WF = entry(1, 0, "WF", "2026-05-01T06:00:00Z", "2026-05-01T10:00:00Z");
const A = entry(2, 1, "A", "2026-05-01T06:00:00Z", "2026-05-01T07:00:00Z");
const SUB = entry(3, 1, "SUB", "2026-05-01T07:00:00Z", "2026-05-01T10:00:00Z");
const B = entry(4, 3, "B", "2026-05-01T07:00:00Z", "2026-05-01T10:00:00Z");
const NEVER = entry(5, 1, "NEVER");

describe("buildGanttRows", () => {
  it("puts each container before its tasks, depth first, with bars as fractions of the span of the tasks", () => {
    const { rows, range } = buildGanttRows([B, NEVER, SUB, A, WF]);
    expect(range).toEqual({ start: Date.parse("2026-05-01T06:00:00Z"), end: Date.parse("2026-05-01T10:00:00Z") });
    expect(rows.map((r) => [r.entry.name, r.depth, r.hasChildren])).toEqual([
      ["WF", 0, true],
      ["A", 1, false],
      ["SUB", 1, true],
      ["B", 2, false],
      ["NEVER", 1, false],
    ]);
    expect(rows.map((r) => (r.bar ? [r.bar.x0, r.bar.x1] : null))).toEqual([[0, 1], [0, 0.25], [0.25, 1], [0.25, 1], null]);
  });

  it("leaves out the tasks of collapsed containers", () => {
    const { rows } = buildGanttRows([WF, A, SUB, B], new Set([3]));
    expect(rows.map((r) => r.entry.name)).toEqual(["WF", "A", "SUB"]);
  });

  it("keeps entries whose parent was filtered out, at the top", () => {
    const { rows } = buildGanttRows([A, B]);
    expect(rows.map((r) => [r.entry.name, r.depth])).toEqual([["A", 0], ["B", 0]]);
  });

  it("spans the tasks, not a schedule that waits days before them: its bar is cut at the edges", () => {
    const schedule = { ...entry(1, 0, "SCHED", "2026-05-01T00:00:00Z", "2026-05-04T00:00:00Z"), type: "JSCH" };
    const first = entry(2, 1, "FIRST", "2026-05-02T06:00:00Z", "2026-05-02T06:00:30Z");
    const last = entry(3, 1, "LAST", "2026-05-03T06:00:00Z", "2026-05-03T06:01:00Z");
    const { rows, range } = buildGanttRows([schedule, first, last]);
    expect(range).toEqual({ start: Date.parse("2026-05-02T06:00:00Z"), end: Date.parse("2026-05-03T06:01:00Z") });
    expect(rows.map((r) => (r.bar ? [r.bar.x0, r.bar.x1] : null))).toEqual([[0, 1], [0, 30 / 86_460], [86_400 / 86_460, 1]]);
    // The bar keeps the container's own times for its label.
    expect(rows[0]?.bar).toMatchObject({ start: Date.parse("2026-05-01T00:00:00Z"), end: Date.parse("2026-05-04T00:00:00Z") });
  });

  it("has no range when no entry has times", () => {
    expect(buildGanttRows([NEVER])).toEqual({ rows: [{ entry: NEVER, depth: 0, hasChildren: false, bar: null }], range: null });
  });
});
