import { describe, expect, it } from "vitest";
import type { OutExecution } from "@baton/contract";
import { anExecution } from "./execution-fixture";
import { summarize, summaryText } from "./fan-out-summary";
import { hasChildren, listRows, treeRows, type LoadedChildren, type PlannedTask } from "./tree-rows";

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

  it("counts a workflow's tasks that have not started among all its tasks", () => {
    expect(summaryText(summarize(loaded([execution(1, 1900), execution(2, 1900), execution(3, 1800)]), 1))).toBe("4 tasks: 2 ended OK, 1 failed, 1 not started");
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
    expect(collapsed[1]).toMatchObject({ depth: 1, parentRunId: 10 });
    expect(collapsed[1]?.kind === "fan-out" ? summarize(collapsed[1].children) : undefined).toMatchObject({ total: 150, loaded: 150 });

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

describe("a workflow's tasks in flow order", () => {
  const task = (runId: number, line: number, status = 1900, type = "JOBS"): OutExecution => ({ ...execution(runId, status, type), line_number: line });
  const plan: PlannedTask[] = Array.from({ length: 10 }, (_, i) => ({ line: i + 2, name: `T${i + 2}`, type: "JOBS", active: i !== 7 }));
  const base = { rootRunId: 1, expanded: new Set<number>(), listed: new Set<number>(), fanOutLimit: 100, plan };
  // Newest first, as the server answers: line 4 was restarted (run 30 after run 14).
  const served = [task(30, 4), task(21, 11), task(20, 10), task(15, 5), task(14, 4, 1800), task(13, 3), task(12, 2)];

  it("lists the tasks by line, each line's runs oldest first, and the tasks that never ran where they stand", () => {
    const rows = treeRows({ ...base, childrenOf: () => loaded(served) });
    const lines = rows.map((r) => (r.kind === "task" ? `${r.execution.line_number}:${r.execution.run_id}` : r.kind === "planned" ? `${r.task.line}:${r.task.active ? "not started" : "inactive"}` : r.kind));
    expect(lines).toEqual(["2:12", "3:13", "4:14", "4:30", "5:15", "6:not started", "7:not started", "8:not started", "9:inactive", "10:20", "11:21"]);
  });

  it("makes no planned rows while pages remain: a line without a loaded run may have one not loaded", () => {
    const rows = treeRows({ ...base, childrenOf: () => loaded(served, { total: 600, hasMore: true }) });
    expect(rows.filter((r) => r.kind === "planned")).toHaveLength(0);
    expect(rows.at(-1)?.kind).toBe("more");
    expect(rows.filter((r) => r.kind === "task").map((r) => (r.kind === "task" ? r.execution.run_id : 0))).toEqual([12, 13, 14, 30, 15, 20, 21]);
  });

  it("shows the whole plan of a workflow that started no task yet", () => {
    const rows = treeRows({ ...base, childrenOf: () => loaded([]) });
    expect(rows.map((r) => r.kind)).toEqual(Array(10).fill("planned"));
  });

  it("keeps the runs of lines the definition no longer has, after the plan", () => {
    const rows = treeRows({ ...base, plan: plan.slice(0, 2), childrenOf: () => loaded([task(40, 99), task(12, 2)]) });
    expect(rows.map((r) => r.key)).toEqual(["12", "1:line:3", "40"]);
  });
});

describe("listRows", () => {
  const workflow = execution(10, 1550, "JOBP");
  const job = execution(9, 1900);
  const children = new Map<number, LoadedChildren>([[10, loaded([{ ...execution(12, 1550), line_number: 3 }, { ...execution(11, 1900), line_number: 2 }])]]);
  const input = { childrenOf: (runId: number) => children.get(runId), expanded: new Set<number>(), listed: new Set<number>(), fanOutLimit: 100 };

  it("shows the top-level runs alone until one is expanded", () => {
    expect(listRows([workflow, job], input).map((r) => r.key)).toEqual(["10", "9"]);
  });

  it("puts an expanded workflow's tasks under it, in flow order, one level deeper", () => {
    const rows = listRows([workflow, job], { ...input, expanded: new Set([10]) });
    expect(rows.map((r) => [r.key, r.depth])).toEqual([["10", 0], ["11", 1], ["12", 1], ["9", 0]]);
    expect(rows[0]).toMatchObject({ expandable: true, expanded: true });
  });

  it("opens nothing when every execution is a row of its own", () => {
    const rows = listRows([workflow, job], { ...input, expanded: new Set([10]), flat: true });
    expect(rows.map((r) => r.key)).toEqual(["10", "9"]);
    expect(rows[0]).toMatchObject({ expandable: false, expanded: false });
  });

  it("says the children are loading under a run just expanded", () => {
    const rows = listRows([workflow], { ...input, childrenOf: () => undefined, expanded: new Set([10]) });
    expect(rows.map((r) => r.kind)).toEqual(["task", "loading"]);
  });
});
