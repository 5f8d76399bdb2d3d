import type { OutForecast } from "@baton/contract";

/** The states a forecast passes through (docs/semantics.md, "Forecasts"). */
export const FORECAST_CALCULATING = 1550;
export const FORECAST_DONE = 1900;

/**
 * Forecasts produce no events on the stream, so a forecast that is still being calculated is read
 * again at this pace until it ends (calculations take milliseconds to seconds).
 */
export const CALCULATING_REFRESH_MS = 2_000;

export function isCalculating(forecast: Pick<OutForecast, "status">): boolean {
  return forecast.status === FORECAST_CALCULATING;
}
