import type { OutExecution } from "@baton/contract";
import { displayGroup, type DisplayGroup } from "./status-label";

/** Type codes of executions that have children: workflows, schedules, period containers, agent group containers, groups. */
const CONTAINER_TYPES: ReadonlySet<string> = new Set(["JOBP", "JSCH", "C_PERIOD", "C_HOSTG", "JOBG"]);

export function hasChildren(execution: Pick<OutExecution, "type">): boolean {
  return CONTAINER_TYPES.has(execution.type);
}

/** What is loaded of one node's children. */
export interface LoadedChildren {
  rows: readonly OutExecution[];
  /** How many children the server counts. */
  total: number;
  status: "pending" | "error" | "success";
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
}

/** The children of a large fan-out counted by state (of those loaded). */
export interface FanOutSummary {
  total: number;
  loaded: number;
  counts: readonly { words: string; count: number }[];
}

export type TreeRow =
  | { kind: "task"; key: string; depth: number; execution: OutExecution; expandable: boolean; expanded: boolean }
  | { kind: "fan-out"; key: string; depth: number; parentRunId: number; summary: FanOutSummary }
  | { kind: "more"; key: string; depth: number; parentRunId: number; loaded: number; total: number; loading: boolean }
  | { kind: "loading"; key: string; depth: number; parentRunId: number }
  | { kind: "error"; key: string; depth: number; parentRunId: number; error: unknown }
  | { kind: "empty"; key: string; depth: number; parentRunId: number };

/** How the groups of status-label.tsx are counted: one word per thing an operator acts on. */
const COUNTED_AS: Record<DisplayGroup, string> = {
  ok: "ended OK",
  active: "active",
  waiting: "waiting",
  blocked: "blocked",
  abend: "failed",
  fault: "failed",
  cancel: "cancelled",
  skipped: "skipped",
  inactive: "skipped",
  unknown: "other",
};
const COUNT_ORDER = ["ended OK", "active", "waiting", "blocked", "failed", "cancelled", "skipped", "other"];

export function summarize(children: Pick<LoadedChildren, "rows" | "total">): FanOutSummary {
  const counts = new Map<string, number>();
  for (const row of children.rows) {
    const words = COUNTED_AS[displayGroup(row.status)];
    counts.set(words, (counts.get(words) ?? 0) + 1);
  }
  return {
    total: Math.max(children.total, children.rows.length),
    loaded: children.rows.length,
    counts: COUNT_ORDER.filter((words) => counts.has(words)).map((words) => ({ words, count: counts.get(words) ?? 0 })),
  };
}

const number = new Intl.NumberFormat("en-US");

/** "1,200 tasks: 1,150 ended OK, 40 active, 10 failed", saying so when only some are loaded. */
export function summaryText(summary: FanOutSummary, noun = "task"): string {
  const head = `${number.format(summary.total)} ${noun}${summary.total === 1 ? "" : "s"}`;
  if (summary.counts.length === 0) return head;
  const counts = summary.counts.map((c) => `${number.format(c.count)} ${c.words}`).join(", ");
  const partial = summary.loaded < summary.total ? ` (of the ${number.format(summary.loaded)} loaded)` : "";
  return `${head}: ${counts}${partial}`;
}

export interface TreeInput {
  rootRunId: number;
  childrenOf: (runId: number) => LoadedChildren | undefined;
  expanded: ReadonlySet<number>;
  /** Large fan-outs the operator chose to list in full. */
  listed: ReadonlySet<number>;
  /** Above this many children a node below the root shows counts instead of rows until listed. */
  fanOutLimit: number;
}

/**
 * The rows of the tree in display order: each node's loaded children under it (server order,
 * newest first), a "load more" row where pages remain, and a count row in place of a large
 * fan-out. The root's own children are always listed: they are what the page is about.
 */
export function treeRows({ rootRunId, childrenOf, expanded, listed, fanOutLimit }: TreeInput): TreeRow[] {
  const rows: TreeRow[] = [];
  const visit = (parentRunId: number, depth: number) => {
    const children = childrenOf(parentRunId);
    const at = `${parentRunId}`;
    if (children === undefined || children.status === "pending") {
      rows.push({ kind: "loading", key: `${at}:loading`, depth, parentRunId });
      return;
    }
    if (children.status === "error" && children.rows.length === 0) {
      rows.push({ kind: "error", key: `${at}:error`, depth, parentRunId, error: children.error });
      return;
    }
    if (children.rows.length === 0) {
      rows.push({ kind: "empty", key: `${at}:empty`, depth, parentRunId });
      return;
    }
    if (parentRunId !== rootRunId && Math.max(children.total, children.rows.length) > fanOutLimit && !listed.has(parentRunId)) {
      rows.push({ kind: "fan-out", key: `${at}:fan-out`, depth, parentRunId, summary: summarize(children) });
      return;
    }
    for (const execution of children.rows) {
      const expandable = hasChildren(execution);
      const isExpanded = expandable && expanded.has(execution.run_id);
      rows.push({ kind: "task", key: `${execution.run_id}`, depth, execution, expandable, expanded: isExpanded });
      if (isExpanded) visit(execution.run_id, depth + 1);
    }
    if (children.hasMore) {
      rows.push({ kind: "more", key: `${at}:more`, depth, parentRunId, loaded: children.rows.length, total: children.total, loading: children.loadingMore });
    }
  };
  visit(rootRunId, 0);
  return rows;
}
