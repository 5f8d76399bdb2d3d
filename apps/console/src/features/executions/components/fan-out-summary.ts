import { displayGroup, type DisplayGroup } from "./status-label";
import type { LoadedChildren } from "./tree-rows";

/** The children of a large fan-out counted by state (of those loaded). */
export interface FanOutSummary {
  total: number;
  loaded: number;
  counts: readonly { words: string; count: number }[];
}

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
const COUNT_ORDER = ["ended OK", "active", "waiting", "blocked", "failed", "cancelled", "skipped", "other", "not started"];

/**
 * The children counted by state; `notStarted`: a workflow's tasks that have no execution yet (its
 * plan's rows), counted among all its tasks.
 */
export function summarize(children: Pick<LoadedChildren, "rows" | "total">, notStarted = 0): FanOutSummary {
  const counts = new Map<string, number>();
  for (const row of children.rows) {
    const words = COUNTED_AS[displayGroup(row.status)];
    counts.set(words, (counts.get(words) ?? 0) + 1);
  }
  if (notStarted > 0) counts.set("not started", notStarted);
  return {
    total: Math.max(children.total, children.rows.length) + notStarted,
    loaded: children.rows.length + notStarted,
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
