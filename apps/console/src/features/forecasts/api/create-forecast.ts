import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { InForecastBody, OutForecastId } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { forecastKeys } from "./keys";

/** POST /api/{client}/forecasts: answers the id at once; the forecast is calculated in the background. */
export function createForecast(client: number, csrfToken: string, body: InForecastBody): Promise<OutForecastId> {
  return callOperation("postForecasts", { params: { client_id: client }, body, csrfToken });
}

export function useCreateForecast() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InForecastBody) => createForecast(client, csrf_token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forecastKeys.lists(client) }),
  });
}
