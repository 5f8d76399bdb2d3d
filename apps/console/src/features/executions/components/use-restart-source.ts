import type { OutExecution } from "@baton/contract";
import type { RestartSource } from "./restart-scope-fields";
import { taskResults } from "./restart-plan";
import { useChildren } from "../api/get-children";
import { useRestartPoints } from "../api/get-restart-points";
import { useWorkflowDefinition } from "../api/get-workflow-definition";

/**
 * What the restart dialog offers to restart from: a workflow's definition and what its tasks
 * did in this run, or a job's or script's restart points. Read only while the dialog is open.
 */
export function useRestartSource(execution: OutExecution, open: boolean): RestartSource {
  const isWorkflow = execution.type === "JOBP";
  const hasPoints = execution.type === "JOBS" || execution.type === "SCRI";
  const definition = useWorkflowDefinition(execution.name, open && isWorkflow);
  const children = useChildren(execution.run_id, open && isWorkflow);
  const points = useRestartPoints(execution.name, open && hasPoints);
  return {
    graph: definition.data,
    results: taskResults(children.data?.pages.flatMap((page) => page.data) ?? []),
    points: points.data ?? [],
    pending: (isWorkflow && (definition.isPending || children.isPending)) || (hasPoints && points.isPending),
    error: definition.error ?? children.error ?? points.error,
  };
}
