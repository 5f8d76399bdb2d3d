import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutObject } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { objectKeys } from "./keys";

/**
 * GET /api/{client}/objects/{name}?fields=modification_details: the export envelope with who
 * changed it when (beside `data`, so the envelope imports unchanged); 404 when it does not exist.
 */
export function getObject(client: number, name: string, signal?: AbortSignal): Promise<OutObject> {
  return callOperation("getObjectsObjectName", { params: { client_id: client, object_name: name }, query: { fields: "modification_details" }, signal });
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
