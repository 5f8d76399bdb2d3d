import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutRASolutionsList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { systemKeys } from "./keys";
import { SYSTEM_CLIENT } from "./system-client";

/** GET /api/0/system/ra-solutions: each uploaded solution, its versions and what is installed. */
export function getRaSolutions(signal?: AbortSignal): Promise<OutRASolutionsList> {
  return callOperation("getSystemRaSolutions", { params: { client_id: SYSTEM_CLIENT }, signal });
}

export function raSolutionsQueryOptions() {
  return queryOptions({ queryKey: systemKeys.raSolutions(SYSTEM_CLIENT), queryFn: ({ signal }) => getRaSolutions(signal) });
}

/** Call it only in a session of client 0: the server refuses other clients. */
export function useRaSolutions() {
  return useQuery(raSolutionsQueryOptions());
}
