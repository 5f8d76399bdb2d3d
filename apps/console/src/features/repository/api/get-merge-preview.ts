import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutRepositoryMergePreview } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";

/** GET /api/{client}/repositories/merge/preview?branch_name: what merging the branch into the active one would bring in, conflicts predicted. */
export function getMergePreview(client: number, branch: string, signal?: AbortSignal): Promise<OutRepositoryMergePreview> {
  return callOperation("getRepositoriesMergePreview", { params: { client_id: client }, query: { branch_name: branch }, signal });
}

export function mergePreviewQueryOptions(client: number, branch: string) {
  return queryOptions({ queryKey: repositoryKeys.mergePreview(client, branch), queryFn: ({ signal }) => getMergePreview(client, branch, signal) });
}

/** Nothing is asked until a branch is chosen. */
export function useMergePreview(branch: string) {
  const { client } = useCurrentSession();
  return useQuery({ ...mergePreviewQueryOptions(client, branch), enabled: branch !== "" });
}
