import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutRepositoryComparison } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";

/** GET /api/{client}/repositories/compare?from&to: the object files that differ between two branches or commits. */
export function compareRefs(client: number, from: string, to: string, signal?: AbortSignal): Promise<OutRepositoryComparison> {
  return callOperation("getRepositoriesCompare", { params: { client_id: client }, query: { from, to }, signal });
}

export function comparisonQueryOptions(client: number, from: string, to: string) {
  return queryOptions({ queryKey: repositoryKeys.comparison(client, from, to), queryFn: ({ signal }) => compareRefs(client, from, to, signal) });
}

/** Nothing is asked until both refs are chosen. */
export function useComparison(from: string, to: string) {
  const { client } = useCurrentSession();
  return useQuery({ ...comparisonQueryOptions(client, from, to), enabled: from !== "" && to !== "" });
}
