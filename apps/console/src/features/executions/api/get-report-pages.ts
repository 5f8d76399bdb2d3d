import { queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { OutReportContent } from "@baton/contract";
import { getReportPages, pageReader } from "../../../lib/report-pages";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";
import { findLastPage } from "./report-paging";

/** How often the tail of a running execution's report is re-read: its output grows without events. */
const FOLLOW_REFRESH_MS = 2_000;

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
    queryFn: async ({ signal }) => (await getReportPages(client, runId, type, page, 1, signal)).data[0] ?? null,
  });
}

export function useReportPage(runId: number, type: string | null, page: number | null) {
  const { client } = useCurrentSession();
  return useQuery({ ...reportPageQueryOptions(client, runId, type ?? "", page ?? 0), enabled: type !== null && page !== null });
}
