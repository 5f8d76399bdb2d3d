import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Typography from "@mui/material/Typography";
import { DateTimeField } from "../../../components/date-time-field";
import { toUtcParam } from "../../../lib/date-input";
import { FILTER_LABELS } from "./filter-labels";
import { FilterSelect } from "./filter-select";
import type { FilterControls } from "./use-execution-filters";

const OPTIONS: ReadonlyArray<{ value: string; label: string }> = [
  { value: "", label: "Any of them (default)" },
  { value: "activation", label: "Activation time" },
  { value: "start", label: "Start time" },
  { value: "end", label: "End time" },
  { value: "all", label: "Any of them (all)" },
];

const HOUR_MS = 3_600_000;
const RECENT: ReadonlyArray<{ label: string; ms: number }> = [
  { label: "Last hour", ms: HOUR_MS },
  { label: "Last 24 hours", ms: 24 * HOUR_MS },
  { label: "Last 7 days", ms: 7 * 24 * HOUR_MS },
];

/**
 * time_frame_option with its bounds. The inputs show local time; the URL and the request carry
 * UTC in the API's form. "Last hour" and the like set a fixed start, so a shared link shows the same rows.
 */
export function TimeFrameFields({ controls }: { controls: FilterControls }) {
  const { filters, set, setMany } = controls;
  const bound = (name: "time_frame_from" | "time_frame_to") => (
    <DateTimeField label={FILTER_LABELS[name]} value={filters[name]} onChange={(utc) => set(name, utc)} />
  );
  return (
    <Box role="group" aria-labelledby="time-frame-heading" sx={{ display: "flex", flexDirection: "column", gap: 1.5 }}>
      <Typography id="time-frame-heading" variant="subtitle2">
        Time frame
      </Typography>
      <FilterSelect name="time_frame_option" options={OPTIONS} controls={controls} />
      {bound("time_frame_from")}
      {bound("time_frame_to")}
      <Box sx={{ display: "flex", gap: 0.5, flexWrap: "wrap" }}>
        {RECENT.map(({ label, ms }) => (
          <Button key={label} size="small" variant="outlined" onClick={() => setMany({ time_frame_from: toUtcParam(new Date(Date.now() - ms)), time_frame_to: "" })}>
            {label}
          </Button>
        ))}
      </Box>
    </Box>
  );
}
