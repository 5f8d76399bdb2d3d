import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutRepositoryUncommittedChanges } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";

/** GET /api/{client}/repositories/changes: the objects whose definition differs from HEAD. */
export function getChanges(client: number, signal?: AbortSignal): Promise<OutRepositoryUncommittedChanges> {
  return callOperation("getRepositoriesChanges", { params: { client_id: client }, query: { fields: "total" }, signal });
}

/** Objects are edited and imported on other screens, and no event says so: the list is read again on every visit. */
export function changesQueryOptions(client: number) {
  return queryOptions({ queryKey: repositoryKeys.changes(client), queryFn: ({ signal }) => getChanges(client, signal), staleTime: 0 });
}

export function useChanges() {
  const { client } = useCurrentSession();
  return useQuery(changesQueryOptions(client));
}
