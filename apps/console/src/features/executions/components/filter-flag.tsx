import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import type { FlagFilter } from "../api/execution-filters";
import { FILTER_LABELS } from "./filter-labels";
import type { FilterControls } from "./use-execution-filters";

/** One on/off filter as a labelled checkbox. */
export function FilterFlag({ name, controls }: { name: FlagFilter; controls: FilterControls }) {
  return (
    <FormControlLabel
      control={<Checkbox size="small" checked={controls.filters[name]} onChange={(event) => controls.set(name, event.target.checked)} />}
      label={FILTER_LABELS[name]}
    />
  );
}
