import type { ReactNode } from "react";
import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { isNumberFilter, numberFilterProblem, type TextFilter } from "../api/execution-filters";
import { ExcludableFilter } from "./excludable-filter";
import { FILTER_LABELS } from "./filter-labels";
import { FilterFlag } from "./filter-flag";
import { FilterSelect } from "./filter-select";
import { FilterTextField } from "./filter-text-field";
import { ListFilterField } from "./list-filter-field";
import { TimeFrameFields } from "./time-frame-fields";
import type { FilterControls } from "./use-execution-filters";

const ZDU_OPTIONS = [
  { value: "", label: "Any" },
  { value: "B", label: "B" },
  { value: "T", label: "T" },
];

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Box role="group" aria-labelledby={id} sx={{ display: "flex", flexDirection: "column", gap: 1.5, minWidth: 0 }}>
      <Typography id={id} variant="subtitle2">
        {title}
      </Typography>
      {children}
    </Box>
  );
}

/** The filters an operator needs now and then; the bar above holds the everyday ones. */
export function MoreFiltersPanel({ controls }: { controls: FilterControls }) {
  const { filters, set } = controls;
  const text = (name: TextFilter, placeholder?: string) => (
    <FilterTextField
      label={FILTER_LABELS[name]}
      value={filters[name]}
      onCommit={(value) => set(name, value)}
      problemOf={(value) => numberFilterProblem(name, value)}
      placeholder={placeholder}
      fullWidth
      slotProps={isNumberFilter(name) ? { htmlInput: { inputMode: "numeric" } } : undefined}
    />
  );
  const list = (name: TextFilter, placeholder: string) => (
    <ListFilterField label={FILTER_LABELS[name]} value={filters[name]} onChange={(value) => set(name, value)} placeholder={placeholder} minWidth={0} />
  );
  return (
    <Box
      id="more-filters"
      role="region"
      aria-label="More filters"
      sx={{ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(200px, 1fr))", gap: 2, pt: 2, mt: 2, borderTop: 1, borderColor: "divider" }}
    >
      <Section id="filters-where" title="Where and by whom">
        <ExcludableFilter name="agent" exclude="agent_exclude" controls={controls} placeholder="e.g. WIN*" />
        <ExcludableFilter name="user" exclude="user_exclude" controls={controls} placeholder="e.g. OPS/*" />
        {list("queue", "Queue names")}
        {list("platform", "e.g. UNIX, WINDOWS")}
      </Section>
      <TimeFrameFields controls={controls} />
      <Section id="filters-which" title="Which executions">
        {text("run_id")}
        {text("alias", "* matches any characters")}
        {text("reference_run_id", "0: not a restart")}
        <FilterFlag name="name_exclude" controls={controls} />
        <FilterFlag name="commented_only" controls={controls} />
        <FilterFlag name="modified_only" controls={controls} />
        <FilterFlag name="include_deactivated" controls={controls} />
      </Section>
      <Section id="filters-archive" title="Archive keys">
        <ExcludableFilter name="archive_key1" exclude="archive_key1_exclude" controls={controls} />
        <ExcludableFilter name="archive_key2" exclude="archive_key2_exclude" controls={controls} />
      </Section>
      <Section id="filters-remote" title="Remote and system">
        {text("remote_status_number")}
        {text("remote_status_text")}
        <FilterSelect name="zdu_version" options={ZDU_OPTIONS} controls={controls} />
        {list("sync_usage", "Sync object names")}
      </Section>
    </Box>
  );
}
