import { useEffect } from "react";
import { useQueryClient, type QueryClient } from "@tanstack/react-query";
import { Status, isFinalStatus, type ExecutionEvent, type OutExecution, type OutExecutionList } from "@baton/contract";
import { executionEventStream, type ExecutionEventStream } from "../../../lib/event-stream";
import { useCurrentSession } from "../../../lib/session-context";
import { notificationKeys } from "./keys";
import { NOTIFICATION_TYPE, WAITING_MAX_RESULTS } from "./get-waiting-notifications";
import { freshEventFilter } from "../../../lib/fresh-events";

/** Newest first: by activation time, then run_id. */
function isNewer(a: OutExecution, b: OutExecution): boolean {
  const ta = Date.parse(a.activation_time);
  const tb = Date.parse(b.activation_time);
  if (ta !== tb && !Number.isNaN(ta) && !Number.isNaN(tb)) return ta > tb;
  return a.run_id > b.run_id;
}

export function withoutNotification(list: OutExecutionList, runId: number): OutExecutionList {
  if (!list.data.some((row) => row.run_id === runId)) return list;
  return { ...list, total: Math.max(0, list.total - 1), data: list.data.filter((row) => row.run_id !== runId) };
}

/**
 * The waiting list after a notification's status change: in it while active (1550, inserted at
 * its newest-first place or replaced), out of it in any other state. Other types leave it as it is.
 */
export function patchWaitingList(list: OutExecutionList, execution: OutExecution, maxResults = WAITING_MAX_RESULTS): OutExecutionList {
  if (execution.type !== NOTIFICATION_TYPE) return list;
  if (execution.status !== Status.ACTIVE) return withoutNotification(list, execution.run_id);
  const index = list.data.findIndex((row) => row.run_id === execution.run_id);
  if (index >= 0) return { ...list, data: list.data.map((row, i) => (i === index ? execution : row)) };
  const position = list.data.findIndex((row) => isNewer(execution, row));
  // Older than every row while more exist: it belongs to the part not read.
  if (position < 0 && list.hasmore) return { ...list, total: list.total + 1 };
  const data = [...list.data];
  data.splice(position < 0 ? data.length : position, 0, execution);
  return { total: list.total + 1, data: data.slice(0, maxResults), hasmore: list.hasmore || data.length > maxResults };
}

/**
 * Feeds notification events into the cached waiting list. Replays are dropped: events not newer
 * than the last one seen for a run, and non-final states after a final one (a run never becomes
 * active again once it ended).
 */
export function createNotificationEventHandler(queryClient: QueryClient, client: number): (event: ExecutionEvent) => void {
  const fresh = freshEventFilter(client);
  const ended = new Set<number>();
  return (event) => {
    const execution = event.execution;
    if (execution.type !== NOTIFICATION_TYPE || !fresh(event)) return;
    const runId = execution.run_id;
    if (ended.has(runId) && !isFinalStatus(execution.status)) return;
    if (isFinalStatus(execution.status)) ended.add(runId);
    queryClient.setQueryData<OutExecutionList>(notificationKeys.waiting(client), (list) => (list === undefined ? list : patchWaitingList(list, execution)));
  };
}

/** One subscription per client however many components ask for it (the page and the nav badge). */
const subscriptions = new Map<string, { users: number; stop: () => void }>();
const clientIds = new WeakMap<QueryClient, number>();
let nextClientId = 1;

function subscriptionKey(queryClient: QueryClient, client: number, stream: ExecutionEventStream): string {
  let id = clientIds.get(queryClient);
  if (id === undefined) {
    id = nextClientId++;
    clientIds.set(queryClient, id);
  }
  return `${id}:${client}:${stream === executionEventStream ? "app" : "other"}`;
}

/**
 * Keeps the waiting notifications current while mounted: applies the shared stream's events and
 * refetches whenever the stream (re)opens, since events may have been missed in between. The app
 * shell connects the stream; this only listens.
 */
export function useNotificationUpdates(stream: ExecutionEventStream = executionEventStream): void {
  const { client } = useCurrentSession();
  const queryClient = useQueryClient();
  useEffect(() => {
    const key = subscriptionKey(queryClient, client, stream);
    const existing = subscriptions.get(key);
    if (existing !== undefined) {
      existing.users += 1;
    } else {
      const offEvent = stream.onEvent(createNotificationEventHandler(queryClient, client));
      const offOpen = stream.onOpen(() => void queryClient.invalidateQueries({ queryKey: notificationKeys.waiting(client) }));
      subscriptions.set(key, {
        users: 1,
        stop: () => {
          offEvent();
          offOpen();
        },
      });
    }
    return () => {
      const subscription = subscriptions.get(key);
      if (subscription === undefined) return;
      subscription.users -= 1;
      if (subscription.users === 0) {
        subscription.stop();
        subscriptions.delete(key);
      }
    };
  }, [queryClient, client, stream]);
}
