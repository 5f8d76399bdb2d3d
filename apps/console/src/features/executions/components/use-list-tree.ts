import { useLayoutEffect, useMemo, useRef, useState } from "react";
import type { OutExecution } from "@baton/contract";
import { useChildrenOf, type ChildrenResult } from "../api/use-children-of";
import type { ListRowActions } from "./execution-list-rows";
import { listRows, type LoadedChildren, type TreeRow } from "./tree-rows";

/** Above this many children an expanded run shows counts until the operator lists them. */
const FAN_OUT_LIMIT = 200;

export function loadedChildren(result: ChildrenResult | undefined): LoadedChildren | undefined {
  if (result === undefined) return undefined;
  const pages = result.data?.pages ?? [];
  return {
    rows: pages.flatMap((page) => page.data),
    total: pages[0]?.total ?? 0,
    status: result.status,
    error: result.error,
    hasMore: result.hasNextPage,
    loadingMore: result.isFetchingNextPage,
  };
}

/** Expanded runs under `runId` (found through the `parent` of the loaded rows) close with it. */
export function withoutSubtree(expanded: ReadonlySet<number>, runId: number, parentOf: ReadonlyMap<number, number>): Set<number> {
  const under = (id: number): boolean => {
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) if (at === runId) return true;
    return false;
  };
  return new Set([...expanded].filter((id) => !under(id)));
}

/**
 * The executions list as a tree: the loaded runs, and under each run the operator opened its
 * children, read page by page from GET .../children when opened (so a closed run costs nothing)
 * and kept current by the one event stream, as the Tasks tab's are; `flat` (every execution
 * listed, tasks too) opens none. `executions` are the runs of the rows in display order, for the
 * keyboard and the selection.
 */
export function useListTree(top: readonly OutExecution[] | undefined, flat: boolean) {
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [listed, setListed] = useState<ReadonlySet<number>>(new Set());
  // A flat list reads no children: the observers of those opened before are let go.
  const results = useChildrenOf(flat ? [] : [...expanded]);
  const childrenOf = (id: number) => loadedChildren(results.get(id));
  // Made on each render, in one pass over the rows: the rows themselves are memoized by the executions they show.
  const rows: TreeRow[] = listRows(top ?? [], { childrenOf, expanded, listed, fanOutLimit: FAN_OUT_LIMIT, flat });
  const executions = rows.flatMap((row) => (row.kind === "task" ? [row.execution] : []));

  // One set of actions for the life of the list, reading the latest state: rows are memoized, and
  // new functions on every render would render every row in view again.
  const latest = useRef({ expanded, results, executions });
  useLayoutEffect(() => {
    latest.current = { expanded, results, executions };
  });
  const actions: ListRowActions = useMemo(
    () => ({
      toggle: (execution) => {
        const { expanded: open, executions: shown } = latest.current;
        if (!open.has(execution.run_id)) {
          setExpanded(new Set([...open, execution.run_id]));
          return;
        }
        const parentOf = new Map<number, number>();
        for (const row of shown) if (row.parent) parentOf.set(row.run_id, row.parent);
        setExpanded(withoutSubtree(open, execution.run_id, parentOf));
      },
      list: (parentRunId) => setListed((current) => new Set([...current, parentRunId])),
      loadMore: (parentRunId) => void latest.current.results.get(parentRunId)?.fetchNextPage(),
      retry: (parentRunId) => void latest.current.results.get(parentRunId)?.refetch(),
    }),
    [],
  );
  return { rows, executions, actions };
}
