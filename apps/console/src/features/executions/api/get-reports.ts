import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutReport, OutReportContent } from "@baton/contract";
import { arrayOf, requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/** How often reports of a running execution are re-read: its output grows without status changes. */
const ACTIVE_REFRESH_MS = 2_000;
/** Pages fetched at once; the viewer shows the whole report. */
const MAX_PAGES = 1_000;

/** GET /api/{client}/executions/{run_id}/reports: which reports exist. */
export function getReports(client: number, runId: number, signal?: AbortSignal): Promise<OutReport[]> {
  return requestJson(`/api/${segment(client)}/executions/${segment(runId)}/reports`, arrayOf(OutReport), { signal });
}

/** GET .../reports/{type}: all pages, joined in page order. */
export async function getReportText(client: number, runId: number, type: string, signal?: AbortSignal): Promise<string> {
  const pages = await requestJson(
    `/api/${segment(client)}/executions/${segment(runId)}/reports/${segment(type)}`,
    arrayOf(OutReportContent),
    // start_at=0: the spec reads it as "pages after", the engine as "first page"; 0 covers page 1 either way.
    { query: { start_at: 0, max_results: MAX_PAGES }, signal },
  );
  return [...pages]
    .sort((a, b) => a.page - b.page)
    .map((p) => p.content)
    .reduce((text, content) => (text === "" || text.endsWith("\n") ? text + content : `${text}\n${content}`), "");
}

export function reportsQueryOptions(client: number, runId: number, active: boolean) {
  return queryOptions({
    queryKey: executionKeys.reports(client, runId),
    queryFn: ({ signal }) => getReports(client, runId, signal),
    refetchInterval: active ? ACTIVE_REFRESH_MS : false,
  });
}

export function reportTextQueryOptions(client: number, runId: number, type: string, active: boolean) {
  return queryOptions({
    queryKey: executionKeys.reportContent(client, runId, type),
    queryFn: ({ signal }) => getReportText(client, runId, type, signal),
    refetchInterval: active ? ACTIVE_REFRESH_MS : false,
  });
}

export function useReports(runId: number, active: boolean) {
  const { client } = useCurrentSession();
  return useQuery(reportsQueryOptions(client, runId, active));
}

export function useReportText(runId: number, type: string | null, active: boolean) {
  const { client } = useCurrentSession();
  return useQuery({ ...reportTextQueryOptions(client, runId, type ?? "", active), enabled: type !== null });
}
