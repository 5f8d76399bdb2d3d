import type { InCreateAgentBody } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useAgentMutation } from "./use-agent-mutation";

/** POST /api/{client}/system/agents {name, template}: an authenticated agent that may connect under that name (400, code CONFLICT, when it exists). */
export function createAgent(client: number, csrfToken: string, body: InCreateAgentBody): Promise<void> {
  return callOperation("postSystemAgents", { params: { client_id: client }, body, csrfToken });
}

export function useCreateAgent() {
  return useAgentMutation(createAgent);
}
