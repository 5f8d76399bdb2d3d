import Box from "@mui/material/Box";
import Chip from "@mui/material/Chip";
import { formatDateTime } from "../../../lib/format";
import { activeFilterNames, isFlagFilter, type FilterName } from "../api/execution-filters";
import { FILTER_LABELS } from "./filter-labels";
import type { FilterControls } from "./use-execution-filters";

const TIMES: ReadonlySet<FilterName> = new Set(["time_frame_from", "time_frame_to"]);

/** The filters set outside the bar, one removable chip each, so a closed panel hides nothing. */
export function ActiveFilterChips({ controls, except }: { controls: FilterControls; except: readonly FilterName[] }) {
  const names = activeFilterNames(controls.filters).filter((name) => !except.includes(name));
  if (names.length === 0) return null;
  const chip = (name: FilterName) => {
    const label = FILTER_LABELS[name];
    if (isFlagFilter(name)) return { label, clear: () => controls.set(name, false) };
    const value = controls.filters[name];
    return { label: `${label}: ${TIMES.has(name) ? formatDateTime(value) : value}`, clear: () => controls.set(name, "") };
  };
  return (
    <Box component="ul" aria-label="Other filters in use" sx={{ display: "flex", gap: 1, flexWrap: "wrap", listStyle: "none", p: 0, m: 0, mt: 1 }}>
      {names.map((name) => {
        const { label, clear } = chip(name);
        return (
          <li key={name}>
            <Chip size="small" label={label} onDelete={clear} />
          </li>
        );
      })}
    </Box>
  );
}
