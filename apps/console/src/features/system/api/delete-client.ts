import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutRunId } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";

/**
 * DELETE /api/{client}/system/clients/{target}: starts an execution that deletes the target's
 * objects, executions and users; its run id lets the operator watch it. Refused (400, code CONFLICT) for client 0
 * and the client of the login.
 */
export function deleteClient(client: number, csrfToken: string, target: number): Promise<OutRunId> {
  return callOperation("deleteSystemClientsTargetClient", { params: { client_id: client, target_client: target }, csrfToken });
}

export function useDeleteClient() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (target: number) => deleteClient(client, csrf_token, target),
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.clients(client) }),
  });
}
