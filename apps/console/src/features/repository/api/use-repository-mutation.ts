import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCurrentSession } from "../../../lib/session-context";
import { invalidateRepository } from "./keys";

/**
 * A mutation of the client's repository. Everything read about the repository is read again when
 * it settles, also after a refusal: a commit whose push failed, for one, has still moved the head.
 */
export function useRepositoryMutation<Variables, Result>(send: (client: number, csrfToken: string, variables: Variables) => Promise<Result>) {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => send(client, csrf_token, variables),
    onSettled: () => invalidateRepository(queryClient, client),
  });
}
