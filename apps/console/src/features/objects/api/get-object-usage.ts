import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutObjectUsage } from "@baton/contract";
import { requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";

/** GET /api/{client}/objects/{name}/usage: the objects that refer to this one, and where. */
export function getObjectUsage(client: number, name: string, signal?: AbortSignal): Promise<OutObjectUsage> {
  return requestJson(`/api/${segment(client)}/objects/${segment(name)}/usage`, OutObjectUsage, { signal });
}

export function useObjectUsage(name: string, enabled: boolean) {
  const { client } = useCurrentSession();
  return useQuery({ ...queryOptions({ queryKey: objectKeys.usage(client, name), queryFn: ({ signal }) => getObjectUsage(client, name, signal) }), enabled });
}
