import { callOperation } from "../../../lib/rest-operations";
import { useAgentMutation } from "./use-agent-mutation";

/** POST /api/{client}/system/agents/{name}/authenticate: the agent may run jobs from now on. */
export function authenticateAgent(client: number, csrfToken: string, name: string): Promise<void> {
  return callOperation("postSystemAgentsObjectNameAuthenticate", { params: { client_id: client, object_name: name }, csrfToken });
}

export function useAuthenticateAgent() {
  return useAgentMutation(authenticateAgent);
}
