import type { ExecutionEvent } from "@baton/contract";

/**
 * A filter for one listener of the event stream: true for an event of `client` that is newer than
 * the last one seen for its run. Replays after a reconnect and events that arrive out of order
 * are passed over.
 */
export function freshEventFilter(client: number): (event: ExecutionEvent) => boolean {
  const lastSeq = new Map<number, number>();
  return (event) => {
    if (event.client !== client) return false;
    const runId = event.execution.run_id;
    const seen = lastSeq.get(runId);
    if (seen !== undefined && event.seq <= seen) return false;
    lastSeq.set(runId, event.seq);
    return true;
  };
}
