import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutClientList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";

/** GET /api/{client}/system/clients: every client of the installation with what it holds. */
export function getClients(client: number, signal?: AbortSignal): Promise<OutClientList> {
  return callOperation("getSystemClients", { params: { client_id: client }, signal });
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
