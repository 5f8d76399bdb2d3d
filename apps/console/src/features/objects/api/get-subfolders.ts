import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCurrentSession } from "../../../lib/session-context";
import { childFolders, displayFolder } from "./folder-path";
import { objectKeys } from "./keys";
import { searchAll } from "./search-objects";

/**
 * Objects read to find the subfolders of a folder. The search has no folder listing, so the
 * folders right below come from the folders of the objects in the whole subtree: a bounded read,
 * and a subtree larger than this may miss folders (the tree says so).
 */
const SUBTREE_LIMIT = 20_000;

export interface Subfolders {
  folders: string[];
  /** False when the subtree held more objects than were read. */
  complete: boolean;
}

/**
 * The folders right below `folder` that hold objects (directly or deeper). Folders are found by
 * their objects, plus FOLD objects the search lists; an explicit folder with nothing in it may not
 * show (README, "Folder browsing").
 */
export async function getSubfolders(client: number, csrfToken: string, folder: string, signal?: AbortSignal): Promise<Subfolders> {
  const { rows, complete } = await searchAll(client, csrfToken, [{ filter_identifier: "location", location: displayFolder(folder), include_subfolders: true }], [{ column: "folder_path", order: "ASC" }], SUBTREE_LIMIT, signal);
  const found = rows.flatMap((row) => (row.type === "FOLD" ? [row.folder_path, `${row.folder_path}\\${row.name}`] : [row.folder_path]));
  return { folders: childFolders(folder, found), complete };
}

export function useSubfolders(folder: string, enabled: boolean) {
  const { client, csrf_token } = useCurrentSession();
  return useQuery({
    ...queryOptions({ queryKey: objectKeys.subfolders(client, folder), queryFn: ({ signal }) => getSubfolders(client, csrf_token, folder, signal) }),
    enabled,
  });
}
