import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { isFinalStatus, type ExecutionEvent, type OutExecution, type OutExecutionList } from "@baton/contract";
import { executionEventStream } from "../../../lib/event-stream";
import { useCurrentSession } from "../../../lib/session-context";
import { RECENT_RUNS_LIMIT, SCRIPT_TYPE } from "./get-recent-script-runs";
import { scriptKeys } from "./keys";
import { freshEventFilter } from "../../../lib/fresh-events";

/** An ended execution never becomes active again (a restart is a new run): late replays are dropped. */
function isStale(current: OutExecution | undefined, incoming: OutExecution): boolean {
  return current !== undefined && isFinalStatus(current.status) && !isFinalStatus(incoming.status);
}

/** The recent runs with `execution` replaced, or added at its place (newest first, at most the limit). */
export function patchRecentRuns(list: OutExecutionList, execution: OutExecution): OutExecutionList {
  const index = list.data.findIndex((row) => row.run_id === execution.run_id);
  if (index >= 0) {
    if (isStale(list.data[index], execution)) return list;
    return { ...list, data: list.data.map((row, i) => (i === index ? execution : row)) };
  }
  // Run ids grow with every activation, so they order runs without comparing timestamps.
  const position = list.data.findIndex((row) => row.run_id < execution.run_id);
  if (position < 0 && (list.hasmore || list.data.length >= RECENT_RUNS_LIMIT)) return list;
  const data = [...list.data];
  data.splice(position < 0 ? data.length : position, 0, execution);
  return { total: list.total + 1, data: data.slice(0, RECENT_RUNS_LIMIT), hasmore: list.hasmore || data.length > RECENT_RUNS_LIMIT };
}

/**
 * Applies execution events to the Scripts page's queries: the run on screen (any type, since a
 * URL may name any run) and the recent Script runs.
 */
export function createScriptRunEventHandler(queryClient: QueryClient, client: number): (event: ExecutionEvent) => void {
  const fresh = freshEventFilter(client);

  return (event) => {
    if (!fresh(event)) return;
    const execution = event.execution;
    const runId = execution.run_id;

    const runKey = scriptKeys.run(client, runId);
    const runState = queryClient.getQueryState<OutExecution>(runKey);
    if (runState !== undefined) {
      // A read in flight may answer with a state older than this event: read again instead.
      if (runState.fetchStatus === "fetching") void queryClient.invalidateQueries({ queryKey: runKey, exact: true });
      else if (!isStale(runState.data, execution)) queryClient.setQueryData<OutExecution>(runKey, execution);
    }

    if (execution.type !== SCRIPT_TYPE) return;
    const recentKey = scriptKeys.recent(client);
    const recent = queryClient.getQueryData<OutExecutionList>(recentKey);
    if (recent === undefined) return;
    const patched = patchRecentRuns(recent, execution);
    if (patched !== recent) queryClient.setQueryData<OutExecutionList>(recentKey, patched);
  };
}

/**
 * Feeds the app's event stream into the Scripts queries while the page is open (the app shell
 * keeps the stream connected). Every (re)open of the stream reads them again to cover a gap.
 */
export function useScriptRunEvents(): void {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    const offEvent = executionEventStream.onEvent(createScriptRunEventHandler(queryClient, client));
    const offOpen = executionEventStream.onOpen(() => void queryClient.invalidateQueries({ queryKey: scriptKeys.all(client) }));
    return () => {
      offEvent();
      offOpen();
    };
  }, [queryClient, client]);
}
