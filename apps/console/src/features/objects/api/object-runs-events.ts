import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { isFinalStatus, type ExecutionEvent, type OutExecution } from "@baton/contract";
import { executionEventStream } from "../../../lib/event-stream";
import { freshEventFilter } from "../../../lib/fresh-events";
import { useCurrentSession } from "../../../lib/session-context";
import type { ObjectRunPages } from "./get-object-runs";
import { objectKeys } from "./keys";

/** The pages with `execution` in place of the run it is; undefined when no loaded page holds it. */
export function replaceRun(pages: ObjectRunPages, execution: OutExecution): ObjectRunPages | undefined {
  const index = pages.pages.findIndex((page) => page.data.some((run) => run.run_id === execution.run_id));
  if (index < 0) return undefined;
  return {
    ...pages,
    pages: pages.pages.map((page, i) => (i === index ? { ...page, data: page.data.map((run) => (run.run_id === execution.run_id ? execution : run)) } : page)),
  };
}

/**
 * How long after a run of the object ended its ERT is read again: the engine recomputes the
 * estimate in its own reaction to the end, beside the event that brought the end here.
 */
export const ERT_REREAD_DELAY_MS = 1_000;

/**
 * Applies one event of the app's stream to the runs of the object `name`: a listed run is
 * replaced where it is; a run not listed (new, or on a page not loaded) has the list read again,
 * and so does any event while a read is in flight, whose answer may be older than the event. A
 * run that ended has the object's ERT read again shortly after (once for a burst of ends).
 */
export function createObjectRunsEventHandler(queryClient: QueryClient, client: number, name: string): (event: ExecutionEvent) => void {
  const fresh = freshEventFilter(client);
  const queryKey = objectKeys.runs(client, name);
  let ertTimer: ReturnType<typeof setTimeout> | null = null;
  return (event) => {
    if (event.execution.name !== name || !fresh(event)) return;
    if (isFinalStatus(event.execution.status) && ertTimer === null) {
      ertTimer = setTimeout(() => {
        ertTimer = null;
        void queryClient.invalidateQueries({ queryKey: objectKeys.ert(client, name), exact: true });
      }, ERT_REREAD_DELAY_MS);
    }
    const pages = queryClient.getQueryData<ObjectRunPages>(queryKey);
    if (pages === undefined) return;
    const patched = queryClient.getQueryState(queryKey)?.fetchStatus === "fetching" ? undefined : replaceRun(pages, event.execution);
    if (patched === undefined) void queryClient.invalidateQueries({ queryKey, exact: true });
    else queryClient.setQueryData<ObjectRunPages>(queryKey, patched);
  };
}

/**
 * Keeps the runs of `name` and its ERT live while they are shown, through the app's one event
 * stream (no polling); each (re)open of the stream reads them again, as events may have been missed.
 */
export function useObjectRunsLive(name: string): void {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    const offEvent = executionEventStream.onEvent(createObjectRunsEventHandler(queryClient, client, name));
    const offOpen = executionEventStream.onOpen(() => {
      void queryClient.invalidateQueries({ queryKey: objectKeys.runs(client, name), exact: true });
      void queryClient.invalidateQueries({ queryKey: objectKeys.ert(client, name), exact: true });
    });
    return () => {
      offEvent();
      offOpen();
    };
  }, [queryClient, client, name]);
}
