import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InSessionBody, OutSession } from "@baton/contract";
import { loadSchema, requestJson } from "../../../lib/api-client";
import { sessionKeys } from "./keys";

/** POST /bff/session: the BFF checks the credentials and keeps them; we get the session and its CSRF token. */
export function login(body: InSessionBody): Promise<OutSession> {
  return requestJson("/bff/session", loadSchema("OutSession"), { method: "POST", body });
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      // Data of a previous session (maybe another client) must not show up.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.current[0] });
      queryClient.setQueryData(sessionKeys.current, session);
    },
  });
}
