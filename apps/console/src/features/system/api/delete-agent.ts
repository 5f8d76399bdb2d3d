import { requestNoContent } from "../../../lib/api-client";
import { systemPath } from "./system-path";
import { useAgentMutation } from "./use-agent-mutation";

/** DELETE /api/{client}/system/agents/{name}: refused (400, code CONFLICT) while the agent is connected. */
export function deleteAgent(client: number, csrfToken: string, name: string): Promise<void> {
  return requestNoContent(systemPath(client, "agents", name), { method: "DELETE", csrfToken });
}

export function useDeleteAgent() {
  return useAgentMutation(deleteAgent);
}
