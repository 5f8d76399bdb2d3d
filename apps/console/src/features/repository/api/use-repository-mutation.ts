import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCurrentSession } from "../../../lib/session-context";

/**
 * A mutation of the client's repository. Everything the console has read is read again when it
 * settles, also after a refusal (a commit whose push failed, for one, has still moved the head):
 * a merge, pull, restore or branch switch imports definitions, so the objects, searches and
 * workflow graphs other screens hold may be out of date, not only what they say of the repository.
 */
export function useRepositoryMutation<Variables, Result>(send: (client: number, csrfToken: string, variables: Variables) => Promise<Result>) {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => send(client, csrf_token, variables),
    onSettled: () => queryClient.invalidateQueries(),
  });
}
