import { callOperation } from "../../../lib/rest-operations";
import { useAgentMutation } from "./use-agent-mutation";

/**
 * POST /api/{client}/system/agents/{name}/renew_transferkey: the agent's key is revoked and its
 * connection ended; it must enrol again (Baton's agents have one key, so resetpublickey does the same).
 */
export function resetAgentKey(client: number, csrfToken: string, name: string): Promise<void> {
  return callOperation("postSystemAgentsObjectNameRenewTransferkey", { params: { client_id: client, object_name: name }, csrfToken });
}

export function useResetAgentKey() {
  return useAgentMutation(resetAgentKey);
}
