import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import { OutExecutionList } from "@baton/contract";
import { requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { executionKeys, type ExecutionListFilters } from "./keys";

/** GET /api/{client}/executions, newest first. */
export function getExecutions(client: number, filters: ExecutionListFilters, signal?: AbortSignal): Promise<OutExecutionList> {
  return requestJson(`/api/${segment(client)}/executions`, OutExecutionList, {
    query: { max_results: filters.maxResults, name: filters.name, status: filters.status },
    signal,
  });
}

/** The list is kept current by the event stream, so it is not polled. */
export function executionsQueryOptions(client: number, filters: ExecutionListFilters) {
  return queryOptions({
    queryKey: executionKeys.list(client, filters),
    queryFn: ({ signal }) => getExecutions(client, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useExecutions(filters: ExecutionListFilters) {
  const { client } = useCurrentSession();
  return useQuery(executionsQueryOptions(client, filters));
}
