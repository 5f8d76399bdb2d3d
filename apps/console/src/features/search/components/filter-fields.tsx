import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { OBJECT_TYPES, SEARCH_TIME_FRAME_OPTIONS } from "@baton/contract";
import { DateTimeField } from "../../../components/date-time-field";
import { ListField } from "../../../components/list-field";
import { SUBFOLDERS, type FilterRow } from "../api/search-url";
import type { RowProblem } from "../api/search-errors";
import { KIND_TEXT, typeText } from "./filter-kinds";

export interface RowFieldsProps {
  row: FilterRow;
  onChange: (changes: Partial<FilterRow>) => void;
  problems: readonly RowProblem[];
}

/** The server's words for one member of the filter; "Refused:" says it without colour. */
function refusal(problems: readonly RowProblem[], field: string | null): string | undefined {
  const messages = problems.filter((p) => field !== null && p.field === field).map((p) => p.message);
  return messages.length > 0 ? `Refused: ${messages.join("; ")}` : undefined;
}

/** The members a kind shows a field for; the row lists the server's other problems under it. */
export function shownFields(row: FilterRow): string[] {
  const fields = [KIND_TEXT[row.kind].textField];
  if (row.kind === "time_frame") fields.push("time_frame_option");
  if (row.kind === "location") fields.push("include_subfolders");
  if (row.kind === "time_frame" || row.kind === "calendar_event") fields.push("time_frame_from", "time_frame_to");
  return fields.filter((field) => field !== null);
}

const TYPE_KEYS = Object.keys(OBJECT_TYPES).map((key) => key.toUpperCase());

/** Values as chips (object types with their words); any value can be typed and Enter adds it. */
function ValuesField({ row, onChange, problems, options }: RowFieldsProps & { options: readonly string[] }) {
  const { label, hint, textField } = KIND_TEXT[row.kind];
  const error = refusal(problems, textField);
  return (
    <ListField
      label={label}
      value={row.text}
      onChange={(text) => onChange({ text })}
      options={options}
      optionLabel={(option) => (options.includes(option) ? typeText(option) : option)}
      upperCase
      helperText={error ?? hint}
      error={error !== undefined}
      sx={{ flex: "1 1 280px" }}
    />
  );
}

function BoundField({ row, onChange, problems, bound }: RowFieldsProps & { bound: "from" | "to" }) {
  const error = refusal(problems, bound === "from" ? "time_frame_from" : "time_frame_to");
  return (
    <DateTimeField label={bound === "from" ? "From" : "To"} value={row[bound]} onChange={(utc) => onChange({ [bound]: utc })} helperText={error ?? "Local time; empty: open"} error={error !== undefined} />
  );
}

function TextPart({ row, onChange, problems, label }: RowFieldsProps & { label?: string }) {
  const { hint, textField } = KIND_TEXT[row.kind];
  const error = refusal(problems, textField);
  return (
    <TextField
      size="small"
      label={label ?? KIND_TEXT[row.kind].label}
      value={row.text}
      onChange={(event) => onChange({ text: event.target.value })}
      helperText={error ?? hint}
      error={error !== undefined}
      sx={{ flex: "1 1 280px" }}
      slotProps={row.kind === "object_id" ? { htmlInput: { inputMode: "numeric" } } : undefined}
    />
  );
}

/** The controls of one row, by the kind of filter. */
export function RowFields(props: RowFieldsProps) {
  const { row, onChange, problems } = props;
  switch (row.kind) {
    case "object_type":
      return <ValuesField {...props} options={TYPE_KEYS} />;
    case "platform":
    case "object_sub_type":
      return <ValuesField {...props} options={[]} />;
    case "client":
      return <Typography sx={{ alignSelf: "center" }}>{KIND_TEXT.client.hint}.</Typography>;
    case "granularity":
      return (
        <TextField select size="small" label="Results" value={row.text} onChange={(event) => onChange({ text: event.target.value })} helperText={refusal(problems, "granularity") ?? KIND_TEXT.granularity.hint} sx={{ minWidth: 240 }}>
          <MenuItem value="OBJECT">Objects</MenuItem>
          <MenuItem value="CALENDAR_EVENT">Calendar events</MenuItem>
        </TextField>
      );
    case "location":
      return (
        <>
          <TextPart {...props} />
          <FormControlLabel control={<Checkbox checked={row.option === SUBFOLDERS} onChange={(event) => onChange({ option: event.target.checked ? SUBFOLDERS : "" })} />} label="Include subfolders" sx={{ alignSelf: "flex-start", mt: 0.5 }} />
        </>
      );
    case "time_frame":
      return (
        <>
          <TextField select size="small" label="Objects" value={row.option} onChange={(event) => onChange({ option: event.target.value })} helperText={refusal(problems, "time_frame_option") ?? KIND_TEXT.time_frame.hint} sx={{ minWidth: 200 }}>
            {SEARCH_TIME_FRAME_OPTIONS.map((option) => (
              <MenuItem key={option} value={option}>
                {`${option[0]?.toUpperCase()}${option.slice(1)} in the frame`}
              </MenuItem>
            ))}
          </TextField>
          <BoundField {...props} bound="from" />
          <BoundField {...props} bound="to" />
        </>
      );
    case "calendar_event":
      return (
        <>
          <TextPart {...props} label="Event name" />
          <BoundField {...props} bound="from" />
          <BoundField {...props} bound="to" />
        </>
      );
    default:
      return <TextPart {...props} />;
  }
}
