import { useEffect } from "react";
import { useQueryClient } from "@tanstack/react-query";
import { executionEventStream } from "../lib/event-stream";
import { createExecutionEventHandler, resyncExecutions } from "../features/executions/api/execution-events";
import { sessionKeys } from "../features/auth/api/keys";

/**
 * Connects the app's one event stream while someone is logged in and feeds it into the query
 * cache. On every (re)open the execution queries are refetched, covering events missed in a gap
 * (the server replays by Last-Event-ID only to a browser-side reconnect, not to a new stream).
 */
export function useLiveUpdates(client: number): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    const stream = executionEventStream;
    const offEvent = stream.onEvent(createExecutionEventHandler(queryClient, client));
    // Also on the first open: a page may have fetched its data just before the stream began.
    const offOpen = stream.onOpen(() => void resyncExecutions(queryClient, client));
    // A refused stream may mean the session expired: ask who we are (401 → login page).
    const offRefused = stream.onRefused(() => void queryClient.invalidateQueries({ queryKey: sessionKeys.current }));
    stream.connect();
    return () => {
      offEvent();
      offOpen();
      offRefused();
      stream.disconnect();
    };
  }, [queryClient, client]);
}
