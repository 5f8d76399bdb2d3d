import { queryOptions, useQuery } from "@tanstack/react-query";
import { Status, type OutExecutionList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { notificationKeys } from "./keys";

/** How many waiting notifications the inbox reads at most. */
export const WAITING_MAX_RESULTS = 200;

/** The type code of notifications: what the inbox asks for and what events are checked against. */
export const NOTIFICATION_TYPE = "CALL";

/** GET /api/{client}/executions?type=CALL&status=1550: notifications waiting for acknowledgement, newest first. */
export function getWaitingNotifications(client: number, signal?: AbortSignal): Promise<OutExecutionList> {
  return callOperation("getExecutions", {
    params: { client_id: client },
    query: { type: NOTIFICATION_TYPE, status: Status.ACTIVE, max_results: WAITING_MAX_RESULTS },
    signal,
  });
}

/** Kept current by the event stream (see notification-events.ts), so it is not polled. */
export function waitingNotificationsQueryOptions(client: number) {
  return queryOptions({
    queryKey: notificationKeys.waiting(client),
    queryFn: ({ signal }) => getWaitingNotifications(client, signal),
  });
}

export function useWaitingNotifications() {
  const { client } = useCurrentSession();
  return useQuery(waitingNotificationsQueryOptions(client));
}
