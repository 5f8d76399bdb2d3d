import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutExecutionList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { scriptKeys } from "./keys";

/** How many runs the list shows. */
export const RECENT_RUNS_LIMIT = 20;

/** The type code of Script executions: what the list asks for and what events are checked against. */
export const SCRIPT_TYPE = "SCRI";

/** GET /api/{client}/executions?type=SCRI: the newest Script executions, newest first. */
export function getRecentScriptRuns(client: number, signal?: AbortSignal): Promise<OutExecutionList> {
  return callOperation("getExecutions", {
    params: { client_id: client },
    query: { type: SCRIPT_TYPE, max_results: RECENT_RUNS_LIMIT },
    signal,
  });
}

/**
 * Not polled: the event stream patches it while the page is open (script-run-events.ts), and it
 * is read again whenever the page mounts, since events are not applied while it is closed.
 */
export function recentScriptRunsQueryOptions(client: number) {
  return queryOptions({
    queryKey: scriptKeys.recent(client),
    queryFn: ({ signal }) => getRecentScriptRuns(client, signal),
    refetchOnMount: "always",
  });
}

export function useRecentScriptRuns() {
  const { client } = useCurrentSession();
  return useQuery(recentScriptRunsQueryOptions(client));
}
