import { useMutation, useQueryClient } from "@tanstack/react-query";
import { OutChangeExecutionStatus, type OutExecutionList } from "@baton/contract";
import { requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { notificationKeys } from "./keys";
import { withoutNotification } from "./notification-events";

/**
 * POST /api/{client}/executions/{run_id}/status `{"action":"acknowledge"}`: the notification ends OK.
 * 400 (45170) when it is not waiting any more (someone else acknowledged it), 403 without the
 * cancel/restart right on the object.
 */
export function acknowledgeNotification(client: number, csrfToken: string, runId: number): Promise<OutChangeExecutionStatus> {
  return requestJson(`/api/${segment(client)}/executions/${segment(runId)}/status`, OutChangeExecutionStatus, {
    method: "POST",
    body: { action: "acknowledge" },
    csrfToken,
  });
}

/** On success the notification leaves the inbox at once; the event stream confirms it (1900). */
export function useAcknowledgeNotification() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (runId: number) => acknowledgeNotification(client, csrf_token, runId),
    onSuccess: (_result, runId) => {
      queryClient.setQueryData<OutExecutionList>(notificationKeys.waiting(client), (list) => (list === undefined ? list : withoutNotification(list, runId)));
    },
  });
}
