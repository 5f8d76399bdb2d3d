import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import type { OutForecast } from "@baton/contract";

/** What to do about a failure, by the engine's code (docs/semantics.md, "Forecasts"). */
function advice(code: number | undefined): string {
  if (code === 45273) return "Check that the object exists, is active, does not contain itself and can be read (or that the execution has not ended), then create the forecast again.";
  if (code === 45280) return "The engine stopped during the calculation. Create the forecast again.";
  return "Create the forecast again; if it fails again, look at the server log.";
}

/** A forecast that ended without a result: the engine's message and what to do. */
export function ForecastFailure({ forecast }: { forecast: OutForecast }) {
  return (
    <Alert severity="error" variant="outlined" sx={{ mb: 2 }}>
      <AlertTitle>The forecast could not be calculated</AlertTitle>
      {forecast.last_error_message ?? forecast.status_text}
      {forecast.last_error_code ? ` (${forecast.last_error_code})` : ""}
      <br />
      {advice(forecast.last_error_code)}
    </Alert>
  );
}
