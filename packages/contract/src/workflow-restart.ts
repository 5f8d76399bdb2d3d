/**
 * Which tasks a workflow restarted from a task runs again and which it does not: one reading for
 * the engine, which records the tasks not run again before the restart starts, and the console,
 * whose restart dialog says beforehand what will run.
 */
import type { WorkflowGraph } from "./workflow-definition";

/**
 * How far a restart from a task reaches. `from_line`: the task's line and every later line (the
 * vendor's restart point of a workflow). `downstream` (Baton extension): the task and the tasks
 * reachable from it along the line conditions; every other task keeps the result it had.
 */
export type WorkflowRestartScope = "from_line" | "downstream";

/** The task lines (never <START> or <END>) of a restart from a task, each in line order. */
export interface WorkflowRestartPlan {
  /** Lines whose tasks run again (as their conditions decide, like any run: an error branch may be skipped). */
  rerun: number[];
  /** Lines recorded as not run again (1922) without running. */
  notRun: number[];
}

/** The lines reachable from `line` along the graph's edges, `line` itself included. */
export function downstreamLines(graph: Pick<WorkflowGraph, "edges">, line: number): Set<number> {
  const successors = new Map<number, number[]>();
  for (const edge of graph.edges) successors.set(edge.from, [...(successors.get(edge.from) ?? []), edge.to]);
  const reached = new Set<number>([line]);
  const queue = [line];
  for (let next = queue.pop(); next !== undefined; next = queue.pop()) {
    for (const to of successors.get(next) ?? []) {
      if (!reached.has(to)) {
        reached.add(to);
        queue.push(to);
      }
    }
  }
  return reached;
}

/** The task lines of a workflow other than <START> and <END>, in line order: the lines a restart may begin at. */
export function restartableLines(graph: WorkflowGraph): number[] {
  return graph.tasks.map((t) => t.line).filter((line) => line !== graph.startLine && line !== graph.endLine);
}

/**
 * What a restart from the task on `line` runs again. With `downstream`, a task that is not run
 * again has no predecessor that is (what a rerun task leads to is rerun too), so recording those
 * tasks before the workflow starts never contradicts a predecessor's new result.
 */
export function workflowRestartPlan(graph: WorkflowGraph, line: number, scope: WorkflowRestartScope): WorkflowRestartPlan {
  const reached = scope === "downstream" ? downstreamLines(graph, line) : undefined;
  const runsAgain = (l: number) => (reached === undefined ? l >= line : reached.has(l));
  const lines = restartableLines(graph);
  return { rerun: lines.filter(runsAgain), notRun: lines.filter((l) => !runsAgain(l)) };
}
