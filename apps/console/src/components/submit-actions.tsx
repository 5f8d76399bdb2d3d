import Button from "@mui/material/Button";
import DialogActions from "@mui/material/DialogActions";

export interface SubmitActionsProps {
  onCancel: () => void;
  /** The request is under way: the submit button spins and cancelling waits for it. */
  pending: boolean;
  submitLabel: string;
  cancelLabel?: string;
  /** The form cannot be sent yet (its fields say why). */
  disabled?: boolean;
}

/** The buttons of a form dialog: cancel, and the submit button that sends the form. */
export function SubmitActions({ onCancel, pending, submitLabel, cancelLabel = "Cancel", disabled = false }: SubmitActionsProps) {
  return (
    <DialogActions>
      <Button onClick={onCancel} disabled={pending}>
        {cancelLabel}
      </Button>
      <Button type="submit" variant="contained" loading={pending} disabled={disabled}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}

/** The one button of a dialog whose work is done: close it. */
export function CloseActions({ onClose }: { onClose: () => void }) {
  return (
    <DialogActions>
      <Button variant="contained" onClick={onClose}>
        Close
      </Button>
    </DialogActions>
  );
}
