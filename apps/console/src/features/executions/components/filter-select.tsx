import MenuItem from "@mui/material/MenuItem";
import TextField from "@mui/material/TextField";
import type { TextFilter } from "../api/execution-filters";
import { FILTER_LABELS } from "./filter-labels";
import type { FilterControls } from "./use-execution-filters";

interface FilterSelectProps {
  name: TextFilter;
  /** The first one should be "" (not set). */
  options: ReadonlyArray<{ value: string; label: string }>;
  controls: FilterControls;
}

/** A filter with a fixed set of values. A value from a link that is not among them is still shown, as it is. */
export function FilterSelect({ name, options, controls }: FilterSelectProps) {
  const value = controls.filters[name];
  const all = options.some((o) => o.value === value) ? options : [...options, { value, label: value }];
  return (
    <TextField
      select
      size="small"
      label={FILTER_LABELS[name]}
      value={value}
      onChange={(event) => controls.set(name, event.target.value)}
      slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      {all.map((o) => (
        <MenuItem key={o.value} value={o.value}>
          {o.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
