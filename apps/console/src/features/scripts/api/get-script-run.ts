import { queryOptions, useQuery } from "@tanstack/react-query";
import { isFinalStatus, type OutExecution } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { scriptKeys } from "./keys";

/** GET /api/{client}/executions/{run_id}: the run's status; 404 when it does not exist. */
export function getScriptRun(client: number, runId: number, signal?: AbortSignal): Promise<OutExecution> {
  return callOperation("getExecutionsRunId", { params: { client_id: client, run_id: runId }, signal });
}

/**
 * Kept current by the event stream (script-run-events.ts). Events are only applied while the
 * Scripts page is open, so a run that was still active is read again when the page comes back.
 */
export function scriptRunQueryOptions(client: number, runId: number) {
  return queryOptions({
    queryKey: scriptKeys.run(client, runId),
    queryFn: ({ signal }) => getScriptRun(client, runId, signal),
    refetchOnMount: (query) => (query.state.data !== undefined && isFinalStatus(query.state.data.status) ? false : "always"),
  });
}

export function useScriptRun(runId: number) {
  const { client } = useCurrentSession();
  return useQuery(scriptRunQueryOptions(client, runId));
}
