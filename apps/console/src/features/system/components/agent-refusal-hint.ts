import { isApiError, isConflict } from "../../../lib/api-client";

export type AgentChange = "create" | "rename" | "delete" | "authenticate" | "reset-key" | "package";

const IN_PROCESS = "Agents that run inside the engine (LOCAL) are configured on the server, not administered here.";

const CONFLICT_HINTS: Record<AgentChange, string> = {
  create: "An agent with this name exists already. Choose another name.",
  rename: `An agent can be renamed only while it is not connected, and only to a name no other agent has. Stop the agent or choose another name. ${IN_PROCESS}`,
  delete: `An agent can be deleted only while it is not connected and runs nothing. Stop the agent first, then delete it. ${IN_PROCESS}`,
  authenticate: IN_PROCESS,
  "reset-key": IN_PROCESS,
  package: `A package replaces the agent's key, so the server makes none while the agent is connected. Stop the agent, then download the package again. ${IN_PROCESS}`,
};

/**
 * What to do about a refused change to an agent. The generic hints speak of overwriting for a conflict,
 * which does not apply to agents: here a conflict means connected, busy or a name taken.
 */
export function agentRefusalHint(error: unknown, change: AgentChange): string | undefined {
  if (isConflict(error)) return CONFLICT_HINTS[change];
  if (isApiError(error, 404)) return "The agent is gone: it was deleted or renamed meanwhile. The list shows the agents as they are now.";
  return undefined;
}
