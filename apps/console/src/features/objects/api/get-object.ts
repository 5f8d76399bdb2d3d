import { queryOptions, useQuery } from "@tanstack/react-query";
import { OutObject } from "@baton/contract";
import { requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";

/** GET /api/{client}/objects/{name}: the export envelope; 404 when the object does not exist. */
export function getObject(client: number, name: string, signal?: AbortSignal): Promise<OutObject> {
  return requestJson(`/api/${segment(client)}/objects/${segment(name)}`, OutObject, { signal });
}

export function objectQueryOptions(client: number, name: string) {
  return queryOptions({
    queryKey: objectKeys.detail(client, name),
    queryFn: ({ signal }) => getObject(client, name, signal),
  });
}

export function useObject(name: string) {
  const { client } = useCurrentSession();
  return useQuery(objectQueryOptions(client, name));
}
