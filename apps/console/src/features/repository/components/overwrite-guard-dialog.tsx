import type { ReactNode } from "react";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { ErrorAlert } from "../../../components/error-alert";
import { overwrittenObjects } from "../api/overwritten-objects";
import { OverwriteList } from "./overwrite-list";
import { refusalHint } from "./refusal-hint";
import { WorkProgress } from "./work-progress";

interface OverwriteGuardDialogProps {
  id: string;
  title: string;
  description: ReactNode;
  /** Extra fields between the description and the answer. */
  children?: ReactNode;
  /** "Switch", "Pull". */
  actionLabel: string;
  /** "Switch and overwrite": offered once the server has listed the objects it would replace. */
  overwriteLabel: string;
  /** Shown under a progress bar while the server works. */
  progressLabel: string;
  run: (overwrite: boolean) => void;
  pending: boolean;
  error: unknown;
  onClose: () => void;
}

/**
 * A confirmation for an operation that imports definitions (switch, pull). When the server
 * refuses because objects have uncommitted changes (a conflict: 400), it lists them and offers to go ahead
 * and overwrite them.
 */
export function OverwriteGuardDialog({ id, title, description, children, actionLabel, overwriteLabel, progressLabel, run, pending, error, onClose }: OverwriteGuardDialogProps) {
  const refused = overwrittenObjects(error);
  return (
    <Dialog open onClose={pending ? undefined : onClose} aria-labelledby={id} fullWidth maxWidth="sm">
      <DialogTitle id={id}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText>{description}</DialogContentText>
        {children}
        {pending ? <WorkProgress label={progressLabel} /> : null}
        {refused ? <OverwriteList paths={refused} action={overwriteLabel.toLowerCase()} /> : null}
        {error && !refused ? <ErrorAlert error={error} context={`${actionLabel} failed`} hint={refusalHint(error)} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Cancel
        </Button>
        {refused ? (
          <Button color="warning" variant="contained" loading={pending} onClick={() => run(true)}>
            {overwriteLabel}
          </Button>
        ) : (
          <Button variant="contained" loading={pending} onClick={() => run(false)}>
            {actionLabel}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
