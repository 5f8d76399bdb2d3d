import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { OutExecution, OutExecutionList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";

/** Enough runs for a trend worth reading, few enough to read at once. */
export const OBJECT_RUNS_PAGE_SIZE = 50;

/** Pages as the cache holds them; the page param is the last run id of the page before. */
export type ObjectRunPages = InfiniteData<OutExecutionList, number | undefined>;

/**
 * GET /api/{client}/executions?name=NAME: the object's executions (its own runs, its runs as a
 * workflow or schedule task, the period containers of its recurring starts), newest activation
 * first; `start_at_run_id` continues after the last run of the page before.
 */
export function getObjectRuns(client: number, name: string, startAtRunId: number | undefined, signal?: AbortSignal): Promise<OutExecutionList> {
  return callOperation("getExecutions", {
    params: { client_id: client },
    query: { name, max_results: OBJECT_RUNS_PAGE_SIZE, start_at_run_id: startAtRunId },
    signal,
  });
}

/** The loaded pages as one list, a run that moved between pages while they were read once. */
export function objectRunRows(pages: ObjectRunPages): { runs: OutExecution[]; total: number; hasMore: boolean } {
  const seen = new Set<number>();
  const runs = pages.pages.flatMap((page) => page.data).filter((run) => !seen.has(run.run_id) && seen.add(run.run_id));
  return { runs, total: Math.max(pages.pages[0]?.total ?? 0, runs.length), hasMore: pages.pages.at(-1)?.hasmore ?? false };
}

const FIRST_PAGE: number | undefined = undefined;

export function objectRunsQueryOptions(client: number, name: string) {
  return infiniteQueryOptions({
    queryKey: objectKeys.runs(client, name),
    queryFn: ({ signal, pageParam }) => getObjectRuns(client, name, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (last: OutExecutionList) => (last.hasmore ? last.data.at(-1)?.run_id : undefined),
    select: objectRunRows,
  });
}

export function useObjectRuns(name: string) {
  const { client } = useCurrentSession();
  return useInfiniteQuery(objectRunsQueryOptions(client, name));
}
