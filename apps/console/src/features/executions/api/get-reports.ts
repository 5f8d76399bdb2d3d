import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutReport } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/** How often the list of a running execution's reports is re-read: a new report type brings no event. */
const ACTIVE_REFRESH_MS = 2_000;

/** GET /api/{client}/executions/{run_id}/reports: which reports exist. Their text: get-report-pages.ts. */
export function getReports(client: number, runId: number, signal?: AbortSignal): Promise<OutReport[]> {
  return callOperation("getExecutionsRunIdReports", { params: { client_id: client, run_id: runId }, signal });
}

export function reportsQueryOptions(client: number, runId: number, active: boolean) {
  return queryOptions({
    queryKey: executionKeys.reports(client, runId),
    queryFn: ({ signal }) => getReports(client, runId, signal),
    refetchInterval: active ? ACTIVE_REFRESH_MS : false,
  });
}

export function useReports(runId: number, active: boolean) {
  const { client } = useCurrentSession();
  return useQuery(reportsQueryOptions(client, runId, active));
}
