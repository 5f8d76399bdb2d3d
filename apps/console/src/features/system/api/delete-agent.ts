import { callOperation } from "../../../lib/rest-operations";
import { useAgentMutation } from "./use-agent-mutation";

/** DELETE /api/{client}/system/agents/{name}: refused (400, code CONFLICT) while the agent is connected. */
export function deleteAgent(client: number, csrfToken: string, name: string): Promise<void> {
  return callOperation("deleteSystemAgentsObjectName", { params: { client_id: client, object_name: name }, csrfToken });
}

export function useDeleteAgent() {
  return useAgentMutation(deleteAgent);
}
