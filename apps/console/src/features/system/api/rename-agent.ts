import { requestNoContent } from "../../../lib/api-client";
import { systemPath } from "./system-path";
import { useAgentMutation } from "./use-agent-mutation";

/** POST /api/{client}/system/agents/{name}/rename {new_name}: refused (400, code CONFLICT) while connected or when the name is taken. */
export function renameAgent(client: number, csrfToken: string, { name, newName }: { name: string; newName: string }): Promise<void> {
  return requestNoContent(systemPath(client, "agents", name, "rename"), { method: "POST", body: { new_name: newName }, csrfToken });
}

export function useRenameAgent() {
  return useAgentMutation(renameAgent);
}
