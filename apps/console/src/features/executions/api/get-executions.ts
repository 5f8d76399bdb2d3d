import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { OutExecution, OutExecutionList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { filtersToQuery, viewToQuery, type ExecutionFilters, type ListView } from "./execution-filters";
import { executionKeys } from "./keys";

/** Large pages: the table is virtualized, and fewer requests mean fewer reads on a resync. */
export const EXECUTIONS_PAGE_SIZE = 500;

/** Pages as the cache holds them; the page param is the last run id of the page before (start_at_run_id). */
export type ExecutionPages = InfiniteData<OutExecutionList, number | undefined>;

/** What the list shows: every loaded row once, and the server's count of all that match. */
export interface ExecutionRows {
  rows: OutExecution[];
  total: number;
}

/**
 * GET /api/{client}/executions, newest first or in the view's order, top-level runs only unless
 * the view shows all. The filters go to the server as they are (the server answers 400 for a value
 * it cannot read, and the page shows its words).
 */
export function getExecutions(client: number, filters: ExecutionFilters, view: ListView, startAtRunId: number | undefined, signal?: AbortSignal): Promise<OutExecutionList> {
  return callOperation("getExecutions", {
    params: { client_id: client },
    // start_at_run_id: the last run id of the page before; the server goes on after it in the list's order.
    query: { ...filtersToQuery(filters), ...viewToQuery(view), max_results: EXECUTIONS_PAGE_SIZE, start_at_run_id: startAtRunId },
    signal,
  });
}

/**
 * The run id the next page starts after: the last row loaded. None when the server says there is
 * no more, or when the last page brought no row not seen before (asking on would loop).
 */
export function nextPageParam(lastPage: OutExecutionList, allPages: readonly OutExecutionList[]): number | undefined {
  const last = lastPage.data.at(-1);
  if (!lastPage.hasmore || last === undefined) return undefined;
  if (allPages.length > 1) {
    const seen = new Set(allPages.slice(0, -1).flatMap((page) => page.data.map((row) => row.run_id)));
    if (lastPage.data.every((row) => seen.has(row.run_id))) return undefined;
  }
  return last.run_id;
}

/** The loaded pages as one list; a row that moved between pages while they were read appears once. */
export function flattenPages(pages: ExecutionPages): ExecutionRows {
  const seen = new Set<number>();
  const rows: OutExecution[] = [];
  for (const page of pages.pages) {
    for (const row of page.data) {
      if (seen.has(row.run_id)) continue;
      seen.add(row.run_id);
      rows.push(row);
    }
  }
  return { rows, total: Math.max(pages.pages[0]?.total ?? 0, rows.length) };
}

const FIRST_PAGE: number | undefined = undefined;

/** Kept current by the event stream (see execution-events.ts), so it is not polled. */
export function executionsQueryOptions(client: number, filters: ExecutionFilters, view: ListView) {
  return infiniteQueryOptions({
    queryKey: executionKeys.list(client, filters, view),
    queryFn: ({ signal, pageParam }) => getExecutions(client, filters, view, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: nextPageParam,
    placeholderData: keepPreviousData,
    select: flattenPages,
  });
}

export function useExecutions(filters: ExecutionFilters, view: ListView) {
  const { client } = useCurrentSession();
  return useInfiniteQuery(executionsQueryOptions(client, filters, view));
}
