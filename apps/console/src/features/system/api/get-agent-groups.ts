import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutAgentGroupList } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";
import { AGENTS_REFRESH_MS } from "./live-refresh";
import { systemPath } from "./system-path";

/** GET /api/{client}/system/agentgroups: each HOSTG with the agents its filters match and whether each is connected. */
export function getAgentGroups(client: number, signal?: AbortSignal): Promise<OutAgentGroupList> {
  return requestJson(systemPath(client, "agentgroups"), OutAgentGroupList, { signal });
}

/** Read as often as the agents, since a group's members come and go with them. */
export function agentGroupsQueryOptions(client: number) {
  return queryOptions({ queryKey: systemKeys.agentGroups(client), queryFn: ({ signal }) => getAgentGroups(client, signal), refetchInterval: AGENTS_REFRESH_MS });
}

export function useAgentGroups() {
  const { client } = useCurrentSession();
  return useQuery(agentGroupsQueryOptions(client));
}
