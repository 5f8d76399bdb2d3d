import { ListField } from "../../../components/list-field";

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

/** A comma-separated filter (status, type, queue, …) as chips with its suggestions and their words. */
export function ListFilterField({ label, value, onChange, options = [], placeholder, helperText, minWidth = 220 }: ListFilterFieldProps) {
  const labelOf = (item: string) => options.find((option) => option.value === item)?.label ?? item;
  return (
    <ListField
      label={label}
      value={value}
      onChange={onChange}
      options={options.map((option) => option.value)}
      optionLabel={labelOf}
      placeholder={placeholder}
      helperText={helperText}
      sx={{ minWidth }}
    />
  );
}
