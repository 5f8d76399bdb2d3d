import { OutAgentPack, type InAgentPacksBody } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { systemPath } from "./system-path";
import { useAgentMutation } from "./use-agent-mutation";

/** What the package dialog sends; `config_update` is left out when empty. */
export type AgentPackRequest = Pick<InAgentPacksBody, "platform" | "name" | "config_update">;

/**
 * POST /api/{client}/system/agentpacks: a zip of the agent, configured for this engine, with a new
 * key for the agent (made when the name is new). Refused (400, code CONFLICT) while the agent is connected.
 */
export function createAgentPack(client: number, csrfToken: string, body: AgentPackRequest): Promise<OutAgentPack> {
  return requestJson(systemPath(client, "agentpacks"), OutAgentPack, { method: "POST", body, csrfToken });
}

/**
 * Where the browser downloads a package: the engine's `link` names its own /ae/api/v1 path, which
 * the browser cannot call without credentials, so the download goes through the console's proxy.
 */
export function agentPackDownloadPath(client: number, filename: string): string {
  return systemPath(client, "agentpacks", filename);
}

/** The agent list is read again: a package for a new name creates the agent. */
export function useCreateAgentPack() {
  return useAgentMutation(createAgentPack);
}
