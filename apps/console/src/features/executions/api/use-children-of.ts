import { useEffect, useMemo, useState } from "react";
import { InfiniteQueryObserver, useQueryClient, type QueryClient } from "@tanstack/react-query";
import { useCurrentSession } from "../../../lib/session-context";
import { childrenQueryOptions } from "./get-children";

function createObserver(queryClient: QueryClient, client: number, runId: number) {
  return new InfiniteQueryObserver(queryClient, childrenQueryOptions(client, runId));
}

type ChildrenObserver = ReturnType<typeof createObserver>;

/** One node's children as `useChildren` would answer them. */
export type ChildrenResult = ReturnType<ChildrenObserver["getCurrentResult"]>;

/**
 * The children of each run in `runIds` (the expanded nodes of a tree), each an observer of the same
 * infinite query `useChildren` uses, so the event stream's patches reach them and a stream reopen
 * re-reads them. A hook per node would not do: the virtualized tree mounts only the rows in view,
 * and a collapsed node must not keep its query active. Observers of nodes no longer listed are
 * let go, so their queries become inactive and are collected.
 */
export function useChildrenOf(runIds: readonly number[]): ReadonlyMap<number, ChildrenResult> {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  // A new map for another client or cache: observers are bound to both.
  const observers = useMemo(() => new Map<number, { observer: ChildrenObserver; unsubscribe: (() => void) | null }>(), [client, queryClient]);
  const [, setVersion] = useState(0);
  const wanted = runIds.join(",");

  // Created during render so the first render already shows cached pages; subscribed in the effect.
  for (const runId of runIds) {
    if (!observers.has(runId)) observers.set(runId, { observer: createObserver(queryClient, client, runId), unsubscribe: null });
  }

  useEffect(() => {
    const keep = new Set(wanted === "" ? [] : wanted.split(",").map(Number));
    for (const [runId, entry] of observers) {
      if (!keep.has(runId)) {
        entry.unsubscribe?.();
        observers.delete(runId);
      } else if (entry.unsubscribe === null) {
        entry.unsubscribe = entry.observer.subscribe(() => setVersion((v) => v + 1));
      }
    }
    // Results may have changed between render and subscription.
    setVersion((v) => v + 1);
  }, [wanted, observers]);

  // Subscriptions end with the component (or the map); the effect above takes them up again when
  // React mounts the component anew (StrictMode).
  useEffect(
    () => () => {
      for (const entry of observers.values()) {
        entry.unsubscribe?.();
        entry.unsubscribe = null;
      }
    },
    [observers],
  );

  const results = new Map<number, ChildrenResult>();
  for (const runId of runIds) {
    const entry = observers.get(runId);
    if (entry !== undefined) results.set(runId, entry.observer.getCurrentResult());
  }
  return results;
}
