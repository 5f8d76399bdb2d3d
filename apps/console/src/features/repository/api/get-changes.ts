import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutRepositoryUncommittedChanges } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";
import { repositoryPath } from "./repository-path";

/** GET /api/{client}/repositories/changes: the objects whose definition differs from HEAD. */
export function getChanges(client: number, signal?: AbortSignal): Promise<OutRepositoryUncommittedChanges> {
  return requestJson(repositoryPath(client, "changes"), OutRepositoryUncommittedChanges, { query: { fields: "total" }, signal });
}

/** Objects are edited and imported on other screens, and no event says so: the list is read again on every visit. */
export function changesQueryOptions(client: number) {
  return queryOptions({ queryKey: repositoryKeys.changes(client), queryFn: ({ signal }) => getChanges(client, signal), staleTime: 0 });
}

export function useChanges() {
  const { client } = useCurrentSession();
  return useQuery(changesQueryOptions(client));
}
