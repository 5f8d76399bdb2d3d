import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import type { ExecutionEvent } from "@baton/contract";
import { executionEventStream } from "../../../lib/event-stream";
import { freshEventFilter } from "../../../lib/fresh-events";
import { useCurrentSession } from "../../../lib/session-context";
import { rereader } from "./execution-events";
import { executionKeys } from "./keys";

/**
 * Re-reads the ERT of an execution when an event for it or for one of its children arrives: the
 * engine computes it from the tasks' states, which an event cannot patch. Re-reads are gathered
 * (at most one a second per execution, never while one runs), as a 10,000-task workflow sends
 * many events.
 */
export function createInsightEventHandler(queryClient: QueryClient, client: number): (event: ExecutionEvent) => void {
  const fresh = freshEventFilter(client);
  const reread = rereader(queryClient);
  return (event) => {
    if (!fresh(event)) return;
    const { run_id: runId, parent } = event.execution;
    // The engine sends 0 for "no parent" (run ids start at 1).
    for (const concerned of parent ? [runId, parent] : [runId]) {
      const query = queryClient.getQueryCache().find({ queryKey: executionKeys.ert(client, concerned), exact: true });
      if (query !== undefined) reread(query);
    }
  };
}

/** Listens on the app's one event stream while a detail page is open. */
export function useInsightUpdates(): void {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  useEffect(() => executionEventStream.onEvent(createInsightEventHandler(queryClient, client)), [queryClient, client]);
}
