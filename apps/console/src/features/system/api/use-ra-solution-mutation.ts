import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useCurrentSession } from "../../../lib/session-context";
import { systemKeys } from "./keys";
import { SYSTEM_CLIENT } from "./system-client";

/** A change to the RA solutions; the list is read again when it settles, a refusal included. */
export function useRaSolutionMutation<Variables, Result>(send: (csrfToken: string, variables: Variables) => Promise<Result>) {
  const { csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: Variables) => send(csrf_token, variables),
    onSettled: () => queryClient.invalidateQueries({ queryKey: systemKeys.raSolutions(SYSTEM_CLIENT) }),
  });
}
