import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutAgentGroupList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";
import { AGENTS_REFRESH_MS } from "./live-refresh";

/** GET /api/{client}/system/agentgroups: each HOSTG with the agents its filters match and whether each is connected. */
export function getAgentGroups(client: number, signal?: AbortSignal): Promise<OutAgentGroupList> {
  return callOperation("getSystemAgentgroups", { params: { client_id: client }, signal });
}

/** Read as often as the agents, since a group's members come and go with them. */
export function agentGroupsQueryOptions(client: number) {
  return queryOptions({ queryKey: systemKeys.agentGroups(client), queryFn: ({ signal }) => getAgentGroups(client, signal), refetchInterval: AGENTS_REFRESH_MS });
}

export function useAgentGroups() {
  const { client } = useCurrentSession();
  return useQuery(agentGroupsQueryOptions(client));
}
