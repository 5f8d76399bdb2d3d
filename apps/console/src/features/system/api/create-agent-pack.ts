import type { InAgentPacksBody, OutAgentPack } from "@baton/contract";
import { callOperation, operationUrl } from "../../../lib/rest-operations";
import { useAgentMutation } from "./use-agent-mutation";

/** What the package dialog sends; `config_update` is left out when empty. */
export type AgentPackRequest = Pick<InAgentPacksBody, "platform" | "name" | "config_update">;

/** A package the server made, with where the browser downloads it. */
export interface ReadyAgentPack extends OutAgentPack {
  /**
   * The engine's `link` names its own /ae/api/v1 path, which the browser cannot call without
   * credentials, so the download goes through the console's proxy.
   */
  downloadPath: string;
}

/**
 * POST /api/{client}/system/agentpacks: a zip of the agent, configured for this engine, with a new
 * key for the agent (made when the name is new). Refused (400, code CONFLICT) while the agent is connected.
 */
export async function createAgentPack(client: number, csrfToken: string, body: AgentPackRequest): Promise<ReadyAgentPack> {
  const pack = await callOperation("postSystemAgentpacks", { params: { client_id: client }, body, csrfToken });
  const downloadPath = await operationUrl("getSystemAgentpacksFilename", { client_id: client, filename: pack.filename });
  return { ...pack, downloadPath };
}

/** The agent list is read again: a package for a new name creates the agent. */
export function useCreateAgentPack() {
  return useAgentMutation(createAgentPack);
}
