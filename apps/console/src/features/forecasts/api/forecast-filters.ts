import { FORECAST_TYPES, type ForecastType } from "@baton/contract";

/** The list's filters as the page URL holds them: `?title=NIGHTLY*&type=FCST`. */
export interface ForecastFilters {
  /** A title pattern with `*` and `?`; "" for any. */
  title: string;
  /** "" for both kinds. */
  type: ForecastType | "";
}

export const NO_FORECAST_FILTERS: ForecastFilters = { title: "", type: "" };

function forecastType(value: string | null): ForecastType | "" {
  return FORECAST_TYPES.find((type) => type === value?.toUpperCase()) ?? "";
}

export function forecastFiltersFromSearch(params: URLSearchParams): ForecastFilters {
  return { title: params.get("title") ?? "", type: forecastType(params.get("type")) };
}

/** Empty filters are left out, so the plain list has the plain URL. */
export function forecastFiltersToSearch(filters: ForecastFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.title !== "") params.set("title", filters.title);
  if (filters.type !== "") params.set("type", filters.type);
  return params;
}

/** The query of GET /{client}/forecasts; the API client leaves out empty values. */
export function forecastFiltersToQuery(filters: ForecastFilters): { fc_title: string; fc_type: string } {
  return { fc_title: filters.title, fc_type: filters.type };
}
