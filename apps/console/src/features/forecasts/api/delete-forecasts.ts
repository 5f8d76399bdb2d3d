import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutIdList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { forecastKeys } from "./keys";

/** DELETE /api/{client}/forecasts {ids, force}: answers the ids that were kept because they are unfinished (only force deletes those). */
export function deleteForecasts(client: number, csrfToken: string, ids: readonly number[], force: boolean): Promise<OutIdList> {
  return callOperation("deleteForecasts", { params: { client_id: client }, body: { ids: [...ids], force }, csrfToken });
}

export function useDeleteForecasts() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, force }: { ids: readonly number[]; force: boolean }) => deleteForecasts(client, csrf_token, ids, force),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forecastKeys.lists(client) }),
  });
}
