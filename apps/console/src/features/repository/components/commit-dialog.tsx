import { useState, type FormEvent } from "react";
import Dialog from "@mui/material/Dialog";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import type { OutRepositoryCommit } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useCommitChanges } from "../api/commit-changes";
import { counted } from "../../../lib/counted";
import { refusalHint } from "./refusal-hint";
import { SubmitActions } from "../../../components/submit-actions";

interface CommitDialogProps {
  /** Names of the objects to commit; empty: every changed object. */
  objects: readonly string[];
  /** How many objects have changes, for the sentence when all are committed. */
  total: number;
  onClose: () => void;
  onCommitted: (commit: OutRepositoryCommit) => void;
}

/** Asks for the message and commits (and pushes); the server's refusal stays in the dialog. Mount it only while open. */
export function CommitDialog({ objects, total, onClose, onCommitted }: CommitDialogProps) {
  const [message, setMessage] = useState("");
  const [tried, setTried] = useState(false);
  const commit = useCommitChanges();
  const missing = message.trim() === "";
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (missing) return;
    commit.mutate({ message: message.trim(), ...(objects.length > 0 && { objects: [...objects] }) }, { onSuccess: onCommitted });
  };
  const what = objects.length > 0 ? `the ${counted(objects.length, "selected object")}` : `all ${counted(total, "changed object")}`;
  return (
    <Dialog open onClose={onClose} aria-labelledby="commit-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="commit-title">Commit changes</DialogTitle>
        <DialogContent>
          <DialogContentText>Commits {what} to the active branch and pushes it to the remote.</DialogContentText>
          <Stack spacing={2} sx={{ pt: 2 }}>
            <TextField
              label="Message"
              required
              autoFocus
              multiline
              minRows={2}
              value={message}
              onChange={(e) => setMessage(e.target.value)}
              error={tried && missing}
              helperText={tried && missing ? "Say what changed and why." : " "}
              slotProps={{ htmlInput: { maxLength: 10000 } }}
            />
            {commit.error ? <ErrorAlert error={commit.error} context="Nothing was committed" hint={refusalHint(commit.error)} /> : null}
          </Stack>
        </DialogContent>
        <SubmitActions onCancel={onClose} pending={commit.isPending} submitLabel="Commit" />
      </form>
    </Dialog>
  );
}
