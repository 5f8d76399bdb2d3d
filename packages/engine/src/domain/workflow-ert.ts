import type { WorkflowDefinition } from "./workflow";

/** Seconds a task counts when nothing is known of its runtime yet. */
export const UNKNOWN_TASK_SECONDS = 60;

/** Statuses of tasks that end without running (inactive, by calendar, skipped): they take no time. */
const NOT_RUN = new Set([1920, 1921, 1922, 1930]);

/**
 * The ERT of a task that has not ended, in seconds, as every estimate of the engine counts it (a
 * workflow's, a forecast's): its estimate (the one its execution was activated with, else its
 * object's), UNKNOWN_TASK_SECONDS without one; once it runs, at least the time it has run.
 */
export function taskErtSeconds(estimate: number | undefined, runningSince: number | null, now: number): number {
  const seconds = estimate ?? UNKNOWN_TASK_SECONDS;
  return runningSince === null ? seconds : Math.max(seconds, (now - runningSince) / 1000);
}

/** What is known of a task that has an execution (its latest one). */
export interface TaskRun {
  runId: number;
  status: number;
  /** Epoch ms. */
  startTime: number | null;
  endTime: number | null;
  /** The task's estimated runtime in seconds when it was activated, if known. */
  ertSeconds: number | undefined;
}

export interface TaskEstimate {
  line: number;
  runId: number | undefined;
  /** Estimated runtime in seconds: the actual one for an ended task, at least the elapsed one for a running one. */
  ertSeconds: number;
  /** Epoch ms: the actual start, or the estimated one for a task not yet started. */
  start: number;
  end: number;
  started: boolean;
}

export interface WorkflowEstimate {
  /** Every task in definition order of lines. */
  tasks: TaskEstimate[];
  /** Lines of the longest path from <START> to <END>, in order. */
  criticalPath: number[];
  /**
   * Seconds the workflow's work is estimated to take: from its start (or, before it, from its
   * planned start) to its estimated end, with every task not started yet counted from when its
   * predecessors end. Neither the wait for its start time nor the wait behind a blocked task for an
   * operator (before and after the restart) is work, so neither is counted: each task's runtime is
   * counted from when its predecessors' work ends.
   */
  ertSeconds: number;
  /** Seconds from now to the estimated end (0 once the workflow has ended). */
  rrtSeconds: number;
}

/**
 * Estimates a workflow as a graph: each task starts when its last predecessor ends (not before
 * now, if it has not started yet) and runs for its ERT — or its actual runtime once ended, or at
 * least the time it has been running. The critical path is the chain of predecessors that ends
 * last, traced back from <END>. The ERT counts the same runtimes, each from when its
 * predecessors' work ends rather than from its actual start or "now": what the work takes, not
 * how long it has waited (see WorkflowEstimate.ertSeconds).
 * `estimates` gives the ERT (seconds) of tasks without an execution, by line; `workflow.start` is
 * the workflow's start, or its planned start while it has not started.
 */
export function estimateWorkflow(
  definition: WorkflowDefinition,
  runs: ReadonlyMap<number, TaskRun>,
  estimates: ReadonlyMap<number, number>,
  workflow: { start: number; ended: boolean },
  now: number,
): WorkflowEstimate {
  const byLine = new Map<number, TaskEstimate>();
  // Where each task's work ends when nothing waits for "now": what the ERT is counted from.
  const workEnds = new Map<number, number>();
  for (const line of topologicalOrder(definition)) {
    const task = definition.tasks.get(line);
    const run = runs.get(line);
    const predecessors = definition.predecessors.get(line) ?? [];
    const predecessorsEnd = Math.max(workflow.start, ...predecessors.map((p) => byLine.get(p.line)?.end ?? workflow.start));
    const predecessorsWorkEnd = Math.max(workflow.start, ...predecessors.map((p) => workEnds.get(p.line) ?? workflow.start));
    const started = run?.startTime !== null && run?.startTime !== undefined;
    // A task that started, or ended without starting, has a start that is a fact.
    const knownStart = started ? (run?.startTime ?? now) : (run?.endTime ?? undefined);
    const start = knownStart ?? Math.max(predecessorsEnd, workflow.ended ? predecessorsEnd : now);
    let seconds: number;
    if (task === undefined || line === definition.startLine || line === definition.endLine || !task.active || (run !== undefined && NOT_RUN.has(run.status))) seconds = 0;
    else if (run?.endTime !== null && run?.endTime !== undefined) seconds = started ? (run.endTime - start) / 1000 : 0;
    else seconds = taskErtSeconds(run?.ertSeconds ?? estimates.get(line), started ? start : null, now);
    byLine.set(line, { line, runId: run?.runId, ertSeconds: Math.round(seconds), start, end: start + seconds * 1000, started });
    // Work follows work: a task's wait (for an operator's restart, a queue, an agent) is not work.
    workEnds.set(line, predecessorsWorkEnd + seconds * 1000);
  }
  const end = byLine.get(definition.endLine)?.end ?? workflow.start;
  const workEnd = workEnds.get(definition.endLine) ?? workflow.start;
  return {
    tasks: [...byLine.values()].sort((a, b) => a.line - b.line),
    criticalPath: criticalPath(definition, byLine),
    ertSeconds: Math.round((workEnd - workflow.start) / 1000),
    rrtSeconds: workflow.ended ? 0 : Math.max(0, Math.round((end - now) / 1000)),
  };
}

/** Lines so that every task comes after its predecessors; tasks on a cycle are left out. */
function topologicalOrder(definition: WorkflowDefinition): number[] {
  const waiting = new Map([...definition.tasks.keys()].map((line) => [line, new Set((definition.predecessors.get(line) ?? []).map((p) => p.line))]));
  const order: number[] = [];
  let ready = [...waiting].filter(([, preds]) => preds.size === 0).map(([line]) => line);
  while (ready.length > 0) {
    order.push(...ready);
    for (const line of ready) waiting.delete(line);
    for (const preds of waiting.values()) for (const line of ready) preds.delete(line);
    ready = [...waiting].filter(([, preds]) => preds.size === 0).map(([line]) => line);
  }
  return order;
}

function criticalPath(definition: WorkflowDefinition, byLine: ReadonlyMap<number, TaskEstimate>): number[] {
  const path: number[] = [];
  let line: number | undefined = definition.endLine;
  while (line !== undefined && byLine.has(line) && !path.includes(line)) {
    path.unshift(line);
    const preds: number[] = (definition.predecessors.get(line) ?? []).map((p) => p.line).filter((l) => byLine.has(l));
    line = preds.sort((a, b) => (byLine.get(b)?.end ?? 0) - (byLine.get(a)?.end ?? 0) || a - b)[0];
  }
  return path;
}
