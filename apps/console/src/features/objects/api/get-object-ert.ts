import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutObjectErt } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";

/** GET /api/{client}/objects/{name}/ert (Baton extension): the estimated runtime its next execution starts with. */
export function getObjectErt(client: number, name: string, signal?: AbortSignal): Promise<OutObjectErt> {
  return callOperation("getObjectsObjectNameErt", { params: { client_id: client, object_name: name }, signal });
}

export function objectErtQueryOptions(client: number, name: string) {
  return queryOptions({
    queryKey: objectKeys.ert(client, name),
    queryFn: ({ signal }) => getObjectErt(client, name, signal),
  });
}

export function useObjectErt(name: string) {
  const { client } = useCurrentSession();
  return useQuery(objectErtQueryOptions(client, name));
}
