import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardContent from "@mui/material/CardContent";
import List from "@mui/material/List";
import ListItem from "@mui/material/ListItem";
import Typography from "@mui/material/Typography";
import Hub from "@mui/icons-material/Hub";
import type { OutAgentGroupList } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { PageHeader } from "../../../components/page-header";
import { useAgentGroups } from "../api/get-agent-groups";
import { AGENT_GROUP_MODES } from "./agent-group-modes";
import { AgentStatusLabel } from "./agent-status-label";

type AgentGroup = OutAgentGroupList["data"][number];

function AgentGroupCard({ group }: { group: AgentGroup }) {
  const mode = AGENT_GROUP_MODES[group.mode];
  const connected = group.agents.filter((agent) => agent.active).length;
  const headingId = `agent-group-${group.name}`;
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography variant="h2" id={headingId} sx={{ fontSize: "1.1rem", wordBreak: "break-word" }}>
          {group.name}
        </Typography>
        {group.title ? <Typography color="text.secondary">{group.title}</Typography> : null}
        <Typography sx={{ mt: 1.5 }}>
          <strong>
            Mode {group.mode} — {mode.name}:
          </strong>{" "}
          {mode.explanation}
        </Typography>
        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {group.agents.length === 0 ? "No agent matches the group's filters." : `${connected} of ${group.agents.length} agents connected`}
        </Typography>
        {group.agents.length > 0 ? (
          <List dense aria-label={`Agents of ${group.name}`}>
            {group.agents.map((agent) => (
              <ListItem key={agent.name} disableGutters sx={{ display: "flex", justifyContent: "space-between", gap: 2 }}>
                <Box component="span" sx={{ fontWeight: 500 }}>
                  {agent.name}
                </Box>
                <AgentStatusLabel agent={{ active: agent.active, authenticated: true }} />
              </ListItem>
            ))}
          </List>
        ) : null}
      </CardContent>
    </Card>
  );
}

/** /system/agentgroups: each agent group (HOSTG), how it picks agents, and which of its agents are connected. */
export function AgentGroupsPage() {
  const groups = useAgentGroups();
  return (
    <>
      <PageHeader title="Agent groups" subtitle="Jobs sent to a group run on its agents, chosen as the group's mode says." />
      {groups.isPending ? <LoadingState label="Loading agent groups…" /> : null}
      {groups.isError ? <ErrorAlert error={groups.error} context="Could not load the agent groups" onRetry={() => void groups.refetch()} /> : null}
      {groups.data?.data.length === 0 ? (
        <EmptyState icon={<Hub />} title="No agent groups">
          Agent groups are HOSTG objects: import or create one on the Objects screen.
        </EmptyState>
      ) : null}
      {groups.data && groups.data.data.length > 0 ? (
        <Box sx={{ display: "grid", gap: 2, gridTemplateColumns: "repeat(auto-fill, minmax(320px, 1fr))" }}>
          {groups.data.data.map((group) => (
            <AgentGroupCard key={group.name} group={group} />
          ))}
        </Box>
      ) : null}
    </>
  );
}
