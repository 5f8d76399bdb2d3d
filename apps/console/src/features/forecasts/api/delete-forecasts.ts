import { useMutation, useQueryClient } from "@tanstack/react-query";
import { OutIdList } from "@baton/contract";
import { requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { forecastKeys } from "./keys";

/** DELETE /api/{client}/forecasts {ids, force}: answers the ids that were kept because they are unfinished (only force deletes those). */
export function deleteForecasts(client: number, csrfToken: string, ids: readonly number[], force: boolean): Promise<OutIdList> {
  return requestJson(`/api/${segment(client)}/forecasts`, OutIdList, { method: "DELETE", body: { ids, force }, csrfToken });
}

export function useDeleteForecasts() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ ids, force }: { ids: readonly number[]; force: boolean }) => deleteForecasts(client, csrf_token, ids, force),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forecastKeys.lists(client) }),
  });
}
