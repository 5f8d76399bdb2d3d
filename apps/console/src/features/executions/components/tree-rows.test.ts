import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { anExecution } from "./execution-fixture";
import { hasChildren, summarize, summaryText, treeRows, type LoadedChildren } from "./tree-rows";

const execution = (runId: number, status: number, type = "JOBS"): OutExecution => anExecution({ name: `E${runId}`, type, run_id: runId, status });

const loaded = (rows: OutExecution[], extra: Partial<LoadedChildren> = {}): LoadedChildren => ({
  rows,
  total: rows.length,
  status: "success",
  error: null,
  hasMore: false,
  loadingMore: false,
  ...extra,
});

describe("summarize / summaryText", () => {
  it("counts a large fan-out by what an operator acts on", () => {
    const rows = [
      ...Array.from({ length: 1150 }, (_, i) => execution(i + 1, 1900)),
      ...Array.from({ length: 30 }, (_, i) => execution(2000 + i, 1550)),
      ...Array.from({ length: 10 }, (_, i) => execution(3000 + i, 1698)),
      ...Array.from({ length: 7 }, (_, i) => execution(4000 + i, 1800)),
      ...Array.from({ length: 3 }, (_, i) => execution(5000 + i, 1820)),
    ];
    expect(summaryText(summarize(loaded(rows)))).toBe("1,200 tasks: 1,150 ended OK, 30 active, 10 waiting, 10 failed");
  });

  it("says when the counts cover only the loaded children", () => {
    const summary = summarize({ rows: [execution(1, 1900), execution(2, 1850)], total: 1200 });
    expect(summaryText(summary)).toBe("1,200 tasks: 1 ended OK, 1 cancelled (of the 2 loaded)");
  });

  it("names one task in the singular", () => {
    expect(summaryText(summarize(loaded([execution(1, 1930)])))).toBe("1 task: 1 skipped");
  });
});

describe("hasChildren", () => {
  it.each([
    ["JOBP", true],
    ["JSCH", true],
    ["C_PERIOD", true],
    ["C_HOSTG", true],
    ["JOBG", true],
    ["JOBS", false],
    ["SCRI", false],
    ["CALL", false],
    ["EVNT", false],
    ["Workflow", false],
  ])("%s → %s", (type, expected) => {
    expect(hasChildren({ type })).toBe(expected);
  });
});

describe("treeRows", () => {
  const root = 100;
  const workflow = execution(10, 1550, "JOBP");
  const children = new Map<number, LoadedChildren>([
    [root, loaded([workflow, execution(11, 1900)], { total: 600, hasMore: true })],
    [10, loaded(Array.from({ length: 150 }, (_, i) => execution(1000 + i, 1900)))],
  ]);
  const input = { rootRunId: root, childrenOf: (runId: number) => children.get(runId), expanded: new Set<number>(), listed: new Set<number>(), fanOutLimit: 100 };

  it("lists the root's loaded children and a row to load more", () => {
    const rows = treeRows(input);
    expect(rows.map((r) => r.kind)).toEqual(["task", "task", "more"]);
    expect(rows[0]).toMatchObject({ kind: "task", expandable: true, expanded: false, depth: 0 });
    expect(rows[1]).toMatchObject({ kind: "task", expandable: false });
    expect(rows[2]).toMatchObject({ kind: "more", loaded: 2, total: 600 });
  });

  it("shows counts in place of a large fan-out below the root until it is listed", () => {
    const collapsed = treeRows({ ...input, expanded: new Set([10]) });
    expect(collapsed.map((r) => r.kind)).toEqual(["task", "fan-out", "task", "more"]);
    expect(collapsed[1]).toMatchObject({ depth: 1, parentRunId: 10, summary: { total: 150, loaded: 150 } });

    const listed = treeRows({ ...input, expanded: new Set([10]), listed: new Set([10]) });
    expect(listed).toHaveLength(2 + 150 + 1);
    expect(listed[1]).toMatchObject({ kind: "task", depth: 1 });
  });

  it("shows loading, error and empty children where they are", () => {
    const pending = treeRows({ ...input, childrenOf: () => undefined });
    expect(pending).toEqual([{ kind: "loading", key: "100:loading", depth: 0, parentRunId: root }]);
    const failed = treeRows({ ...input, childrenOf: () => ({ ...loaded([]), status: "error", error: "boom" }) });
    expect(failed[0]).toMatchObject({ kind: "error", error: "boom" });
    const empty = treeRows({ ...input, childrenOf: () => loaded([]) });
    expect(empty[0]).toMatchObject({ kind: "empty" });
  });

  it("keeps 10,000 children flat and fast", () => {
    const many = loaded(Array.from({ length: 10_000 }, (_, i) => execution(i + 1, 1900)));
    const started = performance.now();
    const rows = treeRows({ ...input, childrenOf: () => many });
    expect(rows).toHaveLength(10_000);
    expect(performance.now() - started).toBeLessThan(200);
  });
});
