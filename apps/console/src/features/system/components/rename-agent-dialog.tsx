import type { FormEvent } from "react";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { OutAgent } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useRenameAgent } from "../api/rename-agent";
import { agentRefusalHint } from "./agent-refusal-hint";
import { useAgentNameField } from "./use-agent-name-field";
import { SubmitActions } from "../../../components/submit-actions";

/** A new name for an agent that is not connected; the server's refusal stays in the dialog. Mount it only while open. */
export function RenameAgentDialog({ agent, onClose }: { agent: Pick<OutAgent, "name" | "active">; onClose: () => void }) {
  const nameField = useAgentNameField(
    agent.name,
    agent.active ? "The agent is connected: stop it first, the server renames only agents that are not connected." : "Jobs and agent groups that name the old name are not changed: edit them too.",
  );
  const rename = useRenameAgent();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const newName = nameField.submitted();
    if (newName !== null) rename.mutate({ name: agent.name, newName }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={rename.isPending ? undefined : onClose} aria-labelledby="rename-agent-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="rename-agent-title">Rename agent {agent.name}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="New name" required autoFocus {...nameField.props} />
            {rename.error ? <ErrorAlert error={rename.error} context="The agent was not renamed" hint={agentRefusalHint(rename.error, "rename")} /> : null}
          </Stack>
        </DialogContent>
        <SubmitActions onCancel={onClose} pending={rename.isPending} submitLabel="Rename" />
      </form>
    </Dialog>
  );
}
