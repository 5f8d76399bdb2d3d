import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import { OutReportContent } from "@baton/contract";
import { arrayOf, requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";
import { findLastPage, type PageReader } from "./report-paging";

/** How often the tail of a running execution's report is re-read: its output grows without events. */
const FOLLOW_REFRESH_MS = 2_000;

/** GET /api/{client}/executions/{run_id}/reports/{type}?start_at&max_results: pages numbered above `startAt`. */
export function getReportPages(client: number, runId: number, type: string, startAt: number, max: number, signal?: AbortSignal): Promise<OutReportContent[]> {
  return requestJson(`/api/${segment(client)}/executions/${segment(runId)}/reports/${segment(type)}`, arrayOf(OutReportContent), {
    query: { start_at: startAt, max_results: max },
    signal,
  });
}

export function pageReader(client: number, runId: number, type: string, signal?: AbortSignal): PageReader {
  return (startAt, max) => getReportPages(client, runId, type, startAt, max, signal);
}

/** The last page, or null for a report without pages. */
export type ReportTail = OutReportContent | null;

/**
 * The report's last page. While the execution runs it is re-read every 2 s, starting from the
 * last page seen, so following a long report costs one small read, not the whole text.
 */
export function useReportTail(runId: number, type: string | null, active: boolean) {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  const queryKey = executionKeys.reportTail(client, runId, type ?? "");
  return useQuery({
    queryKey,
    queryFn: async ({ signal }): Promise<ReportTail> => {
      const seen = queryClient.getQueryData<ReportTail>(queryKey);
      return (await findLastPage(pageReader(client, runId, type ?? "", signal), seen?.page ?? 0)) ?? null;
    },
    enabled: type !== null,
    refetchInterval: active ? FOLLOW_REFRESH_MS : false,
  });
}

/** One page the operator paged to; only the last page of a running report changes, and that one is the tail. */
export function reportPageQueryOptions(client: number, runId: number, type: string, page: number) {
  return queryOptions({
    queryKey: executionKeys.reportPage(client, runId, type, page),
    queryFn: async ({ signal }) => (await getReportPages(client, runId, type, page - 1, 1, signal))[0] ?? null,
  });
}

export function useReportPage(runId: number, type: string | null, page: number | null) {
  const { client } = useCurrentSession();
  return useQuery({ ...reportPageQueryOptions(client, runId, type ?? "", page ?? 0), enabled: type !== null && page !== null });
}
