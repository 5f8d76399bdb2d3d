import type { OutExecution } from "@baton/contract";
import type { RestartSource } from "./restart-scope-fields";
import { taskResults } from "./restart-plan";
import { useChildren } from "../api/get-children";
import { useExecution } from "../api/get-execution";
import { useRestartPoints } from "../api/get-restart-points";
import { useWorkflowDefinition } from "../api/get-workflow-definition";

/**
 * What the restart dialog offers to restart from: a workflow's definition and what its tasks did
 * in this run, or a job's or script's restart points; for a task of a workflow also that
 * workflow, its definition and its tasks' results. Read only while the dialog is open.
 */
export function useRestartSource(execution: OutExecution, open: boolean): RestartSource {
  const isWorkflow = execution.type === "JOBP";
  const hasPoints = execution.type === "JOBS" || execution.type === "SCRI";
  const parentRunId = execution.parent !== undefined && execution.parent > 0 && execution.line_number !== undefined ? execution.parent : undefined;
  const parent = useExecution(parentRunId ?? 0, open && parentRunId !== undefined);
  const parentIsWorkflow = parent.data?.type === "JOBP";
  const definition = useWorkflowDefinition(isWorkflow ? execution.name : (parent.data?.name ?? ""), open && (isWorkflow || parentIsWorkflow));
  const children = useChildren(isWorkflow ? execution.run_id : (parentRunId ?? 0), open && (isWorkflow || parentIsWorkflow));
  const points = useRestartPoints(execution.name, open && hasPoints);
  const results = taskResults(children.data?.pages.flatMap((page) => page.data) ?? []);
  return {
    graph: isWorkflow ? definition.data : undefined,
    results: isWorkflow ? results : new Map(),
    points: points.data ?? [],
    workflow: parentIsWorkflow && parent.data !== undefined && definition.data !== undefined ? { execution: parent.data, graph: definition.data, results } : undefined,
    pending: (isWorkflow && (definition.isPending || children.isPending)) || (hasPoints && points.isPending) || (parentRunId !== undefined && parent.isPending),
    error: definition.error ?? children.error ?? points.error,
  };
}
