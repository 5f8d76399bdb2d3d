import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { AGENT_PLATFORMS } from "../api/agent-filters";
import { useAgentFilters } from "./use-agent-filters";

/** A select whose empty value ("Either", "All") is a choice to show, not a blank field. */
const SHOW_EMPTY_CHOICE = { select: { displayEmpty: true }, inputLabel: { shrink: true } } as const;

/** Name pattern, connected or not, platform; every change goes to the URL. */
export function AgentFilterBar() {
  const { filters, set } = useAgentFilters();
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap" }} role="search" aria-label="Agent filters">
      <TextField size="small" label="Name" value={filters.name} onChange={(e) => set({ name: e.target.value })} helperText="* and ? match any text and one character" />
      <TextField
        size="small"
        select
        label="Connected"
        value={filters.active}
        slotProps={SHOW_EMPTY_CHOICE}
        onChange={(e) => set({ active: e.target.value === "yes" || e.target.value === "no" ? e.target.value : "" })}
        sx={{ minWidth: 160 }}
      >
        <MenuItem value="">Either</MenuItem>
        <MenuItem value="yes">Connected</MenuItem>
        <MenuItem value="no">Not connected</MenuItem>
      </TextField>
      <TextField size="small" select label="Platform" value={filters.platform} slotProps={SHOW_EMPTY_CHOICE} onChange={(e) => set({ platform: AGENT_PLATFORMS.find((p) => p === e.target.value) ?? "" })} sx={{ minWidth: 160 }}>
        <MenuItem value="">All</MenuItem>
        {AGENT_PLATFORMS.map((platform) => (
          <MenuItem key={platform} value={platform}>
            {platform}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
