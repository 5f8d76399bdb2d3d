import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { splitList } from "../api/execution-filters";

export interface FilterOption {
  /** What goes into the query, e.g. `ANY_ABEND`. */
  value: string;
  /** What the list shows, e.g. `ANY_ABEND — Aborted (1800–1899)`. */
  label: string;
}

interface ListFilterFieldProps {
  label: string;
  /** The comma-separated value of the URL. */
  value: string;
  onChange: (value: string) => void;
  options?: readonly FilterOption[];
  placeholder?: string;
  helperText?: string;
  minWidth?: number;
}

/**
 * A comma-separated filter (status, type, queue, …) as chips: pick suggestions or type any value
 * and press Enter. Values go to the server as typed; it says when one is not valid.
 */
export function ListFilterField({ label, value, onChange, options = [], placeholder, helperText, minWidth = 220 }: ListFilterFieldProps) {
  const values = splitList(value);
  const labelOf = (item: string) => options.find((option) => option.value === item)?.label ?? item;
  return (
    <Autocomplete
      multiple
      freeSolo
      // Enter and leaving the field take the suggestion in view ("Work" → Workflow), else the text as typed.
      autoHighlight
      autoSelect
      size="small"
      options={options.map((option) => option.value)}
      value={values}
      onChange={(_, next) => onChange(next.flatMap((item) => splitList(item)).join(","))}
      // Chips show the value; the suggestions show (and are found by) the words too.
      filterOptions={createFilterOptions({ stringify: labelOf })}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {labelOf(option)}
        </li>
      )}
      filterSelectedOptions
      sx={{ minWidth }}
      renderInput={(params) => <TextField {...params} label={label} placeholder={values.length === 0 ? placeholder : undefined} helperText={helperText} />}
    />
  );
}
