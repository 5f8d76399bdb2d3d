import { useMutation, useQueryClient } from "@tanstack/react-query";
import { isApiError, requestNoContent } from "../../../lib/api-client";
import { sessionKeys } from "./keys";

/** Navigation state set by logout: the cached session is about to be cleared, the login page shows the form. */
export const LOGGED_OUT = { loggedOut: true } as const;

/** DELETE /bff/session; a session that is already gone (401) counts as logged out. */
export async function logout(csrfToken: string): Promise<void> {
  try {
    await requestNoContent("/bff/session", { method: "DELETE", csrfToken });
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
  }
}

/**
 * Logs out, then runs `leave` (go to the login page) and only afterwards forgets the session and
 * all cached data: clearing first would make the login guard of the current page redirect with
 * `?next=` to the page the user just left.
 */
export function useLogout(leave: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: async () => {
      await leave();
      queryClient.setQueryData(sessionKeys.current, null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.current[0] });
    },
  });
}
