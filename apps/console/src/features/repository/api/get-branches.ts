import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutRepositoryBranches } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";

/** A repository of an automation team has tens of branches; one page this size lists them all in practice. */
export const BRANCHES_PAGE_SIZE = 500;

/** GET /api/{client}/repositories/branches: the local branches, the active one marked. */
export function getBranches(client: number, signal?: AbortSignal): Promise<OutRepositoryBranches> {
  return callOperation("getRepositoriesBranches", { params: { client_id: client }, query: { max_results: BRANCHES_PAGE_SIZE }, signal });
}

export function branchesQueryOptions(client: number) {
  return queryOptions({ queryKey: repositoryKeys.branches(client), queryFn: ({ signal }) => getBranches(client, signal) });
}

export function useBranches() {
  const { client } = useCurrentSession();
  return useQuery(branchesQueryOptions(client));
}
