import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { forecastFiltersFromSearch, forecastFiltersToSearch, type ForecastFilters } from "../api/forecast-filters";

/** The list's filters live in the URL; edits replace the history entry, so typing does not fill it. */
export function useForecastFilters(): { filters: ForecastFilters; set: (changes: Partial<ForecastFilters>) => void } {
  const [params, setParams] = useSearchParams();
  const filters = useMemo(() => forecastFiltersFromSearch(params), [params]);
  const set = useCallback(
    (changes: Partial<ForecastFilters>) => setParams((current) => forecastFiltersToSearch({ ...forecastFiltersFromSearch(current), ...changes }), { replace: true }),
    [setParams],
  );
  return { filters, set };
}
