import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutErtEstimations } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/**
 * How often the estimate of an active execution is re-read besides the events: a task that runs
 * longer than its ERT pushes the end out without any event.
 */
const ACTIVE_REFRESH_MS = 30_000;

/** GET /api/{client}/executions/{run_id}/ert: task ERTs, estimated starts, critical path, ERT and RRT. */
export function getErt(client: number, runId: number, signal?: AbortSignal): Promise<OutErtEstimations> {
  return callOperation("getExecutionsRunIdErt", { params: { client_id: client, run_id: runId }, signal });
}

/** Re-read when an event for the execution or one of its children arrives (insight-events.ts). */
export function ertQueryOptions(client: number, runId: number, active: boolean) {
  return queryOptions({
    queryKey: executionKeys.ert(client, runId),
    queryFn: ({ signal }) => getErt(client, runId, signal),
    refetchInterval: active ? ACTIVE_REFRESH_MS : false,
  });
}

export function useErt(runId: number, active: boolean, enabled = true) {
  const { client } = useCurrentSession();
  return useQuery({ ...ertQueryOptions(client, runId, active), enabled });
}
