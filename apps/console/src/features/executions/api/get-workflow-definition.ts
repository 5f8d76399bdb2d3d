import { queryOptions, useQuery } from "@tanstack/react-query";
import { readWorkflowGraph, type WorkflowGraph } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/**
 * GET /api/{client}/objects/{name} read as a workflow: its tasks with their rows and columns and
 * its line conditions. This is the object as it is now; the engine has no call for the definition
 * an execution ran, so a workflow edited since shows its new shape.
 */
export async function getWorkflowDefinition(client: number, name: string, signal?: AbortSignal): Promise<WorkflowGraph> {
  const object = await callOperation("getObjectsObjectName", { params: { client_id: client, object_name: name }, signal });
  const body = object.data["jobp"];
  if (body === undefined) throw new Error(`${name} is no longer a workflow (JOBP) object, so its graph cannot be drawn.`);
  return readWorkflowGraph(body);
}

export function workflowDefinitionQueryOptions(client: number, name: string) {
  return queryOptions({
    queryKey: executionKeys.workflowDefinition(client, name),
    queryFn: ({ signal }) => getWorkflowDefinition(client, name, signal),
    // Definitions change rarely; the graph does not need to re-read one on every visit.
    staleTime: 5 * 60_000,
  });
}

export function useWorkflowDefinition(name: string, enabled: boolean) {
  const { client } = useCurrentSession();
  return useQuery({ ...workflowDefinitionQueryOptions(client, name), enabled });
}
