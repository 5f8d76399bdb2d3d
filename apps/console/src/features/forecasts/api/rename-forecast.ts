import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OutForecast } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { forecastKeys } from "./keys";

/** POST /api/{client}/forecasts/{id} {title}: changes the title and answers the forecast (without entries). */
export function renameForecast(client: number, csrfToken: string, id: number, title: string): Promise<OutForecast> {
  return callOperation("postForecastsForecastId", { params: { client_id: client, forecast_id: id }, body: { title }, csrfToken });
}

export function useRenameForecast() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, title }: { id: number; title: string }) => renameForecast(client, csrf_token, id, title),
    // The answer carries no entries, so the detail is read again rather than replaced by it.
    onSuccess: (_forecast, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: forecastKeys.lists(client) }),
        queryClient.invalidateQueries({ queryKey: forecastKeys.detail(client, id) }),
      ]),
  });
}
