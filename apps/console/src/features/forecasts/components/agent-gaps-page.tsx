import { useMemo, useState } from "react";
import { Link as RouterLink, useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import MenuItem from "@mui/material/MenuItem";
import Paper from "@mui/material/Paper";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import Dns from "@mui/icons-material/Dns";
import { AGENT_GAPS_MAX_DAYS } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { DateTimeField } from "../../../components/date-time-field";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { agentGapsFromSearch, agentGapsToSearch, isIsoDuration, MIN_DURATION_CHOICES, type AgentGapsRange } from "../api/agent-gaps-url";
import { useAgentGaps } from "../api/get-agent-gaps";
import { AgentLanesChart } from "./agent-lanes-chart";

const CUSTOM = "custom";
const EVERY = "every";

/** The minimum gap: a choice, every gap, or an ISO 8601 duration typed in (sent once it reads as one). */
function MinDurationField({ value, onChange }: { value: string; onChange: (min: string) => void }) {
  const known = value === "" ? EVERY : MIN_DURATION_CHOICES.find((c) => c.value === value)?.value;
  const [custom, setCustom] = useState(known ? "" : value);
  const [choice, setChoice] = useState<string>(known ?? CUSTOM);
  const valid = isIsoDuration(custom);
  return (
    <>
      <TextField
        select
        size="small"
        label="Shortest gap"
        value={choice}
        sx={{ minWidth: 150 }}
        onChange={(e) => {
          setChoice(e.target.value);
          if (e.target.value === EVERY) onChange("");
          else if (e.target.value !== CUSTOM) onChange(e.target.value);
          else if (valid) onChange(custom);
        }}
      >
        {MIN_DURATION_CHOICES.map((c) => (
          <MenuItem key={c.value} value={c.value}>
            {c.label}
          </MenuItem>
        ))}
        <MenuItem value={EVERY}>Every gap</MenuItem>
        <MenuItem value={CUSTOM}>Custom…</MenuItem>
      </TextField>
      {choice === CUSTOM ? (
        <TextField
          size="small"
          label="Duration (ISO 8601)"
          value={custom}
          error={custom !== "" && !valid}
          helperText={custom !== "" && !valid ? "Not a duration: write e.g. PT30M, PT2H or P1DT6H" : "e.g. PT30M, PT2H, P1DT6H"}
          onChange={(e) => {
            setCustom(e.target.value);
            if (isIsoDuration(e.target.value)) onChange(e.target.value);
          }}
        />
      ) : null}
    </>
  );
}

function RangeFields({ range, set }: { range: AgentGapsRange; set: (changes: Partial<AgentGapsRange>) => void }) {
  const bound = (name: "from" | "to", label: string) => (
    <DateTimeField label={label} required value={range[name]} onChange={(utc) => set({ [name]: utc })} />
  );
  return (
    <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: "wrap", alignItems: "flex-start", rowGap: 2 }} role="search" aria-label="Range">
      {bound("from", "From")}
      {bound("to", "To")}
      <MinDurationField value={range.min} onChange={(min) => set({ min })} />
    </Stack>
  );
}

function AgentGapsResult({ range }: { range: AgentGapsRange }) {
  const gaps = useAgentGaps(range);
  const span = useMemo(() => ({ start: Date.parse(range.from), end: Date.parse(range.to) }), [range.from, range.to]);
  if (gaps.isPending) return <LoadingState label="Forecasting the agents…" />;
  if (gaps.isError) return <ErrorAlert error={gaps.error} context="Could not read the agent gaps" onRetry={() => void gaps.refetch()} />;
  if (gaps.data.data.length === 0) return <EmptyState icon={<Dns />} title="No agent">Only connected agents are listed.</EmptyState>;
  return (
    <>
      <AgentLanesChart agents={gaps.data.data} range={span} />
      {gaps.data.hasmore ? <Alert severity="info" sx={{ mt: 2 }}>Showing {gaps.data.data.length} of {gaps.data.total} agents.</Alert> : null}
    </>
  );
}

/** /forecasts/agents?from=&to=&min=: when each agent has nothing to do, as the client's forecast sees it. */
export function AgentGapsPage() {
  const [params, setParams] = useSearchParams();
  // The default range starts at the hour the page was opened, so it does not move while it is open.
  const [openedAt] = useState(() => Date.now());
  const range = useMemo(() => agentGapsFromSearch(params, openedAt), [params, openedAt]);
  const set = (changes: Partial<AgentGapsRange>) => setParams(agentGapsToSearch({ ...range, ...changes }), { replace: true });
  return (
    <>
      <PageHeader
        title="Agent gaps"
        subtitle={`Free time of each connected agent in the range (at most ${AGENT_GAPS_MAX_DAYS} days), from a forecast of the client. Hover a span for its exact times.`}
        actions={
          <Button component={RouterLink} to="/forecasts">
            All forecasts
          </Button>
        }
      />
      <RangeFields range={range} set={set} />
      <Paper variant="outlined" sx={{ p: 2 }}>
        <AgentGapsResult range={range} />
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Green, outlined: a gap at least as long as the shortest gap chosen. Grey: busy, or free for less than that.
        </Typography>
      </Paper>
    </>
  );
}
