import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutSystemFeature } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";

/** GET /api/{client}/system/features: what this installation has turned on. */
export function getFeatures(client: number, signal?: AbortSignal): Promise<OutSystemFeature[]> {
  return callOperation("getSystemFeatures", { params: { client_id: client }, signal });
}

/** Features change only with the server's configuration, i.e. at a restart: read once per visit. */
export function featuresQueryOptions(client: number) {
  return queryOptions({ queryKey: systemKeys.features(client), queryFn: ({ signal }) => getFeatures(client, signal), staleTime: Infinity });
}

export function useFeatures() {
  const { client } = useCurrentSession();
  return useQuery(featuresQueryOptions(client));
}
