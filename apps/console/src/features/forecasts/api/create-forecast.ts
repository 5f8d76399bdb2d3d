import { useMutation, useQueryClient } from "@tanstack/react-query";
import { OutForecastId, type InForecastBody } from "@baton/contract";
import { requestJson, segment } from "../../../lib/api-client";
import { useCurrentSession } from "../../../lib/session-context";
import { forecastKeys } from "./keys";

/** POST /api/{client}/forecasts: answers the id at once; the forecast is calculated in the background. */
export function createForecast(client: number, csrfToken: string, body: InForecastBody): Promise<OutForecastId> {
  return requestJson(`/api/${segment(client)}/forecasts`, OutForecastId, { method: "POST", body, csrfToken });
}

export function useCreateForecast() {
  const { client, csrf_token } = useCurrentSession();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: InForecastBody) => createForecast(client, csrf_token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: forecastKeys.lists(client) }),
  });
}
