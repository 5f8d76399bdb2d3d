import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutClientList } from "@baton/contract";
import { requestJson } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";
import { systemPath } from "./system-path";

/** GET /api/{client}/system/clients: every client of the installation with what it holds. */
export function getClients(client: number, signal?: AbortSignal): Promise<OutClientList> {
  return requestJson(systemPath(client, "clients"), OutClientList, { signal });
}

export function clientsQueryOptions(client: number) {
  return queryOptions({ queryKey: systemKeys.clients(client), queryFn: ({ signal }) => getClients(client, signal) });
}

export function useClients() {
  const { client } = useCurrentSession();
  return useQuery(clientsQueryOptions(client));
}

/** One row of the clients list. */
export type ClientSummary = OutClientList["data"][number];
