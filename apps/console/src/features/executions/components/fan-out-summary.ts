import type { OutExecution } from "@baton/contract";
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

/** The loaded children as tasks, each by its latest run, and how many runs before those the server counts. */
interface Tasks {
  latest: OutExecution[];
  earlierRuns: number;
}

/**
 * A restart is a new execution under the same parent that names the first run of its chain as
 * `reference_run_id` (0 on the first run itself), so the runs of a chain are one task, where its
 * latest run (the highest run id) says where it stands, as the engine reads a workflow's task.
 * The runs before a latest one are those loaded or, when some are not, its `restart_count`.
 */
function asTasks(rows: readonly OutExecution[]): Tasks {
  const chains = new Map<number, { latest: OutExecution; runs: number }>();
  for (const row of rows) {
    const first = row.reference_run_id || row.run_id;
    const chain = chains.get(first);
    chains.set(first, chain === undefined ? { latest: row, runs: 1 } : { latest: row.run_id > chain.latest.run_id ? row : chain.latest, runs: chain.runs + 1 });
  }
  let earlierRuns = 0;
  for (const chain of chains.values()) earlierRuns += Math.max(chain.runs - 1, chain.latest.restart_count ?? 0);
  return { latest: [...chains.values()].map((chain) => chain.latest), earlierRuns };
}

/**
 * The children counted by state, a restarted task once by its latest run (its earlier runs are not
 * counted, in the total either); `notStarted`: a workflow's tasks that have no execution yet (its
 * plan's rows), counted among all its tasks.
 */
export function summarize(children: Pick<LoadedChildren, "rows" | "total">, notStarted = 0): FanOutSummary {
  const { latest, earlierRuns } = asTasks(children.rows);
  const counts = new Map<string, number>();
  for (const row of latest) {
    const words = COUNTED_AS[displayGroup(row.status)];
    counts.set(words, (counts.get(words) ?? 0) + 1);
  }
  if (notStarted > 0) counts.set("not started", notStarted);
  return {
    total: Math.max(children.total - earlierRuns, latest.length) + notStarted,
    loaded: latest.length + notStarted,
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
