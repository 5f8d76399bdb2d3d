import { callOperation } from "../../../lib/rest-operations";
import { useAgentMutation } from "./use-agent-mutation";

/** POST /api/{client}/system/agents/{name}/rename {new_name}: refused (400, code CONFLICT) while connected or when the name is taken. */
export function renameAgent(client: number, csrfToken: string, { name, newName }: { name: string; newName: string }): Promise<void> {
  return callOperation("postSystemAgentsObjectNameRename", { params: { client_id: client, object_name: name }, body: { new_name: newName }, csrfToken });
}

export function useRenameAgent() {
  return useAgentMutation(renameAgent);
}
