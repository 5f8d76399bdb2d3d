import type { AgentGapsRange } from "./agent-gaps-url";
import type { ForecastFilters } from "./forecast-filters";

export const forecastKeys = {
  all: (client: number) => ["forecasts", client] as const,
  lists: (client: number) => [...forecastKeys.all(client), "list"] as const,
  list: (client: number, filters: ForecastFilters) => [...forecastKeys.lists(client), filters] as const,
  /** One forecast with its entries (fields=entries). */
  detail: (client: number, id: number) => [...forecastKeys.all(client), "detail", id] as const,
  agentGaps: (client: number, range: AgentGapsRange) => [...forecastKeys.all(client), "agent-gaps", range] as const,
};
