import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import type { OutRepositoryRollback } from "@baton/contract";
import type { LogEntry } from "../api/get-log";
import { ErrorAlert } from "../../../components/error-alert";
import { useRestoreCommit } from "../api/restore-commit";
import { CommitId } from "./commit-id";
import { refusalHint } from "./refusal-hint";
import { WorkProgress } from "./work-progress";

interface RestoreCommitDialogProps {
  commit: LogEntry;
  branch: string;
  onClose: () => void;
  onRestored: (result: OutRepositoryRollback) => void;
}

/** Asks before restoring a commit's definitions as a new commit; mount it only while open. */
export function RestoreCommitDialog({ commit, branch, onClose, onRestored }: RestoreCommitDialogProps) {
  const restore = useRestoreCommit();
  return (
    <Dialog open onClose={restore.isPending ? undefined : onClose} aria-labelledby="restore-title" fullWidth maxWidth="sm">
      <DialogTitle id="restore-title">Restore this version?</DialogTitle>
      <DialogContent>
        <DialogContentText>
          A new commit on {branch} gets the definitions of <CommitId id={commit.commit_id} /> “{commit.message}”, and they are imported into Baton. Later commits stay in the log.
        </DialogContentText>
        {restore.isPending ? <WorkProgress label="Restoring the definitions and importing them…" /> : null}
        {restore.error ? <ErrorAlert error={restore.error} context="Nothing was restored" hint={refusalHint(restore.error)} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={restore.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color="warning" loading={restore.isPending} onClick={() => restore.mutate(commit.commit_id, { onSuccess: onRestored })}>
          Restore
        </Button>
      </DialogActions>
    </Dialog>
  );
}
