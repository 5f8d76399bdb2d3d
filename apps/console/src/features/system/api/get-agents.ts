import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { OutAgentList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { agentFiltersToQuery, type AgentFilters } from "./agent-filters";
import { systemKeys } from "./keys";
import { AGENTS_REFRESH_MS } from "./live-refresh";

/** A client has tens of agents in practice; one page this size lists them all, else the page says how many more there are. */
export const AGENTS_PAGE_SIZE = 500;

/** GET /api/{client}/system/agents: the known agents (and the embedded LOCAL), connected or not. */
export function getAgents(client: number, filters: AgentFilters, signal?: AbortSignal): Promise<OutAgentList> {
  return callOperation("getSystemAgents", { params: { client_id: client }, query: { ...agentFiltersToQuery(filters), max_results: AGENTS_PAGE_SIZE }, signal });
}

export function agentsQueryOptions(client: number, filters: AgentFilters) {
  return queryOptions({
    queryKey: systemKeys.agentList(client, filters),
    queryFn: ({ signal }) => getAgents(client, filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: AGENTS_REFRESH_MS,
  });
}

export function useAgents(filters: AgentFilters) {
  const { client } = useCurrentSession();
  return useQuery(agentsQueryOptions(client, filters));
}
