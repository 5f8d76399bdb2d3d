import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData } from "@tanstack/react-query";
import type { OutExecutionList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys } from "./keys";

/** Rows per page: the tree is virtualized, so a large page costs little and saves "Load more" clicks. */
export const CHILDREN_PAGE_SIZE = 500;

/** Pages of children as the cache holds them; the page param is the last run id of the page before (start_at_run_id). */
export type ChildrenPages = InfiniteData<OutExecutionList, number | undefined>;

/** GET /api/{client}/executions/{run_id}/children: immediate children, newest first, continuing below `startAtRunId` (the last run id of the page before). */
export function getChildren(client: number, runId: number, startAtRunId: number | undefined, signal?: AbortSignal): Promise<OutExecutionList> {
  return callOperation("getExecutionsRunIdChildren", {
    params: { client_id: client, run_id: runId },
    query: { max_results: CHILDREN_PAGE_SIZE, start_at_run_id: startAtRunId },
    signal,
  });
}

const FIRST_PAGE: number | undefined = undefined;

/** Kept current by the event stream: events of a child (its `parent` names this run) patch the pages. */
export function childrenQueryOptions(client: number, runId: number) {
  return infiniteQueryOptions({
    queryKey: executionKeys.children(client, runId),
    queryFn: ({ signal, pageParam }) => getChildren(client, runId, pageParam, signal),
    initialPageParam: FIRST_PAGE,
    getNextPageParam: (lastPage: OutExecutionList): number | undefined => (lastPage.hasmore ? lastPage.data.at(-1)?.run_id : undefined),
  });
}

export function useChildren(runId: number, enabled: boolean) {
  const { client } = useCurrentSession();
  return useInfiniteQuery({ ...childrenQueryOptions(client, runId), enabled });
}
