import { OutFolderImport } from "@baton/contract";
import { operationUrl } from "../../../lib/rest-operations";
import { upload, type SentBytes } from "../../../lib/upload";

export interface FolderImportRequest {
  client: number;
  csrfToken: string;
  /** Engine form; "" is the root. */
  folder: string;
  /** The entries to send (the `data` of InFolderObjects). */
  entries: readonly unknown[];
  overwrite: boolean;
  /** Only ask what the import would do with each entry; nothing is written. */
  dryRun?: boolean;
  /** Write what can be written and answer the rest as skipped, instead of all or nothing. */
  skipInvalid?: boolean;
  onProgress?: (sent: SentBytes) => void;
  signal?: AbortSignal;
}

/** The JSON text of a folder import's body. */
export function folderImportBody(entries: readonly unknown[]): string {
  return JSON.stringify({ data: entries });
}

/**
 * POST /api/{client}/folderobjects with the entries, reporting the bytes sent (the preview's dry
 * run and each request of an import). Without skipInvalid and dryRun it is all or nothing: a
 * refusal (400/403) leaves nothing half imported.
 */
export async function postFolderImport(request: FolderImportRequest): Promise<OutFolderImport> {
  const { client, csrfToken, folder, entries, overwrite, dryRun = false, skipInvalid = false, onProgress, signal } = request;
  const url = await operationUrl(
    "postFolderobjects",
    { client_id: client },
    { folder_path: folder, overwrite_existing_objects: overwrite, dry_run: dryRun || undefined, skip_invalid: skipInvalid || undefined },
  );
  return upload({ url, body: folderImportBody(entries), contentType: "application/json", parser: OutFolderImport, csrfToken, onProgress, signal });
}
