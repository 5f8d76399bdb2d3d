import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutChangeExecutionStatus, OutExecutionList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { notificationKeys } from "./keys";
import { withoutNotification } from "./notification-events";

/**
 * POST /api/{client}/executions/{run_id}/status `{"action":"acknowledge"}`: the notification ends OK.
 * 400 (45170) when it is not waiting any more (someone else acknowledged it), 403 without the
 * cancel/restart right on the object.
 */
export function acknowledgeNotification(client: number, csrfToken: string, runId: number): Promise<OutChangeExecutionStatus> {
  return callOperation("postExecutionsRunIdStatus", {
    params: { client_id: client, run_id: runId },
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
