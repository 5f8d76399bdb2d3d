import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutExecution } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/** GET /api/{client}/executions/{run_id}; 404 when the run does not exist. */
export function getExecution(client: number, runId: number, signal?: AbortSignal): Promise<OutExecution> {
  return callOperation("getExecutionsRunId", { params: { client_id: client, run_id: runId }, signal });
}

/** Kept current by the event stream (see execution-events.ts). */
export function executionQueryOptions(client: number, runId: number) {
  return queryOptions({
    queryKey: executionKeys.detail(client, runId),
    queryFn: ({ signal }) => getExecution(client, runId, signal),
  });
}

/** `enabled` false reads nothing (a parent that is 0, for one). */
export function useExecution(runId: number, enabled = true) {
  const { client } = useCurrentSession();
  return useQuery({ ...executionQueryOptions(client, runId), enabled });
}
