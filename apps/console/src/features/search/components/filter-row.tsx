import Box from "@mui/material/Box";
import IconButton from "@mui/material/IconButton";
import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Close from "@mui/icons-material/Close";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import { FILTER_KINDS, type FilterKind, type FilterRow } from "../api/search-url";
import type { RowProblem } from "../api/search-errors";
import { RowFields, shownFields } from "./filter-fields";
import { KIND_TEXT } from "./filter-kinds";

interface FilterRowEditorProps {
  /** 1-based, as the row is named to screen readers ("Filter 2: Object type"). */
  position: number;
  row: FilterRow;
  problems: readonly RowProblem[];
  onChange: (changes: Partial<FilterRow>) => void;
  onRemove: () => void;
}

/** One filter: its kind, its values, the server's refusals at the member they concern, and Remove. */
export function FilterRowEditor({ position, row, problems, onChange, onRemove }: FilterRowEditorProps) {
  const label = KIND_TEXT[row.kind].label;
  const shown = shownFields(row);
  // Problems with the filter as a whole, or with a member this row has no field for.
  const rest = problems.filter((p) => p.field === null || !shown.includes(p.field));
  return (
    <Box
      role="group"
      aria-label={`Filter ${position}: ${label}`}
      sx={{ display: "flex", gap: 1.5, alignItems: "flex-start", flexWrap: "wrap", py: 1, borderTop: 1, borderColor: "divider", "&:first-of-type": { borderTop: 0 } }}
    >
      <TextField select size="small" label="Filter" value={row.kind} onChange={(event) => onChange({ kind: kindOf(event.target.value) })} sx={{ width: 220 }}>
        {FILTER_KINDS.map((kind) => (
          <MenuItem key={kind} value={kind}>
            {KIND_TEXT[kind].label}
          </MenuItem>
        ))}
      </TextField>
      <RowFields row={row} onChange={onChange} problems={problems} />
      <IconButton aria-label={`Remove filter ${position} (${label})`} onClick={onRemove} sx={{ ml: "auto" }}>
        <Close />
      </IconButton>
      {rest.length > 0 ? (
        <Box role="alert" sx={{ flexBasis: "100%", display: "flex", gap: 1, alignItems: "center", color: "error.main" }}>
          <ErrorOutline fontSize="small" aria-hidden />
          <Typography variant="body2">Refused: {rest.map((p) => (p.field ? `${p.field}: ${p.message}` : p.message)).join("; ")}</Typography>
        </Box>
      ) : null}
    </Box>
  );
}

const kindOf = (value: string): FilterKind => FILTER_KINDS.find((kind) => kind === value) ?? "object_name";
