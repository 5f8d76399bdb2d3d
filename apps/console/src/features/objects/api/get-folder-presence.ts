import { queryOptions, useQuery } from "@tanstack/react-query";
import { isApiError, requestNoContent } from "../../../lib/api-client";
import { operationUrl } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { exportPath } from "./export-folder";
import { ancestorsOf, normaliseFolder } from "./folder-path";
import { objectKeys } from "./keys";

/**
 * Whether `folder` exists (the root always does). The interface has no folder listing and a
 * search cannot tell a folder that does not exist from an empty one; the folder's export answers
 * 404 for one that does not (an explicit folder, or one with objects at or below it, exists). It
 * is asked with HEAD: the server checks the folder and answers its status without building the
 * export of everything below it.
 */
async function folderExists(client: number, folder: string, signal?: AbortSignal): Promise<boolean> {
  if (folder === "") return true;
  try {
    await requestNoContent(await operationUrl("getFolderobjectsFolderPath", { client_id: client, "*": exportPath(folder) }), { method: "HEAD", signal });
    return true;
  } catch (error) {
    if (isApiError(error, 404)) return false;
    throw error;
  }
}

export interface FolderPresence {
  exists: boolean;
  /** The folder when it exists, else the nearest folder above it that does ("" the root). */
  nearest: string;
}

/** Whether `folder` exists and, when it does not, the nearest folder above it that does: asked from the folder up, one at a time. */
export async function findFolder(client: number, folder: string, signal?: AbortSignal): Promise<FolderPresence> {
  const path = normaliseFolder(folder);
  const above = ancestorsOf(path).reverse();
  for (const candidate of above) {
    if (await folderExists(client, candidate, signal)) return { exists: candidate === path, nearest: candidate };
  }
  return { exists: false, nearest: "" };
}

/** Asked only when the folder shows nothing: a folder with objects or subfolders exists. */
export function useFolderPresence(folder: string, enabled: boolean) {
  const { client } = useCurrentSession();
  return useQuery({
    ...queryOptions({ queryKey: objectKeys.presence(client, folder), queryFn: ({ signal }) => findFolder(client, folder, signal) }),
    enabled,
  });
}
