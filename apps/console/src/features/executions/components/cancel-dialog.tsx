import { useState } from "react";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import type { OutExecution } from "@baton/contract";

/** Type codes whose cancel can reach their tasks (`cancel.recursive`): workflows, schedules and period containers. */
export const HAS_TASKS: ReadonlySet<string> = new Set(["JOBP", "JSCH", "C_PERIOD"]);

/** What cancelling does, in words; a period container is the recurring start itself, so it says that no further runs start. */
export function consequence(execution: Pick<OutExecution, "name" | "type">): string {
  if (execution.type === "JOBP") return `${execution.name} ends ENDED_JP_CANCEL and starts no more tasks. Tasks already running go on unless you cancel them too.`;
  if (execution.type === "JSCH") return `${execution.name} ends ENDED_CANCEL, and so do its planned starts. Tasks already running go on unless you cancel them too.`;
  if (execution.type === "C_PERIOD") return `${execution.name} ends ENDED_CANCEL and no further runs will start: its planned run ends with it. A run already going on goes on unless you cancel it too.`;
  return `${execution.name} is stopped${execution.type === "JOBS" ? " (its processes are killed)" : ""} and ends ENDED_CANCEL.`;
}

interface CancelDialogProps {
  execution: OutExecution;
  open: boolean;
  pending: boolean;
  onClose: () => void;
  onCancel: (recursive: boolean) => void;
}

/** Asks before cancelling, saying what happens; workflows and schedules offer to cancel their running tasks too. */
export function CancelDialog({ execution, open, pending, onClose, onCancel }: CancelDialogProps) {
  const [recursive, setRecursive] = useState(false);
  const hasTasks = HAS_TASKS.has(execution.type);
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby="cancel-dialog-title">
      <DialogTitle id="cancel-dialog-title">Cancel execution {execution.run_id}?</DialogTitle>
      <DialogContent>
        <DialogContentText>{consequence(execution)}</DialogContentText>
        {hasTasks ? (
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={recursive} onChange={(e) => setRecursive(e.target.checked)} />} label={execution.type === "C_PERIOD" ? "Also cancel the run going on" : "Also cancel running tasks"} />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Keep running</Button>
        <Button color="error" variant="contained" loading={pending} onClick={() => onCancel(hasTasks && recursive)}>
          Cancel execution
        </Button>
      </DialogActions>
    </Dialog>
  );
}
