import { useState, type FormEvent } from "react";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { AGENT_TEMPLATES, type InCreateAgentBody } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useCreateAgent } from "../api/create-agent";
import { agentRefusalHint } from "./agent-refusal-hint";
import { useAgentNameField } from "./use-agent-name-field";
import { SubmitActions } from "../../../components/submit-actions";

type Template = InCreateAgentBody["template"];
const TEMPLATES = Object.keys(AGENT_TEMPLATES).filter((key): key is Template => key in AGENT_TEMPLATES);

/** A new agent made ahead of its first connection, from a platform template. Mount it only while open. */
export function CreateAgentDialog({ onClose }: { onClose: () => void }) {
  const nameField = useAgentNameField("", "Upper-cased on saving, e.g. UNIX01");
  const [template, setTemplate] = useState<Template>("<UNIX>");
  const create = useCreateAgent();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = nameField.submitted();
    if (name !== null) create.mutate({ name, template }, { onSuccess: onClose });
  };
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby="create-agent-title" fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-agent-title">Create agent</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>The agent is authenticated at once: an agent started with this name and the engine's token may connect and run jobs.</DialogContentText>
          <Stack spacing={2}>
            <TextField label="Name" required autoFocus {...nameField.props} />
            <TextField select label="Template" value={template} onChange={(e) => setTemplate(TEMPLATES.find((t) => t === e.target.value) ?? "<UNIX>")}>
              {TEMPLATES.map((key) => (
                <MenuItem key={key} value={key}>
                  {key} — {AGENT_TEMPLATES[key]}
                </MenuItem>
              ))}
            </TextField>
            {create.error ? <ErrorAlert error={create.error} context="The agent was not created" hint={agentRefusalHint(create.error, "create")} /> : null}
          </Stack>
        </DialogContent>
        <SubmitActions onCancel={onClose} pending={create.isPending} submitLabel="Create agent" />
      </form>
    </Dialog>
  );
}
