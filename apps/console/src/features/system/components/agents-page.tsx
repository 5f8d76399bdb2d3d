import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Stack from "@mui/material/Stack";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import Download from "@mui/icons-material/Download";
import Dns from "@mui/icons-material/Dns";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { RefreshErrorAlert } from "../../../components/refresh-error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { RefusalNote } from "../../../components/refusal-note";
import { usePrivilegeRefusal, type Refusal } from "../../../lib/permissions";
import { useAgents } from "../api/get-agents";
import { AGENTS_REFRESH_MS } from "../api/live-refresh";
import { AgentActionDialog, type AgentAction } from "./agent-dialogs";
import { AgentFilterBar } from "./agent-filter-bar";
import { AgentPackageDialog } from "./agent-package-dialog";
import { AgentsTable } from "./agents-table";
import { CreateAgentDialog } from "./create-agent-dialog";
import { useAgentFilters } from "./use-agent-filters";

function AgentsList({ onAction, refusal }: { onAction: (action: AgentAction) => void; refusal: Refusal | undefined }) {
  const { filters } = useAgentFilters();
  const agents = useAgents(filters);
  if (agents.isPending) return <LoadingState label="Loading agents…" />;
  if (agents.isLoadingError) return <ErrorAlert error={agents.error} context="Could not load the agents" onRetry={() => void agents.refetch()} />;
  const { data, total, hasmore } = agents.data;
  if (data.length === 0) return <EmptyState icon={<Dns />} title="No agents match">Change the filters, or create an agent.</EmptyState>;
  return (
    <>
      <RefreshErrorAlert query={agents} what="the agents" />
      <AgentsTable agents={data} onAction={onAction} refusal={refusal} />
      {hasmore ? (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          Showing {data.length} of {total} agents; narrow the filters to see the others.
        </Typography>
      ) : null}
    </>
  );
}

/**
 * /system/agents: the client's agents, connected or not, with filters in the URL, read again every
 * few seconds. Creating, packaging and changing agents are off, saying why, without the AGENTS privilege;
 * without SYSTEM_OVERVIEW the page says the list is refused instead of offering its filters.
 */
export function AgentsPage() {
  const refusal = usePrivilegeRefusal("AGENTS", "agent administration");
  const listRefusal = usePrivilegeRefusal("SYSTEM_OVERVIEW", "the agents list");
  const [creating, setCreating] = useState(false);
  const [packaging, setPackaging] = useState(false);
  const [action, setAction] = useState<AgentAction | null>(null);
  return (
    <>
      <PageHeader
        title="Agents"
        subtitle={`The machines jobs run on. Refreshed every ${AGENTS_REFRESH_MS / 1000} seconds.`}
        actions={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" startIcon={<Download />} disabled={refusal !== undefined} aria-describedby={refusal?.id} onClick={() => setPackaging(true)}>
              New agent package
            </Button>
            <Button variant="contained" startIcon={<Add />} disabled={refusal !== undefined} aria-describedby={refusal?.id} onClick={() => setCreating(true)}>
              Create agent
            </Button>
          </Stack>
        }
      />
      {refusal ? (
        <Box sx={{ mb: 2 }}>
          <RefusalNote refusal={refusal} />
        </Box>
      ) : null}
      {/* Without the list's privilege there is nothing to filter: the refusal says why, once. */}
      {listRefusal ? (
        <RefusalNote refusal={listRefusal} />
      ) : (
        <>
          <AgentFilterBar />
          <Paper variant="outlined" sx={{ overflowX: "auto" }}>
            <AgentsList onAction={setAction} refusal={refusal} />
          </Paper>
        </>
      )}
      {creating ? <CreateAgentDialog onClose={() => setCreating(false)} /> : null}
      {packaging ? <AgentPackageDialog agent={null} onClose={() => setPackaging(false)} /> : null}
      <AgentActionDialog action={action} onClose={() => setAction(null)} />
    </>
  );
}
