import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import FormGroup from "@mui/material/FormGroup";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import { WEEKDAYS, type DaysRule, type DurationUnit, type EndRule, type RecurringForm, type RepeatBy } from "./execute-request";

/** The refusal the server gave for a field (by its path, `recurring.execute_at`), if any. */
export type FieldError = (path: string) => string | undefined;

interface RecurringFieldsProps {
  value: RecurringForm;
  onChange: (value: RecurringForm) => void;
  timezone: string;
  onTimezoneChange: (timezone: string) => void;
  errorOf: FieldError;
}

/** A radio group whose values are known: a change to anything else is ignored. */
function Choice<T extends string>({ label, value, options, onChange }: { label: string; value: T; options: readonly (readonly [T, string])[]; onChange: (value: T) => void }) {
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
      <Typography component="legend" variant="subtitle2">
        {label}
      </Typography>
      <RadioGroup
        row
        value={value}
        onChange={(e) => {
          const picked = options.find(([option]) => option === e.target.value);
          if (picked !== undefined) onChange(picked[0]);
        }}
      >
        {options.map(([option, text]) => (
          <FormControlLabel key={option} value={option} control={<Radio size="small" />} label={text} />
        ))}
      </RadioGroup>
    </Box>
  );
}

const REPEAT: readonly (readonly [RepeatBy, string])[] = [
  ["at", "At a time of day"],
  ["interval", "Every interval"],
  ["after", "A gap after each run"],
];
const END: readonly (readonly [EndRule, string])[] = [
  ["never", "Never"],
  ["date", "On a date"],
  ["count", "After a number of runs"],
];
const DAYS: readonly (readonly [DaysRule, string])[] = [
  ["every", "Every day"],
  ["weekly", "On weekdays"],
  ["calendar", "By calendars"],
];
const UNITS: readonly (readonly [DurationUnit, string])[] = [
  ["M", "minutes"],
  ["H", "hours"],
  ["D", "days"],
];

/**
 * The spec's recurring rules (InExecutionRecurringBody) as a form: when it runs (a time of day, an
 * interval, a gap after each run), on which days (weekdays or calendars), within which window,
 * from and until when. Choices that exclude each other are radio groups, so the form cannot ask
 * for a combination the API refuses.
 */
export function RecurringFields({ value, onChange, timezone, onTimezoneChange, errorOf }: RecurringFieldsProps) {
  const set = (change: Partial<RecurringForm>) => onChange({ ...value, ...change });
  const field = (path: string, hint?: string) => ({ error: errorOf(path) !== undefined, helperText: errorOf(path) ?? hint, size: "small" as const, slotProps: { inputLabel: { shrink: true } } });
  return (
    <Box sx={{ display: "grid", gap: 1.5 }}>
      <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1.5 }}>
        <TextField label="Description" value={value.description} onChange={(e) => set({ description: e.target.value })} {...field("recurring.period_description", "Of the period container")} />
        <TextField label="Time zone" value={timezone} onChange={(e) => onTimezoneChange(e.target.value)} placeholder="UTC" {...field("timezone", "A TZ object or IANA name; empty: UTC")} />
      </Box>
      <Choice label="Repeat" value={value.repeatBy} options={REPEAT} onChange={(repeatBy) => set({ repeatBy })} />
      {value.repeatBy === "at" ? (
        <TextField label="Time of day" value={value.at} onChange={(e) => set({ at: e.target.value })} placeholder="HH:MM" {...field("recurring.execute_at", "24-hour, e.g. 06:30")} />
      ) : (
        <Box sx={{ display: "flex", gap: 1.5 }}>
          <TextField
            label={value.repeatBy === "interval" ? "Every" : "Gap after each run"}
            type="number"
            value={value.every}
            onChange={(e) => set({ every: e.target.value })}
            {...field(value.repeatBy === "interval" ? "recurring.execute_interval" : "recurring.execute_after")}
            sx={{ flex: 1 }}
          />
          <TextField select label="Unit" value={value.unit} onChange={(e) => set({ unit: UNITS.find(([u]) => u === e.target.value)?.[0] ?? value.unit })} size="small" sx={{ width: 140 }}>
            {UNITS.map(([unit, text]) => (
              <MenuItem key={unit} value={unit}>
                {text}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      )}
      <Choice label="Days" value={value.days} options={DAYS} onChange={(days) => set({ days })} />
      {value.days === "weekly" ? (
        <FormGroup row aria-label="Weekdays">
          {WEEKDAYS.map((day) => (
            <FormControlLabel
              key={day}
              label={day}
              control={<Checkbox size="small" checked={value.weekdays.includes(day)} onChange={(e) => set({ weekdays: e.target.checked ? WEEKDAYS.filter((d) => d === day || value.weekdays.includes(d)) : value.weekdays.filter((d) => d !== day) })} />}
            />
          ))}
          {errorOf("recurring.execute_weekly") ? (
            <Typography variant="caption" color="error">
              {errorOf("recurring.execute_weekly")}
            </Typography>
          ) : null}
        </FormGroup>
      ) : null}
      {value.days === "calendar" ? <CalendarFields value={value} onChange={set} errorOf={errorOf} /> : null}
      <Box sx={{ display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1.5 }}>
        <TextField label="Window from" value={value.betweenStart} onChange={(e) => set({ betweenStart: e.target.value })} placeholder="HH:MM" {...field("recurring.between_start", "Optional")} />
        <TextField label="Window until" value={value.betweenEnd} onChange={(e) => set({ betweenEnd: e.target.value })} placeholder="HH:MM" {...field("recurring.between_end", "Optional")} />
      </Box>
      <Box>
        <FormControlLabel control={<Checkbox size="small" checked={value.adjustStartTime} onChange={(e) => set({ adjustStartTime: e.target.checked })} />} label="Move the start time into the window" />
        <FormControlLabel control={<Checkbox size="small" checked={value.allowOneOverlap} onChange={(e) => set({ allowOneOverlap: e.target.checked })} />} label="May start while the previous run is active" />
      </Box>
      <TextField label="Start date" value={value.startDate} onChange={(e) => set({ startDate: e.target.value })} placeholder="YYYY-MM-DD" {...field("recurring.start_date", "Optional; empty: today")} />
      <Choice label="Ends" value={value.end} options={END} onChange={(end) => set({ end })} />
      {value.end === "date" ? <TextField label="End date" value={value.endDate} onChange={(e) => set({ endDate: e.target.value })} placeholder="YYYY-MM-DD" {...field("recurring.end_date")} /> : null}
      {value.end === "count" ? <TextField label="Runs" type="number" value={value.endAfter} onChange={(e) => set({ endAfter: e.target.value })} {...field("recurring.end_after_executions")} /> : null}
    </Box>
  );
}

/** Calendar/event pairs and how many must match. */
function CalendarFields({ value, onChange, errorOf }: { value: RecurringForm; onChange: (change: Partial<RecurringForm>) => void; errorOf: FieldError }) {
  const setRow = (index: number, change: Partial<{ calendar: string; event: string }>) => onChange({ calendars: value.calendars.map((row, i) => (i === index ? { ...row, ...change } : row)) });
  const listError = errorOf("recurring.execute_calendar_list");
  return (
    <Box sx={{ display: "grid", gap: 1 }}>
      <TextField select label="Calendars that must match" size="small" value={value.calendarMatch} onChange={(e) => onChange({ calendarMatch: e.target.value === "none" ? "none" : e.target.value === "all" ? "all" : "one" })}>
        <MenuItem value="one">At least one</MenuItem>
        <MenuItem value="all">All</MenuItem>
        <MenuItem value="none">None</MenuItem>
      </TextField>
      {value.calendars.map((row, index) => (
        <Box key={index} sx={{ display: "flex", gap: 1, alignItems: "center" }}>
          <TextField label={`Calendar ${index + 1}`} size="small" value={row.calendar} onChange={(e) => setRow(index, { calendar: e.target.value })} sx={{ flex: 1 }} />
          <TextField label="Event" size="small" value={row.event} onChange={(e) => setRow(index, { event: e.target.value })} sx={{ flex: 1 }} />
          <IconButton aria-label={`Remove calendar ${index + 1}`} onClick={() => onChange({ calendars: value.calendars.filter((_, i) => i !== index) })}>
            <DeleteOutline />
          </IconButton>
        </Box>
      ))}
      {listError ? (
        <Typography variant="caption" color="error">
          {listError}
        </Typography>
      ) : null}
      <Box>
        <Button size="small" onClick={() => onChange({ calendars: [...value.calendars, { calendar: "", event: "" }] })}>
          Add calendar
        </Button>
      </Box>
    </Box>
  );
}
