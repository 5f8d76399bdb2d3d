import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutRepositoryMergeObject } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";

/** GET /api/{client}/repositories/merge/object: one object file at the merge base, on the active branch and on the branch to merge. */
export function getMergeObject(client: number, branch: string, path: string, signal?: AbortSignal): Promise<OutRepositoryMergeObject> {
  return callOperation("getRepositoriesMergeObject", { params: { client_id: client }, query: { branch_name: branch, object_path: path }, signal });
}

export function mergeObjectQueryOptions(client: number, branch: string, path: string) {
  return queryOptions({ queryKey: repositoryKeys.mergeObject(client, branch, path), queryFn: ({ signal }) => getMergeObject(client, branch, path, signal) });
}

export function useMergeObject(branch: string, path: string) {
  const { client } = useCurrentSession();
  return useQuery(mergeObjectQueryOptions(client, branch, path));
}
