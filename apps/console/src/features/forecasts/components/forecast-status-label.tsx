import Box from "@mui/material/Box";
import CircularProgress from "@mui/material/CircularProgress";
import CheckCircle from "@mui/icons-material/CheckCircle";
import ErrorIcon from "@mui/icons-material/Error";
import HelpOutline from "@mui/icons-material/HelpOutline";
import type { OutForecast } from "@baton/contract";
import { FORECAST_CALCULATING, FORECAST_DONE } from "../api/forecast-status";

/** Words for the forecast states; anything else (1800 failed, 1815 lost) ended without a result. */
export function forecastStateLabel(status: number): string {
  if (status === FORECAST_CALCULATING) return "Calculating";
  if (status === FORECAST_DONE) return "Done";
  return status >= 1800 && status < 1900 ? "Failed" : "Unknown state";
}

function StateIcon({ status }: { status: number }) {
  if (status === FORECAST_CALCULATING) return <CircularProgress size={16} aria-hidden />;
  if (status === FORECAST_DONE) return <CheckCircle color="success" fontSize="small" aria-hidden />;
  if (status >= 1800 && status < 1900) return <ErrorIcon color="error" fontSize="small" aria-hidden />;
  return <HelpOutline color="disabled" fontSize="small" aria-hidden />;
}

/** The state as icon and words (never colour alone); the server's status text is in the title. */
export function ForecastStatusLabel({ forecast }: { forecast: Pick<OutForecast, "status" | "status_text"> }) {
  return (
    <Box
      component="span"
      title={`${forecast.status} ${forecast.status_text}`}
      sx={{ display: "inline-flex", alignItems: "center", gap: 0.75 }}
      {...(forecast.status === FORECAST_CALCULATING ? { role: "status" } : {})}
    >
      <StateIcon status={forecast.status} />
      {forecastStateLabel(forecast.status)}
    </Box>
  );
}
