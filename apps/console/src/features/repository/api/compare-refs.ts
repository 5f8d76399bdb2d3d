import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutRepositoryComparison } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { repositoryKeys } from "./keys";
import { repositoryPath } from "./repository-path";

/** GET /api/{client}/repositories/compare?from&to: the object files that differ between two branches or commits. */
export function compareRefs(client: number, from: string, to: string, signal?: AbortSignal): Promise<OutRepositoryComparison> {
  return requestJson(repositoryPath(client, "compare"), OutRepositoryComparison, { query: { from, to }, signal });
}

export function comparisonQueryOptions(client: number, from: string, to: string) {
  return queryOptions({ queryKey: repositoryKeys.comparison(client, from, to), queryFn: ({ signal }) => compareRefs(client, from, to, signal) });
}

/** Nothing is asked until both refs are chosen. */
export function useComparison(from: string, to: string) {
  const { client } = useCurrentSession();
  return useQuery({ ...comparisonQueryOptions(client, from, to), enabled: from !== "" && to !== "" });
}
