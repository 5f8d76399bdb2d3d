import { Suspense, lazy, startTransition, useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Collapse from "@mui/material/Collapse";
import IconButton from "@mui/material/IconButton";
import Tooltip from "@mui/material/Tooltip";
import InputAdornment from "@mui/material/InputAdornment";
import Paper from "@mui/material/Paper";
import Search from "@mui/icons-material/Search";
import Tune from "@mui/icons-material/Tune";
import FilterAltOff from "@mui/icons-material/FilterAltOff";
import { activeFilterNames, filtersToSearch, type FilterName } from "../api/execution-filters";
import { ActiveFilterChips } from "./active-filter-chips";
import { FilterTextField } from "./filter-text-field";
import { FILTER_LABELS } from "./filter-labels";
import { STATUS_OPTIONS, TYPE_OPTIONS } from "./filter-options";
import { ListFilterField } from "./list-filter-field";
import { SavedFiltersMenu } from "./saved-filters-menu";
import type { FilterControls } from "./use-execution-filters";

// The panel is opened now and then: its code loads just after the page, not with it.
const MoreFiltersPanel = lazy(async () => ({ default: (await import("./more-filters-panel")).MoreFiltersPanel }));

/** The filters of the bar; every other one is in the "More filters" panel. */
const BAR_FILTERS: readonly FilterName[] = ["name", "status", "type"];

/**
 * Name, status and type at hand on one line; the rest behind "More filters", shown as chips while
 * it is closed. The hints are in the fields' placeholders and titles, not lines under them, so the
 * bar leaves the table most of the page; the fields are wide enough for them at 1280 pixels. A
 * name the server refuses shows its reason under the field.
 */
export function ExecutionsFilterBar({ controls, nameRefusal }: { controls: FilterControls; nameRefusal: string | null }) {
  const { filters, set } = controls;
  const [moreOpen, setMoreOpen] = useState(false);
  const active = activeFilterNames(filters);
  const moreCount = active.filter((name) => !BAR_FILTERS.includes(name)).length;
  const search = filtersToSearch(filters).toString();
  return (
    <Paper variant="outlined" sx={{ px: 1.5, py: 1, mb: 1 }}>
      <Box component="form" role="search" aria-label="Filter executions" onSubmit={(event) => event.preventDefault()} sx={{ display: "flex", gap: 1.5, flexWrap: "wrap", alignItems: "center" }}>
        <FilterTextField
          label={FILTER_LABELS.name}
          value={filters.name}
          onCommit={(value) => set("name", value)}
          upperCase
          placeholder={filters.name_exclude ? "All but, e.g. NIGHTLY.*" : "e.g. NIGHTLY.* (* = any)"}
          title={filters.name_exclude ? "All but these names; * matches any characters" : "* matches any characters"}
          error={nameRefusal !== null}
          helperText={nameRefusal}
          sx={{ width: 236 }}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <Search fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <ListFilterField label={FILTER_LABELS.status} value={filters.status} onChange={(value) => set("status", value)} options={STATUS_OPTIONS} placeholder="ANY_ABEND, 1900" minWidth={180} />
        <ListFilterField label={FILTER_LABELS.type} value={filters.type} onChange={(value) => set("type", value)} options={TYPE_OPTIONS} placeholder="All types" minWidth={140} />
        <Button
          startIcon={<Tune />}
          aria-label={moreCount > 0 ? `More filters, ${moreCount} set` : "More filters"}
          aria-expanded={moreOpen}
          aria-controls={moreOpen ? "more-filters" : undefined}
          // A transition: should the panel's code still be on its way, the bar stays as it is until
          // the code is there, then the panel opens as always (no empty panel, focus stays here).
          onClick={() => startTransition(() => setMoreOpen((open) => !open))}
        >
          {/* The count in words, not a coloured badge: readable without colour, and a lighter first page. */}
          {moreCount > 0 ? `More filters (${moreCount})` : "More filters"}
        </Button>
        <SavedFiltersMenu currentSearch={search} onApply={controls.apply} />
        {active.length > 0 ? (
          <Tooltip title="Clear filters">
            <IconButton aria-label="Clear filters" onClick={controls.clear}>
              <FilterAltOff />
            </IconButton>
          </Tooltip>
        ) : null}
      </Box>
      {moreOpen ? null : <ActiveFilterChips controls={controls} except={BAR_FILTERS} />}
      <Suspense fallback={null}>
        <Collapse in={moreOpen} unmountOnExit>
          <MoreFiltersPanel controls={controls} />
        </Collapse>
      </Suspense>
    </Paper>
  );
}
