import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutRepositoryBranches } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";
import { repositoryPath } from "./repository-path";

/** A repository of an automation team has tens of branches; one page this size lists them all in practice. */
export const BRANCHES_PAGE_SIZE = 500;

/** GET /api/{client}/repositories/branches: the local branches, the active one marked. */
export function getBranches(client: number, signal?: AbortSignal): Promise<OutRepositoryBranches> {
  return requestJson(repositoryPath(client, "branches"), OutRepositoryBranches, { query: { max_results: BRANCHES_PAGE_SIZE }, signal });
}

export function branchesQueryOptions(client: number) {
  return queryOptions({ queryKey: repositoryKeys.branches(client), queryFn: ({ signal }) => getBranches(client, signal) });
}

export function useBranches() {
  const { client } = useCurrentSession();
  return useQuery(branchesQueryOptions(client));
}
