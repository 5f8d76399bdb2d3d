import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { agentFiltersFromSearch, agentFiltersToSearch, type AgentFilters } from "../api/agent-filters";

/** The agents table's filters live in the URL; edits replace the history entry, so typing does not fill it. */
export function useAgentFilters(): { filters: AgentFilters; set: (changes: Partial<AgentFilters>) => void } {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => agentFiltersFromSearch(params), [params]);
  const set = useCallback(
    (changes: Partial<AgentFilters>) => setParams((current) => agentFiltersToSearch({ ...agentFiltersFromSearch(current), ...changes }), { replace: true }),
    [setParams],
  );
  return { filters, set };
}
