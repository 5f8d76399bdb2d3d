import Box from "@mui/material/Box";
import type { FlagFilter, TextFilter } from "../api/execution-filters";
import { FILTER_LABELS } from "./filter-labels";
import { FilterFlag } from "./filter-flag";
import { FilterTextField } from "./filter-text-field";
import type { FilterControls } from "./use-execution-filters";

interface ExcludableFilterProps {
  name: TextFilter;
  /** The `*_exclude` flag that turns "only these" into "all but these". */
  exclude: FlagFilter;
  controls: FilterControls;
  placeholder?: string;
}

/** A wildcard filter with its exclude checkbox under it. */
export function ExcludableFilter({ name, exclude, controls, placeholder }: ExcludableFilterProps) {
  return (
    <Box>
      <FilterTextField label={FILTER_LABELS[name]} value={controls.filters[name]} onCommit={(value) => controls.set(name, value)} placeholder={placeholder} fullWidth />
      <FilterFlag name={exclude} controls={controls} />
    </Box>
  );
}
