import type { MetricType } from "@baton/contract";
import type { AgentFilters } from "./agent-filters";
import type { MetricsRange } from "./metrics-range";

export const systemKeys = {
  all: (client: number) => ["system", client] as const,
  agents: (client: number) => [...systemKeys.all(client), "agents"] as const,
  agentList: (client: number, filters: AgentFilters) => [...systemKeys.agents(client), filters] as const,
  agentGroups: (client: number) => [...systemKeys.all(client), "agent-groups"] as const,
  health: (client: number) => [...systemKeys.all(client), "health"] as const,
  metric: (client: number, type: MetricType, range: MetricsRange) => [...systemKeys.all(client), "metrics", type, range] as const,
  clients: (client: number) => [...systemKeys.all(client), "clients"] as const,
  features: (client: number) => [...systemKeys.all(client), "features"] as const,
  certificates: (client: number) => [...systemKeys.all(client), "certificates"] as const,
  raSolutions: (client: number) => [...systemKeys.all(client), "ra-solutions"] as const,
};
