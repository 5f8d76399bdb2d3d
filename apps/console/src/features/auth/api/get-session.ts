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

/**
 * The session as far as the app already knows it, without asking the BFF: the login page's. The
 * session cookie is HttpOnly, so only GET /bff/session could tell, and for a visitor without a
 * session it answers 401, which the browser logs as an error on every visit to the login page.
 * A session the app has read (a page behind the login, or a login) is in the cache.
 */
export function useKnownSession() {
  return useQuery({ ...sessionQueryOptions(), enabled: false });
}
