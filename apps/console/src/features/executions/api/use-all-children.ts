import { useEffect, useMemo } from "react";
import type { OutExecution } from "@baton/contract";
import { useChildren } from "./get-children";

/**
 * Every child of a run, all pages read one after another (the graph and the Gantt need the latest
 * execution of every line); kept current by the event stream like `useChildren`.
 */
export function useAllChildren(runId: number) {
  const children = useChildren(runId, true);
  const { hasNextPage, isFetchingNextPage, isError, fetchNextPage } = children;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isError) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, isError, fetchNextPage]);
  const rows = useMemo<OutExecution[]>(() => children.data?.pages.flatMap((page) => page.data) ?? [], [children.data]);
  return { query: children, rows };
}
