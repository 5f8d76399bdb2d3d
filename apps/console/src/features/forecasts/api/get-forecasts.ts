import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { OutForecastList } from "@baton/contract";
import { callOperation } from "../../../lib/rest-operations";
import { useCurrentSession } from "../../../lib/session-context";
import { CALCULATING_REFRESH_MS, isCalculating } from "./forecast-status";
import { forecastFiltersToQuery, type ForecastFilters } from "./forecast-filters";
import { forecastKeys } from "./keys";

/** Forecasts are few (each is asked for by someone); one page of this size shows them all in practice. */
export const FORECASTS_PAGE_SIZE = 200;

/** GET /api/{client}/forecasts, latest start first. */
export function getForecasts(client: number, filters: ForecastFilters, signal?: AbortSignal): Promise<OutForecastList> {
  return callOperation("getForecasts", {
    params: { client_id: client },
    query: { ...forecastFiltersToQuery(filters), max_results: FORECASTS_PAGE_SIZE },
    signal,
  });
}

/** Read again while one of the listed forecasts is still being calculated (no events announce its end). */
export function forecastsQueryOptions(client: number, filters: ForecastFilters) {
  return queryOptions({
    queryKey: forecastKeys.list(client, filters),
    queryFn: ({ signal }) => getForecasts(client, filters, signal),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.data.some(isCalculating) ? CALCULATING_REFRESH_MS : false),
  });
}

export function useForecasts(filters: ForecastFilters) {
  const { client } = useCurrentSession();
  return useQuery(forecastsQueryOptions(client, filters));
}
