import { isFinalStatus, type ObjectBody, type OutErtEstimations } from "@baton/contract";
import type { Kysely } from "kysely";
import type { Execution } from "../domain/execution";
import { readWorkflow, type WorkflowDefinition } from "../domain/workflow";
import { UNKNOWN_TASK_SECONDS, estimateWorkflow, type TaskRun } from "../domain/workflow-ert";
import { listChildren } from "../store/executions-store";
import type { Database } from "../store/schema";
import type { RuntimeEstimator } from "../runtime/runtime-estimator";

/**
 * The ERT estimations of an execution: for a workflow its tasks' runtimes, the start times of
 * those not started yet, its critical path, its ERT and remaining runtime (RRT); for any other
 * execution the same for itself alone.
 */
export async function executionErt(
  db: Kysely<Database>,
  estimator: Pick<RuntimeEstimator, "estimatesFor">,
  execution: Execution,
  definition: ObjectBody,
  now: number,
): Promise<OutErtEstimations> {
  const workflow = execution.objectType === "JOBP" ? readableWorkflow(definition) : undefined;
  if (workflow === undefined) return singleErt(execution, now);

  // Restarts make several executions of one line: the latest counts.
  const runs = new Map<number, TaskRun>();
  for (const child of (await listChildren(db, execution.client, execution.runId)).sort((a, b) => a.runId - b.runId)) {
    if (child.lineNumber === null) continue;
    runs.set(child.lineNumber, { runId: child.runId, status: child.status, startTime: child.startTime, endTime: child.endTime, ertSeconds: child.estimatedRuntime ?? undefined });
  }
  const waiting = [...workflow.tasks.values()].filter((t) => !runs.has(t.line));
  const known = await estimator.estimatesFor(execution.client, waiting.map((t) => t.objectName));
  const estimates = new Map(waiting.flatMap((t) => (known.has(t.objectName) ? [[t.line, known.get(t.objectName) ?? UNKNOWN_TASK_SECONDS] as const] : [])));

  const estimate = estimateWorkflow(workflow, runs, estimates, { start: execution.startTime ?? plannedStart(execution, now), ended: isFinalStatus(execution.status) }, now);
  const keyOf = (line: number, runId: number | undefined) => String(runId ?? -line);
  const tasks = estimate.tasks.filter((t) => t.line !== workflow.startLine && t.line !== workflow.endLine);
  const byLine = new Map(estimate.tasks.map((t) => [t.line, t]));
  return {
    estimated_erts: Object.fromEntries(tasks.map((t) => [keyOf(t.line, t.runId), t.ertSeconds])),
    estimated_start_times: Object.fromEntries(tasks.filter((t) => !t.started && !isFinalStatus(runs.get(t.line)?.status ?? 0)).map((t) => [keyOf(t.line, t.runId), Math.round(t.start)])),
    longest_path_vertex_keys: {
      [String(execution.runId)]: estimate.criticalPath.map((line) => ({ parent_run_id: execution.runId, run_id: byLine.get(line)?.runId ?? 0, lnr: line, child_loop_index: 0 })),
    },
    ert: estimate.ertSeconds,
    rrt: estimate.rrtSeconds,
  };
}

function readableWorkflow(definition: ObjectBody): WorkflowDefinition | undefined {
  try {
    return readWorkflow(definition);
  } catch {
    return undefined;
  }
}

/**
 * When an execution that has not started is expected to: its start time while it waits for one
 * (1698), else now; an ended one that never started, when it ended.
 */
export function plannedStart(execution: Pick<Execution, "status" | "dueAt" | "endTime" | "activationTime">, now: number): number {
  if (isFinalStatus(execution.status)) return execution.endTime ?? execution.activationTime;
  return Math.max(now, execution.dueAt ?? now);
}

/** One execution on its own: its actual runtime once ended, at least the elapsed time while running. */
function singleErt(execution: Execution, now: number): OutErtEstimations {
  const estimate = execution.estimatedRuntime ?? UNKNOWN_TASK_SECONDS;
  const start = execution.startTime;
  let seconds = estimate;
  if (start !== null && execution.endTime !== null) seconds = Math.round((execution.endTime - start) / 1000);
  else if (start !== null) seconds = Math.max(estimate, Math.round((now - start) / 1000));
  const ended = isFinalStatus(execution.status);
  const expectedStart = start ?? plannedStart(execution, now);
  return {
    estimated_erts: { [String(execution.runId)]: seconds },
    estimated_start_times: start === null && !ended ? { [String(execution.runId)]: expectedStart } : {},
    longest_path_vertex_keys: {},
    ert: seconds,
    rrt: ended ? 0 : Math.max(0, Math.round((expectedStart + seconds * 1000 - now) / 1000)),
  };
}
