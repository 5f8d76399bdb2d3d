import { Status, statusGroups, statusText, workflowRestartPlan, restartableLines, type OutExecution, type WorkflowGraph } from "@baton/contract";
import type { RestartOptions } from "../api/change-execution-status";
import type { RestartNote } from "../api/get-restart-note";

/**
 * What a restart runs: the whole run; a job or script from one of its `:RESTART` points; a
 * workflow from a task's line (every later line runs again) or that task and what is downstream
 * of it only (Baton's downstreamOnly); for a task of an ended workflow, a new run of that workflow
 * with the task and what is downstream of it.
 */
export type RestartScope =
  | { kind: "whole" }
  | { kind: "point"; point: string }
  | { kind: "task"; line: number; downstreamOnly: boolean }
  | { kind: "workflow_downstream"; workflowRunId: number; line: number };

/** The result a task of the run being restarted ended with: its latest execution on the line (a restart replaces the ones before). */
export interface TaskResult {
  runId: number;
  status: number;
}

/** A task line as the plan lists it. */
export interface PlannedTask {
  line: number;
  name: string;
  /** What the task did in the run being restarted; undefined when it never ran there. */
  result: TaskResult | undefined;
}

/** The dialog's account of a restart before it is asked for. */
export interface RestartPlan {
  /** One sentence: what runs. */
  headline: string;
  /** Workflow tasks that run again (as their conditions decide), in line order. */
  rerun: PlannedTask[];
  /** Workflow tasks recorded as not run again (1922), in line order. */
  notRun: PlannedTask[];
  /** What the operator should know first (a task not run again that did not end OK). */
  warnings: string[];
}

/** `ENDED_NOT_OK`: the name of the status, without its explanation. */
const statusName = (status: number): string => statusText(status).split(" - ")[0] ?? "";

/** `1800 ENDED_NOT_OK`: the code and the name of the status, without its explanation. */
export function shortStatus(status: number): string {
  return `${status} ${statusName(status)}`.trim();
}

/** The latest execution per line of a workflow run's children; a task still waiting for its predecessors (1700) has no result yet. */
export function taskResults(children: readonly Pick<OutExecution, "run_id" | "status" | "line_number">[]): Map<number, TaskResult> {
  const results = new Map<number, TaskResult>();
  for (const child of children) {
    if (child.line_number === undefined || child.status === Status.WAITING_FOR_PREDECESSOR) continue;
    const known = results.get(child.line_number);
    if (known === undefined || child.run_id > known.runId) results.set(child.line_number, { runId: child.run_id, status: child.status });
  }
  return results;
}

const endedOk = (result: TaskResult | undefined) => result !== undefined && statusGroups(result.status).includes("ok");

/**
 * The task the run failed on: the lowest line whose latest execution ended abnormally (cancelled,
 * faulted, not OK). Undefined when every task ended OK or never ran.
 */
export function failedTaskLine(graph: WorkflowGraph, results: ReadonlyMap<number, TaskResult>): number | undefined {
  return restartableLines(graph).find((line) => {
    const result = results.get(line);
    return result !== undefined && statusGroups(result.status).includes("abend");
  });
}

/** The restart options a scope asks for. */
export function scopeOptions(scope: RestartScope): Pick<RestartOptions, "restartPoint" | "downstreamOnly"> {
  if (scope.kind === "point") return { restartPoint: scope.point };
  if (scope.kind === "workflow_downstream") return { restartPoint: String(scope.line), downstreamOnly: true };
  if (scope.kind === "task") return { restartPoint: String(scope.line), ...(scope.downstreamOnly && { downstreamOnly: true }) };
  return {};
}

/** The execution a scope restarts when it is not the one the dialog is for: a task's workflow. */
export function scopeTarget(scope: RestartScope): number | undefined {
  return scope.kind === "workflow_downstream" ? scope.workflowRunId : undefined;
}

const taskName = (graph: WorkflowGraph, line: number) => graph.tasks.find((t) => t.line === line)?.objectName ?? `line ${line}`;

/**
 * Says what a restart of `execution` with `scope` runs. For a workflow `graph` is its definition
 * and `results` what its tasks did in this run; for a job or script `points` are its restart
 * points in page order. For `workflow_downstream`, `execution`, `graph` and `results` are the
 * task's workflow's.
 */
export function restartPlan(execution: Pick<OutExecution, "name" | "type">, asked: RestartScope, graph: WorkflowGraph | undefined, results: ReadonlyMap<number, TaskResult>, points: readonly string[]): RestartPlan {
  const scope: RestartScope = asked.kind === "workflow_downstream" ? { kind: "task", line: asked.line, downstreamOnly: true } : asked;
  const empty = { rerun: [], notRun: [], warnings: [] };
  if (scope.kind === "point") {
    const first = points[0];
    if (first === scope.point) return { ...empty, headline: `${execution.name} runs its whole process page again: ${first} is its first restart point.` };
    const before = first === undefined ? `the lines before its first restart point` : `the lines before its first restart point ${first}`;
    return { ...empty, headline: `${execution.name} runs ${before}, then the lines from restart point ${scope.point} on; the lines in between are not run.` };
  }
  if (graph === undefined) return { ...empty, headline: `${execution.name} runs again as a whole.` };
  const planned = (line: number): PlannedTask => ({ line, name: taskName(graph, line), result: results.get(line) });
  if (scope.kind === "whole") {
    return { ...empty, headline: `Workflow ${execution.name} runs again as a whole: every task from <START> on.`, rerun: restartableLines(graph).map(planned) };
  }
  const plan = workflowRestartPlan(graph, scope.line, scope.downstreamOnly ? "downstream" : "from_line");
  const notRun = plan.notRun.map(planned);
  const what = scope.downstreamOnly
    ? `task ${taskName(graph, scope.line)} (line ${scope.line}) and the tasks downstream of it run again`
    : `the tasks from line ${scope.line} (${taskName(graph, scope.line)}) on run again`;
  const kept = notRun.length === 0 ? "every task runs" : `${notRun.length} task${notRun.length === 1 ? " is" : "s are"} not run again (1922) and keep${notRun.length === 1 ? "s" : ""} the result of this run`;
  const warnings = notRun
    .filter((task) => !endedOk(task.result))
    .map((task) =>
      task.result === undefined
        ? `${task.name} (line ${task.line}) did not run in this run; it is not run again and counts as ended OK for the tasks after it.`
        : `${task.name} (line ${task.line}) ended ${shortStatus(task.result.status)} in this run; it is not run again and counts as ended OK for the tasks after it.`,
    );
  return { headline: `In a new run of workflow ${execution.name}, ${what}; ${kept}.`, rerun: plan.rerun.map(planned), notRun, warnings };
}

/** Where a workflow's restart began: "from line 3", "from line 3 (downstream only)". */
export function restartFromText(note: RestartNote): string {
  return `from line ${note.line}${note.downstreamOnly ? " (downstream only)" : ""}`;
}

/**
 * The status text of a task the restart of its workflow recorded as not run again, in the form of
 * the server's ("ENDED_INACTIVE - ..."); undefined for any other task. Its 1922 otherwise reads
 * "task was manually set inactive", which no one did.
 */
export function notRunAgainText(task: Pick<OutExecution, "status" | "parent" | "line_number">, note: RestartNote | undefined): string | undefined {
  if (note === undefined || task.status !== Status.ENDED_INACTIVE_MANUALLY || task.parent !== note.workflowRunId) return undefined;
  if (task.line_number === undefined || !note.notRun.has(task.line_number)) return undefined;
  return `${statusName(task.status)} - not run again: restarted ${restartFromText(note)}`;
}
