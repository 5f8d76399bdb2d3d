import { useState, type FormEvent } from "react";
import Alert from "@mui/material/Alert";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import MenuItem from "@mui/material/MenuItem";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { OutAgent } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useCreateAgentPack, type AgentPackRequest, type ReadyAgentPack } from "../api/create-agent-pack";
import { agentRefusalHint } from "./agent-refusal-hint";
import { startDownload } from "./start-download";
import { useAgentNameField } from "./use-agent-name-field";
import { CloseActions, SubmitActions } from "../../../components/submit-actions";

type PackPlatform = AgentPackRequest["platform"];
const PACK_PLATFORMS: readonly PackPlatform[] = ["UNIX", "WINDOWS"];

function packPlatform(value: string): PackPlatform {
  return PACK_PLATFORMS.find((platform) => platform === value) ?? "UNIX";
}

/** After the package is made: the download has started, and can be started again from here. */
function PackageReady({ pack, onClose }: { pack: ReadyAgentPack; onClose: () => void }) {
  return (
    <>
      <DialogContent>
        <Alert severity="success" role="status">
          The download of <strong>{pack.filename}</strong> has started. Unpack it on the agent's machine and start the agent with baton-agent/start.sh (start.cmd on Windows); it needs Node.js 20 or newer.{" "}
          <Link href={pack.downloadPath} download={pack.filename}>
            Download again
          </Link>
        </Alert>
      </DialogContent>
      <CloseActions onClose={onClose} />
    </>
  );
}

/**
 * A zip of the agent configured for this engine, for a listed agent (`agent`) or a new name.
 * Making it gives the agent a new key, which is why the dialog says so before. Mount it only while open.
 */
export function AgentPackageDialog({ agent, onClose }: { agent: Pick<OutAgent, "name" | "platform" | "active"> | null; onClose: () => void }) {
  const nameField = useAgentNameField(agent?.name ?? "", agent ? "A new name creates the agent." : "Upper-cased on saving; a new name creates the agent.");
  const [platform, setPlatform] = useState<PackPlatform>(packPlatform(agent?.platform ?? "UNIX"));
  const [configUpdate, setConfigUpdate] = useState("");
  const create = useCreateAgentPack();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const name = nameField.submitted();
    if (name === null) return;
    const body: AgentPackRequest = configUpdate.trim() === "" ? { platform, name } : { platform, name, config_update: configUpdate };
    create.mutate(body, { onSuccess: (pack) => startDownload(pack.downloadPath, pack.filename) });
  };
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby="agent-package-title" fullWidth maxWidth="sm">
      <DialogTitle id="agent-package-title">{agent ? `Agent package for ${agent.name}` : "New agent package"}</DialogTitle>
      {create.data ? (
        <PackageReady pack={create.data} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              The package holds the agent, this engine's address and a new key for the agent. It replaces the agent's key: an installation made before can no longer connect. The server makes
              no package while the agent is connected.
            </DialogContentText>
            {agent?.active ? (
              <Alert severity="warning" sx={{ mb: 2 }}>
                {agent.name} is connected now: stop it first, or the server refuses the package.
              </Alert>
            ) : null}
            <Stack spacing={2}>
              <TextField label="Agent name" required autoFocus={agent === null} {...nameField.props} />
              <TextField select label="Platform" value={platform} onChange={(e) => setPlatform(packPlatform(e.target.value))}>
                {PACK_PLATFORMS.map((choice) => (
                  <MenuItem key={choice} value={choice}>
                    {choice}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                label="Configuration changes (optional)"
                multiline
                minRows={4}
                value={configUpdate}
                onChange={(e) => setConfigUpdate(e.target.value)}
                placeholder={"[AGENT]\nmax_jobs = 4"}
                helperText="INI text merged over the package's agent.ini. It may not change the agent's name."
                slotProps={{ htmlInput: { spellCheck: false, style: { fontFamily: "monospace" } } }}
              />
              {create.error ? <ErrorAlert error={create.error} context="The package was not made" hint={agentRefusalHint(create.error, "package")} /> : null}
            </Stack>
          </DialogContent>
          <SubmitActions onCancel={onClose} pending={create.isPending} submitLabel="Download package" />
        </form>
      )}
    </Dialog>
  );
}
