import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { OutForecastAgentList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import type { AgentGapsRange } from "./agent-gaps-url";
import { forecastKeys } from "./keys";

/** Agents are listed on one page; a client has tens of agents, not thousands. */
export const AGENTS_PAGE_SIZE = 500;

/**
 * GET /api/{client}/forecasts/agents: the gaps of each connected agent in the range. The server
 * forecasts the client anew for each request, so the answer is kept for a minute.
 */
export function getAgentGaps(client: number, range: AgentGapsRange, signal?: AbortSignal): Promise<OutForecastAgentList> {
  return callOperation("getForecastsAgents", {
    params: { client_id: client },
    query: { from: range.from, to: range.to, min_duration: range.min, max_results: AGENTS_PAGE_SIZE },
    signal,
  });
}

export function agentGapsQueryOptions(client: number, range: AgentGapsRange) {
  return queryOptions({
    queryKey: forecastKeys.agentGaps(client, range),
    queryFn: ({ signal }) => getAgentGaps(client, range, signal),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}

export function useAgentGaps(range: AgentGapsRange) {
  const { client } = useCurrentSession();
  return useQuery(agentGapsQueryOptions(client, range));
}
