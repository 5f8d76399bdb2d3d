import { queryOptions, useQuery } from "@tanstack/react-query";
import { useCurrentSession } from "../../../lib/session-context";
import { displayFolder } from "./folder-path";
import { objectKeys } from "./keys";
import { searchAll } from "./search-objects";

/** A folder of more objects shows the first ones and says so. */
export const FOLDER_CONTENTS_LIMIT = 5000;

/** The objects lying directly in `folder` (engine form), by name. */
export function folderContentsQueryOptions(client: number, csrfToken: string, folder: string) {
  return queryOptions({
    queryKey: objectKeys.folderContents(client, folder),
    queryFn: ({ signal }) => searchAll(client, csrfToken, [{ filter_identifier: "location", location: displayFolder(folder), include_subfolders: false }], [{ column: "name", order: "ASC" }], FOLDER_CONTENTS_LIMIT, signal),
  });
}

export function useFolderContents(folder: string) {
  const { client, csrf_token } = useCurrentSession();
  return useQuery(folderContentsQueryOptions(client, csrf_token, folder));
}
