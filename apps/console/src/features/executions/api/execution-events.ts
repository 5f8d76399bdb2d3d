import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { isFinalStatus, matchesExecutionFilter, type ExecutionEvent, type OutExecution, type OutExecutionList } from "@baton/contract";
import { executionKeys } from "./keys";
import { DEFAULT_VIEW, isExecutionFilters, isListView, parseSort, type ExecutionFilters, type ListView, type SortColumn } from "./execution-filters";
import type { ExecutionPages } from "./get-executions";
import { freshEventFilter } from "../../../lib/fresh-events";

/** Newest first: by activation time, then run_id. */
function isNewer(a: OutExecution, b: OutExecution): boolean {
  const ta = Date.parse(a.activation_time);
  const tb = Date.parse(b.activation_time);
  if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta > tb;
  return a.run_id > b.run_id;
}

/** Where an execution stands in a sorted list: the value of the column sorted by. */
function sortValue(execution: OutExecution, column: SortColumn): string | number | undefined {
  return column === "run_id" ? execution.run_id : column === "status" ? execution.status : execution[column];
}

/**
 * The list's pages with `execution` replaced where it is, removed when it left the filter, or
 * added to the first page at its newest-first place; undefined = read the list again instead.
 * A top-level list never takes a child (a task, a slot): those reach it through the children
 * of their parent. A sorted list is patched only where the row keeps its place; a row that
 * moves, or comes in, has its place in an order only the server reads.
 */
export function patchListPages<TParam>(
  pages: InfiniteData<OutExecutionList, TParam>,
  execution: OutExecution,
  filters: ExecutionFilters,
  view: ListView = DEFAULT_VIEW,
): InfiniteData<OutExecutionList, TParam> | undefined {
  if (!view.showAll && execution.parent) return pages;
  // The server's reading of the filters; null: the execution alone cannot tell.
  const match = matchesExecutionFilter(execution, filters);
  if (match === null) return undefined;
  const sort = parseSort(view.sort);
  if (match && sort !== undefined) {
    const current = pages.pages.flatMap((page) => page.data).find((row) => row.run_id === execution.run_id);
    if (current === undefined || sortValue(current, sort.column) !== sortValue(execution, sort.column)) return undefined;
    return patchChildren(pages, execution);
  }
  if (match) return patchChildren(pages, execution);
  const pageIndex = pages.pages.findIndex((page) => page.data.some((row) => row.run_id === execution.run_id));
  if (pageIndex < 0) return pages;
  return {
    ...pages,
    pages: pages.pages.map((page, i) => ({
      ...page,
      // The first page's total is the one the list shows.
      total: i === 0 ? Math.max(0, page.total - 1) : page.total,
      data: i === pageIndex ? page.data.filter((row) => row.run_id !== execution.run_id) : page.data,
    })),
  };
}

/**
 * The children pages with `execution` replaced where it is, or added to the first page at its
 * newest-first place (a task that just started, a restarted task, the next schedule slot).
 */
export function patchChildren<TParam>(pages: InfiniteData<OutExecutionList, TParam>, execution: OutExecution): InfiniteData<OutExecutionList, TParam> {
  const pageIndex = pages.pages.findIndex((page) => page.data.some((row) => row.run_id === execution.run_id));
  if (pageIndex >= 0) {
    return {
      ...pages,
      pages: pages.pages.map((page, i) =>
        i === pageIndex ? { ...page, data: page.data.map((row) => (row.run_id === execution.run_id ? execution : row)) } : page,
      ),
    };
  }
  const [first, ...rest] = pages.pages;
  if (first === undefined) return pages;
  const position = first.data.findIndex((row) => isNewer(execution, row));
  // Older than the whole first page while more exist: it belongs to a page not loaded (or loaded later).
  if (position < 0 && (first.hasmore || rest.length > 0)) return { ...pages, pages: [{ ...first, total: first.total + 1 }, ...rest] };
  const data = [...first.data];
  data.splice(position < 0 ? data.length : position, 0, execution);
  return { ...pages, pages: [{ ...first, total: first.total + 1, data }, ...rest] };
}

/** An ended execution never becomes active again (a restart is a new run): drop late replays. */
function isStale(current: OutExecution | undefined, incoming: OutExecution): boolean {
  return current !== undefined && isFinalStatus(current.status) && !isFinalStatus(incoming.status);
}

/**
 * Applies execution events from the event stream to the query cache: rows of every cached list,
 * the detail, and (on a status change) the reports, so open pages update without polling.
 */
export function createExecutionEventHandler(queryClient: QueryClient, client: number): (event: ExecutionEvent) => void {
  const fresh = freshEventFilter(client);
  const reread = rereader(queryClient);

  return (event) => {
    if (!fresh(event)) return;
    const execution = event.execution;
    const runId = execution.run_id;

    // A read in flight may answer with a state older than this event: it is read again once it has
    // ended, and meanwhile nothing is patched that its answer would overwrite.
    const rereadIfReading = (queryKey: readonly unknown[]): boolean => {
      const query = queryClient.getQueryCache().find({ queryKey, exact: true });
      if (query?.state.fetchStatus !== "fetching") return false;
      reread(query);
      return true;
    };

    const detailKey = executionKeys.detail(client, runId);
    const previous = queryClient.getQueryData<OutExecution>(detailKey);
    if (!rereadIfReading(detailKey) && previous !== undefined && !isStale(previous, execution)) {
      queryClient.setQueryData<OutExecution>(detailKey, execution);
      if (previous.status !== execution.status) {
        void queryClient.invalidateQueries({ queryKey: executionKeys.reports(client, runId) });
        void queryClient.invalidateQueries({ queryKey: executionKeys.variables(client, runId) });
      }
    }

    // The engine sends 0 for "no parent" (run ids start at 1).
    if (execution.parent) {
      const childrenKey = executionKeys.children(client, execution.parent);
      const pages = queryClient.getQueryData<InfiniteData<OutExecutionList, unknown>>(childrenKey);
      if (!rereadIfReading(childrenKey) && pages !== undefined) {
        const current = pages.pages.flatMap((page) => page.data).find((row) => row.run_id === runId);
        if (!isStale(current, execution)) queryClient.setQueryData(childrenKey, patchChildren(pages, execution));
      }
    }

    for (const query of queryClient.getQueryCache().findAll({ queryKey: executionKeys.lists(client) })) {
      const filters = query.queryKey[3];
      const view = query.queryKey[4] ?? DEFAULT_VIEW;
      const pages = queryClient.getQueryData<ExecutionPages>(query.queryKey);
      if (!isExecutionFilters(filters) || !isListView(view)) continue;
      // A read of the loaded pages (or of the first) in flight may answer older states; loading a further page does not.
      if (query.state.fetchStatus === "fetching" && query.state.fetchMeta?.fetchMore === undefined) {
        reread(query);
        continue;
      }
      if (pages === undefined) continue;
      const current = pages.pages.flatMap((page) => page.data).find((row) => row.run_id === runId);
      if (isStale(current, execution)) continue;
      const patched = patchListPages(pages, execution, filters, view);
      if (patched === undefined) reread(query);
      else if (patched !== pages) queryClient.setQueryData<ExecutionPages>(query.queryKey, patched);
    }
  };
}

/** How long re-reads are gathered: a burst of events costs one read per query. */
const REREAD_DELAY_MS = 1_000;

/**
 * Re-reads queries at most once per REREAD_DELAY_MS, and never while one is being read. A read
 * that restarted on every event could never finish while work is busy (a list of many pages, the
 * tasks of a large workflow), and an invalidation does not restart a first read at all: it joins
 * it, answer from before the event included.
 */
export function rereader(queryClient: QueryClient): (query: { queryKey: readonly unknown[]; queryHash: string }) => void {
  const pending = new Map<string, readonly unknown[]>();
  let timer: ReturnType<typeof setTimeout> | null = null;
  const run = () => {
    timer = null;
    for (const [hash, queryKey] of pending) {
      if (queryClient.getQueryState(queryKey)?.fetchStatus === "fetching") continue;
      pending.delete(hash);
      void queryClient.invalidateQueries({ queryKey, exact: true });
    }
    if (pending.size > 0) timer = setTimeout(run, REREAD_DELAY_MS);
  };
  return ({ queryKey, queryHash }) => {
    pending.set(queryHash, queryKey);
    timer ??= setTimeout(run, REREAD_DELAY_MS);
  };
}

/** After a gap in the stream: everything about executions may be out of date. */
export function resyncExecutions(queryClient: QueryClient, client: number): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: executionKeys.all(client) });
}
