import { requestNoContent } from "../../../lib/api-client";
import { systemPath } from "./system-path";
import { useAgentMutation } from "./use-agent-mutation";

/** POST /api/{client}/system/agents/{name}/authenticate: the agent may run jobs from now on. */
export function authenticateAgent(client: number, csrfToken: string, name: string): Promise<void> {
  return requestNoContent(systemPath(client, "agents", name, "authenticate"), { method: "POST", csrfToken });
}

export function useAuthenticateAgent() {
  return useAgentMutation(authenticateAgent);
}
