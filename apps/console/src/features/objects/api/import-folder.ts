import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutFolderImport } from "@baton/contract";
import { callOperation, UncheckedBody } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import type { FolderImportPlan } from "./folder-import-plan";
import { objectKeys } from "./keys";

export interface ImportFolderInput {
  /** Engine form; "" is the root. */
  folder: string;
  body: FolderImportPlan["body"];
  overwrite: boolean;
}

/**
 * POST /api/{client}/folderobjects: every object in one request, so the engine's all-or-nothing
 * holds: a refusal (400/403) leaves nothing half imported.
 */
export function importFolder(client: number, csrfToken: string, { folder, body, overwrite }: ImportFolderInput): Promise<OutFolderImport> {
  return callOperation("postFolderobjects", {
    params: { client_id: client },
    query: { folder_path: folder, overwrite_existing_objects: overwrite },
    body: new UncheckedBody(body),
    csrfToken,
  });
}

export function useImportFolder() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ImportFolderInput) => importFolder(client, csrf_token, input),
    // Any object or folder view may show what was imported; one import refreshes them all once.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: objectKeys.all(client) }),
  });
}
