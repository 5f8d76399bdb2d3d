import type { ReactElement } from "react";
import { Link as RouterLink } from "react-router";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import Typography from "@mui/material/Typography";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import Download from "@mui/icons-material/Download";
import EditOutlined from "@mui/icons-material/EditOutlined";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import VerifiedUserOutlined from "@mui/icons-material/VerifiedUserOutlined";
import type { OutAgent } from "@baton/contract";
import type { Refusal } from "../../../lib/permissions";
import { useDataNow } from "../../../lib/use-now";
import type { AgentAction } from "./agent-dialogs";
import { AgentStatusLabel } from "./agent-status-label";
import { LifeSign } from "./life-sign";

/** Agents inside the engine are configured on the server: no package, name, key or deletion to administer. */
const outside = (agent: OutAgent) => !agent.in_process;

const ACTIONS: ReadonlyArray<{ kind: AgentAction["kind"]; label: string; tooltip?: string; icon: ReactElement; when: (agent: OutAgent) => boolean }> = [
  { kind: "authenticate", label: "Authenticate", icon: <VerifiedUserOutlined fontSize="small" />, when: (agent) => !agent.authenticated },
  { kind: "package", label: "Download package for", tooltip: "Download agent package", icon: <Download fontSize="small" />, when: outside },
  { kind: "rename", label: "Rename", icon: <EditOutlined fontSize="small" />, when: outside },
  { kind: "reset-key", label: "Reset key", icon: <KeyOutlined fontSize="small" />, when: outside },
  { kind: "delete", label: "Delete", icon: <DeleteOutline fontSize="small" />, when: outside },
];

/**
 * What the agent runs on, in one cell so that the table fits a laptop's width: the platform and
 * agent version, then hardware, software and IP address (empty until its first connection: left out).
 */
function Machine({ agent }: { agent: OutAgent }) {
  const details = [agent.hardware, agent.software].filter((detail) => detail !== "");
  return (
    <>
      {agent.platform}
      {agent.version === "" ? null : ` · agent ${agent.version}`}
      {details.map((detail) => (
        <Typography key={detail} variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ))}
      {agent.ip_address === "" ? null : (
        <Typography variant="body2" color="text.secondary" sx={{ fontFamily: "monospace" }}>
          {agent.ip_address}
        </Typography>
      )}
    </>
  );
}

/** The executions list showing the client's jobs that have not ended on the agent, workflow tasks too (`all`), as the count does. */
export function activeJobsPath(agent: string): string {
  return `/executions?${new URLSearchParams({ agent, status: "ANY_ACTIVE", all: "true" }).toString()}`;
}

/** How many of the client's jobs are active on the agent, as a link to them. */
function ActiveJobs({ agent }: { agent: OutAgent }) {
  const count = agent.running_jobs;
  return (
    <Link component={RouterLink} to={activeJobsPath(agent.name)} aria-label={`${count} active ${count === 1 ? "job" : "jobs"} on ${agent.name}: show them`} sx={{ fontVariantNumeric: "tabular-nums" }}>
      {count}
    </Link>
  );
}

/**
 * One row per agent: name, state in words, its jobs and last heartbeat, what it runs on; the actions
 * at the end, off and described by `refusal` when the user may not administer agents. Fits 1280
 * pixels without sideways scrolling.
 */
export function AgentsTable({ agents, onAction, refusal }: { agents: readonly OutAgent[]; onAction: (action: AgentAction) => void; refusal: Refusal | undefined }) {
  // "12 s ago" moves on between the list's refreshes.
  const now = useDataNow(1000);
  return (
    <Table size="small" aria-label="Agents">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Status</TableCell>
          <TableCell align="right">Active jobs</TableCell>
          <TableCell>Last heartbeat</TableCell>
          <TableCell>Machine</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {agents.map((agent) => (
          <TableRow key={agent.name} hover>
            <TableCell component="th" scope="row" sx={{ fontWeight: 500, overflowWrap: "break-word" }}>
              {agent.name}
            </TableCell>
            <TableCell>
              <AgentStatusLabel agent={agent} />
            </TableCell>
            <TableCell align="right">
              <ActiveJobs agent={agent} />
            </TableCell>
            <TableCell sx={{ whiteSpace: "nowrap" }}>{agent.last_heartbeat ? <LifeSign at={agent.last_heartbeat} now={now} /> : "Never connected"}</TableCell>
            <TableCell>
              <Machine agent={agent} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {agent.in_process ? (
                <Typography variant="body2" color="text.secondary">
                  Runs inside the engine
                </Typography>
              ) : null}
              {ACTIONS.filter((action) => action.when(agent)).map((action) =>
                refusal ? (
                  // A disabled button shows no tooltip: the refusal above the list says why it is off.
                  <IconButton key={action.kind} size="small" disabled aria-label={`${action.label} agent ${agent.name}`} aria-describedby={refusal.id}>
                    {action.icon}
                  </IconButton>
                ) : (
                  <Tooltip key={action.kind} title={action.tooltip ?? action.label}>
                    <IconButton size="small" aria-label={`${action.label} agent ${agent.name}`} onClick={() => onAction({ kind: action.kind, agent })}>
                      {action.icon}
                    </IconButton>
                  </Tooltip>
                ),
              )}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
