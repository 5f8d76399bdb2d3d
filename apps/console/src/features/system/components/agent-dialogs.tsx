import type { OutAgent } from "@baton/contract";
import { useAuthenticateAgent } from "../api/authenticate-agent";
import { useDeleteAgent } from "../api/delete-agent";
import { useResetAgentKey } from "../api/reset-agent-key";
import { AgentPackageDialog } from "./agent-package-dialog";
import { ConfirmAgentDialog } from "./confirm-agent-dialog";
import { RenameAgentDialog } from "./rename-agent-dialog";

export type AgentAction = { kind: "authenticate" | "rename" | "delete" | "reset-key" | "package"; agent: OutAgent };

interface DialogProps {
  agent: OutAgent;
  onClose: () => void;
}

function AuthenticateAgentDialog({ agent, onClose }: DialogProps) {
  const authenticate = useAuthenticateAgent();
  return (
    <ConfirmAgentDialog agentName={agent.name} change="authenticate" title={`Authenticate agent ${agent.name}?`} confirmLabel="Authenticate" mutation={authenticate} failure="The agent was not authenticated" onClose={onClose}>
      The agent connected{agent.ip_address ? ` from ${agent.ip_address}` : ""} but may not run jobs until it is authenticated. Authenticate it only if you know this machine.
    </ConfirmAgentDialog>
  );
}

function DeleteAgentDialog({ agent, onClose }: DialogProps) {
  const remove = useDeleteAgent();
  return (
    <ConfirmAgentDialog agentName={agent.name} change="delete" title={`Delete agent ${agent.name}?`} confirmLabel="Delete" danger mutation={remove} failure="The agent was not deleted" onClose={onClose}>
      {agent.active ? "The agent is connected: the server deletes only agents that are not connected. Stop it first. " : ""}
      Its name and key are forgotten; if it connects again, it has to be authenticated anew.
    </ConfirmAgentDialog>
  );
}

function ResetAgentKeyDialog({ agent, onClose }: DialogProps) {
  const reset = useResetAgentKey();
  return (
    <ConfirmAgentDialog agentName={agent.name} change="reset-key" title={`Reset the key of ${agent.name}?`} confirmLabel="Reset key" mutation={reset} failure="The key was not reset" onClose={onClose}>
      The engine revokes the agent's key and ends its connection. The agent must enrol again (with the operator's enrolment token) or be given a new package; its jobs end as lost unless it is back in time. Do this when the key may have leaked, or the agent lost it (its directory was recreated, for one).
    </ConfirmAgentDialog>
  );
}

/** The dialog of the chosen action on one agent, mounted only while it is open. */
export function AgentActionDialog({ action, onClose }: { action: AgentAction | null; onClose: () => void }) {
  if (!action) return null;
  const props = { agent: action.agent, onClose };
  switch (action.kind) {
    case "authenticate":
      return <AuthenticateAgentDialog {...props} />;
    case "rename":
      return <RenameAgentDialog {...props} />;
    case "delete":
      return <DeleteAgentDialog {...props} />;
    case "reset-key":
      return <ResetAgentKeyDialog {...props} />;
    case "package":
      return <AgentPackageDialog {...props} />;
  }
}
