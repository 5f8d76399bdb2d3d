import Autocomplete, { createFilterOptions } from "@mui/material/Autocomplete";
import TextField from "@mui/material/TextField";
import { splitList } from "../lib/comma-list";

interface ListFieldProps {
  label: string;
  /** The values as one comma-separated text, as URLs and queries carry them. */
  value: string;
  onChange: (value: string) => void;
  /** Suggested values. */
  options?: readonly string[];
  /** The words a suggestion shows (and is found by); the value itself when absent. */
  optionLabel?: (value: string) => string;
  /** Values are kept in upper case (object types, names). */
  upperCase?: boolean;
  placeholder?: string | undefined;
  helperText?: string | undefined;
  error?: boolean;
  sx?: Record<string, unknown>;
}

/**
 * A list of values as chips: pick suggestions or type any value and press Enter. Values go to the
 * server as typed; it says when one is not valid.
 */
export function ListField({ label, value, onChange, options = [], optionLabel = (v) => v, upperCase = false, placeholder, helperText, error = false, sx }: ListFieldProps) {
  const values = splitList(value);
  return (
    <Autocomplete
      multiple
      freeSolo
      // Enter and leaving the field take the suggestion in view ("Work" → Workflow), else the text as typed.
      autoHighlight
      autoSelect
      size="small"
      options={[...options]}
      value={values}
      onChange={(_, next) => onChange(next.flatMap(splitList).map((v) => (upperCase ? v.toUpperCase() : v)).join(","))}
      // Chips show the value; the suggestions show (and are found by) the words too.
      filterOptions={createFilterOptions({ stringify: optionLabel })}
      renderOption={({ key, ...props }, option) => (
        <li key={key} {...props}>
          {optionLabel(option)}
        </li>
      )}
      filterSelectedOptions
      sx={sx}
      renderInput={(params) => <TextField {...params} label={label} placeholder={values.length === 0 ? placeholder : undefined} helperText={helperText} error={error} />}
    />
  );
}
