import { AGENT_TEMPLATES } from "@baton/contract";

/** The platforms agents report (and the create templates make). */
export const AGENT_PLATFORMS = Object.values(AGENT_TEMPLATES);
export type AgentPlatform = (typeof AGENT_PLATFORMS)[number];

/** Connected now, not connected, or either. */
export type AgentActivity = "" | "yes" | "no";

/** The agents table's filters as the page URL holds them: `?name=WIN*&active=no&platform=WINDOWS`. */
export interface AgentFilters {
  /** A name pattern with `*` and `?`; "" for any. */
  name: string;
  active: AgentActivity;
  /** "" for every platform. */
  platform: AgentPlatform | "";
}

export const NO_AGENT_FILTERS: AgentFilters = { name: "", active: "", platform: "" };

function activity(value: string | null): AgentActivity {
  return value === "yes" || value === "no" ? value : "";
}

function platform(value: string | null): AgentPlatform | "" {
  return AGENT_PLATFORMS.find((p) => p === value?.toUpperCase()) ?? "";
}

export function agentFiltersFromSearch(params: URLSearchParams): AgentFilters {
  return { name: params.get("name") ?? "", active: activity(params.get("active")), platform: platform(params.get("platform")) };
}

/** Empty filters are left out, so the plain list has the plain URL. */
export function agentFiltersToSearch(filters: AgentFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.name !== "") params.set("name", filters.name);
  if (filters.active !== "") params.set("active", filters.active);
  if (filters.platform !== "") params.set("platform", filters.platform);
  return params;
}

/** The query of GET /{client}/system/agents; the API client leaves out empty values. */
export function agentFiltersToQuery(filters: AgentFilters): { name: string; active: string; platform: string } {
  return { name: filters.name, active: filters.active === "" ? "" : String(filters.active === "yes"), platform: filters.platform };
}
