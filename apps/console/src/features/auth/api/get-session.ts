import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutSession } from "@baton/contract";
import { isApiError, loadSchema, requestJson } from "../../../lib/api-client";
import { sessionKeys } from "./keys";

/** GET /bff/session: the session, or null when nobody is logged in (401). */
export async function getSession(signal?: AbortSignal): Promise<OutSession | null> {
  try {
    return await requestJson("/bff/session", loadSchema("OutSession"), { signal });
  } catch (error) {
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export function sessionQueryOptions() {
  return queryOptions({
    queryKey: sessionKeys.current,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: Infinity,
    retry: 1,
  });
}

export function useSession() {
  return useQuery(sessionQueryOptions());
}
