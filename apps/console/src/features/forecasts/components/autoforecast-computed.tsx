import type { OutForecast } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { elapsedSeconds, formatDuration } from "../../../lib/format";
import { useNow } from "../../../lib/use-now";
import { FORECAST_DONE } from "../api/forecast-status";

/**
 * When the autoforecast was computed, and that the engine recomputes it by itself, so a stale one
 * shows. Each recomputation observes from the moment it begins: its start_time is when it was
 * computed. A failed one keeps the start_time of the one before, so only a finished one names it.
 */
export function AutoforecastComputed({ forecast }: { forecast: Pick<OutForecast, "status" | "start_time"> }) {
  const now = useNow(10_000);
  if (forecast.status !== FORECAST_DONE) return <>Recomputed automatically</>;
  return (
    <>
      Computed <DateTime value={forecast.start_time} short />, {formatDuration(elapsedSeconds(forecast.start_time, now))} ago; recomputed automatically
    </>
  );
}
