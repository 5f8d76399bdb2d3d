import type { ReactElement } from "react";
import IconButton from "@mui/material/IconButton";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Tooltip from "@mui/material/Tooltip";
import DeleteOutline from "@mui/icons-material/DeleteOutline";
import EditOutlined from "@mui/icons-material/EditOutlined";
import KeyOutlined from "@mui/icons-material/KeyOutlined";
import VerifiedUserOutlined from "@mui/icons-material/VerifiedUserOutlined";
import type { OutAgent } from "@baton/contract";
import type { AgentAction } from "./agent-dialogs";
import { AgentStatusLabel } from "./agent-status-label";

const ACTIONS: ReadonlyArray<{ kind: AgentAction["kind"]; label: string; icon: ReactElement; when?: (agent: OutAgent) => boolean }> = [
  { kind: "authenticate", label: "Authenticate", icon: <VerifiedUserOutlined fontSize="small" />, when: (agent) => !agent.authenticated },
  { kind: "rename", label: "Rename", icon: <EditOutlined fontSize="small" /> },
  { kind: "reset-key", label: "Reset key", icon: <KeyOutlined fontSize="small" /> },
  { kind: "delete", label: "Delete", icon: <DeleteOutline fontSize="small" /> },
];

/** An agent's details the server leaves empty until its first connection read as a dash. */
function Detail({ value }: { value: string }) {
  return <>{value === "" ? "—" : value}</>;
}

/** One row per agent: name, state in words, what it runs on; the actions at the end. */
export function AgentsTable({ agents, onAction }: { agents: readonly OutAgent[]; onAction: (action: AgentAction) => void }) {
  return (
    <Table size="small" aria-label="Agents">
      <TableHead>
        <TableRow>
          <TableCell>Name</TableCell>
          <TableCell>Status</TableCell>
          <TableCell>Platform</TableCell>
          <TableCell>Version</TableCell>
          <TableCell>Hardware</TableCell>
          <TableCell>Software</TableCell>
          <TableCell>IP address</TableCell>
          <TableCell align="right">Actions</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {agents.map((agent) => (
          <TableRow key={agent.name} hover>
            <TableCell component="th" scope="row" sx={{ fontWeight: 500 }}>
              {agent.name}
            </TableCell>
            <TableCell>
              <AgentStatusLabel agent={agent} />
            </TableCell>
            <TableCell>{agent.platform}</TableCell>
            <TableCell>
              <Detail value={agent.version} />
            </TableCell>
            <TableCell>
              <Detail value={agent.hardware} />
            </TableCell>
            <TableCell>
              <Detail value={agent.software} />
            </TableCell>
            <TableCell sx={{ fontFamily: "monospace" }}>
              <Detail value={agent.ip_address} />
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
              {ACTIONS.filter((action) => action.when?.(agent) ?? true).map((action) => (
                <Tooltip key={action.kind} title={action.label}>
                  <IconButton size="small" aria-label={`${action.label} agent ${agent.name}`} onClick={() => onAction({ kind: action.kind, agent })}>
                    {action.icon}
                  </IconButton>
                </Tooltip>
              ))}
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
