import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutSession } from "@baton/contract";
import { loadSchema, requestJson } from "../../../lib/api-client";
import { sessionKeys } from "./keys";

/** POST /bff/session/client: continue the session as the same user in another client. */
export function switchClient(client: number, csrfToken: string): Promise<OutSession> {
  return requestJson("/bff/session/client", loadSchema("OutSession"), { method: "POST", body: { client }, csrfToken });
}

/** Switches, forgets everything cached for the previous client, then runs `arrive`. */
export function useSwitchClient(arrive: () => void | Promise<void>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ client, csrfToken }: { client: number; csrfToken: string }) => switchClient(client, csrfToken),
    onSuccess: async (session) => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.current[0] });
      queryClient.setQueryData(sessionKeys.current, session);
      await arrive();
    },
  });
}
