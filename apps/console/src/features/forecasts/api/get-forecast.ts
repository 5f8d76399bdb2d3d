import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OutForecast } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { CALCULATING_REFRESH_MS, isCalculating } from "./forecast-status";
import { forecastKeys } from "./keys";

/** GET /api/{client}/forecasts/{id}?fields=entries; 404 (45281) for an unknown id. */
export function getForecast(client: number, id: number, signal?: AbortSignal): Promise<OutForecast> {
  return callOperation("getForecastsForecastId", { params: { client_id: client, forecast_id: id }, query: { fields: "entries" }, signal });
}

/** Read again while it is being calculated: its entries appear when the calculation ends. */
export function forecastQueryOptions(client: number, id: number) {
  return queryOptions({
    queryKey: forecastKeys.detail(client, id),
    queryFn: ({ signal }) => getForecast(client, id, signal),
    refetchInterval: (query) => (query.state.data && isCalculating(query.state.data) ? CALCULATING_REFRESH_MS : false),
  });
}

/** Nothing is asked for an id that cannot exist (the page says so itself). */
export function useForecast(id: number) {
  const { client } = useCurrentSession();
  return useQuery({ ...forecastQueryOptions(client, id), enabled: Number.isInteger(id) && id > 0 });
}
