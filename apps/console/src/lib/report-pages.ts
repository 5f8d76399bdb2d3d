import type { OutReportPageList } from "@baton/contract";
import { callOperation } from "./rest-operations";

/**
 * Reads report pages as GET .../reports/{type}?start_at&max_results does: from page `startAt`
 * (pages are numbered from 1) at most `max` pages, with the report's page count (`total`) and
 * whether pages follow (`hasmore`).
 */
export type PageReader = (startAt: number, max?: number) => Promise<OutReportPageList>;

/** GET /api/{client}/executions/{run_id}/reports/{type}: without `max` the rest of the report (as much as one answer holds). */
export function getReportPages(client: number, runId: number, type: string, startAt: number, max?: number, signal?: AbortSignal): Promise<OutReportPageList> {
  return callOperation("getExecutionsRunIdReportsReportType", {
    params: { client_id: client, run_id: runId, report_type: type },
    query: { start_at: startAt, max_results: max },
    signal,
  });
}

export function pageReader(client: number, runId: number, type: string, signal?: AbortSignal): PageReader {
  return (startAt, max) => getReportPages(client, runId, type, startAt, max, signal);
}

/**
 * Every page joined in page order, answer after answer while `hasmore` says more follow. Pages
 * are cut at line ends (a longer line at the page size), so they are joined as they are.
 */
export async function readWholeReport(read: PageReader): Promise<string> {
  let text = "";
  for (let next = 1; ; ) {
    const answer = await read(next);
    text += answer.data.map((page) => page.content).join("");
    const last = answer.data.at(-1);
    if (!answer.hasmore || last === undefined) return text;
    next = last.page + 1;
  }
}
