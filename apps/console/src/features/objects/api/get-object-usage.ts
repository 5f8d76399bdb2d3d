import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutObjectUsage } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";

/** GET /api/{client}/objects/{name}/usage: the objects that refer to this one, and where. */
export function getObjectUsage(client: number, name: string, signal?: AbortSignal): Promise<OutObjectUsage> {
  return callOperation("getObjectsObjectNameUsage", { params: { client_id: client, object_name: name }, signal });
}

export function useObjectUsage(name: string, enabled: boolean) {
  const { client } = useCurrentSession();
  return useQuery({ ...queryOptions({ queryKey: objectKeys.usage(client, name), queryFn: ({ signal }) => getObjectUsage(client, name, signal) }), enabled });
}
