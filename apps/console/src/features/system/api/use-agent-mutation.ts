import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";

/**
 * A change to the client's agents. The agent list and the groups (whose members are agents) are
 * read again when it settles, also after a refusal: a conflict often means the list was out of date.
 */
export function useAgentMutation<Variables, Result = void>(send: (client: number, csrfToken: string, variables: Variables) => Promise<Result>) {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => send(client, csrf_token, variables),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: systemKeys.agents(client) }),
        queryClient.invalidateQueries({ queryKey: systemKeys.agentGroups(client) }),
      ]),
  });
}
