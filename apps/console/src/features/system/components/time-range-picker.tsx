import Stack from "@mui/material/Stack";
import ToggleButton from "@mui/material/ToggleButton";
import ToggleButtonGroup from "@mui/material/ToggleButtonGroup";
import { DateTimeField } from "../../../components/date-time-field";
import { LAST_CHOICES, timeFrameAt, type MetricsRange } from "../api/metrics-range";

const CUSTOM = "custom";

interface TimeRangePickerProps {
  range: MetricsRange;
  onChange: (range: MetricsRange) => void;
  /** Why the custom range cannot be read, shown at its fields. */
  problem: string | null;
}

/** Last 15 min / hour / 6 hours / 24 hours, or a custom start and end (empty end: until now), in local time. */
export function TimeRangePicker({ range, onChange, problem }: TimeRangePickerProps) {
  const choose = (value: string | null) => {
    if (value === null) return;
    // A custom range starts as the window shown, so switching does not jump.
    if (value === CUSTOM) onChange({ kind: "custom", from: timeFrameAt(range, Date.now()).from, to: "" });
    else {
      const last = LAST_CHOICES.find((choice) => choice.value === value)?.value;
      if (last) onChange({ kind: "last", last });
    }
  };
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap", alignItems: "flex-start", rowGap: 2 }} role="group" aria-label="Time range">
      <ToggleButtonGroup size="small" exclusive value={range.kind === "last" ? range.last : CUSTOM} onChange={(_e, value: string | null) => choose(value)} aria-label="Time range choice">
        {LAST_CHOICES.map((choice) => (
          <ToggleButton key={choice.value} value={choice.value}>
            {choice.label}
          </ToggleButton>
        ))}
        <ToggleButton value={CUSTOM}>Custom</ToggleButton>
      </ToggleButtonGroup>
      {range.kind === "custom" ? (
        <>
          <DateTimeField label="From" required value={range.from} error={problem !== null} helperText={problem ?? " "} onChange={(from) => onChange({ ...range, from })} />
          <DateTimeField label="To" value={range.to} helperText="Empty: until now" onChange={(to) => onChange({ ...range, to })} />
        </>
      ) : null}
    </Stack>
  );
}
