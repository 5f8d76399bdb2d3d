import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import type { OutRepositoryMerge, OutRepositoryMergePreview } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useMergeBranch } from "../api/merge-branch";
import { counted } from "../../../lib/counted";
import { mergeCountsSentence } from "./merge-counts";
import { refusalHint } from "./refusal-hint";
import { WorkProgress } from "./work-progress";

interface MergeConfirmDialogProps {
  preview: OutRepositoryMergePreview;
  onClose: () => void;
  onMerged: (result: OutRepositoryMerge) => void;
}

/** What will happen, counted from the preview, before POST .../repositories/merge; mount it only while open. */
export function MergeConfirmDialog({ preview, onClose, onMerged }: MergeConfirmDialogProps) {
  const merge = useMergeBranch();
  const { branch_name: branch, active_branch: active } = preview;
  const conflicts = preview.counts.conflict;
  return (
    <Dialog open onClose={merge.isPending ? undefined : onClose} aria-labelledby="merge-confirm-title" fullWidth maxWidth="sm">
      <DialogTitle id="merge-confirm-title">
        Merge {branch} into {active}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText role="status" sx={{ mb: 1 }}>
          The merge brings in {mergeCountsSentence(preview)}.
          {preview.hidden > 0 ? ` It also changes ${counted(preview.hidden, "object")} you may not read.` : ""}
        </DialogContentText>
        <DialogContentText>
          {preview.status === "fast_forward"
            ? `${active} moves forward to ${branch} (a fast-forward, no merge commit); it is pushed and the changed objects are imported into Baton.`
            : `A merge commit on ${active} is pushed and the changed objects are imported into Baton. What ${active} changed alone stays as it is.`}
        </DialogContentText>
        {conflicts > 0 ? (
          <Alert severity="warning" sx={{ mt: 2 }}>
            {counted(conflicts, "conflict")} predicted: the merge will stop with nothing imported until you resolve {conflicts === 1 ? "it" : "each"} (ours, theirs or an edited result) and complete the merge, or abort it.
          </Alert>
        ) : null}
        {merge.isPending ? <WorkProgress label={`Merging ${branch} into ${active} and importing the result…`} /> : null}
        {merge.error ? <ErrorAlert error={merge.error} context="The merge did not start" hint={refusalHint(merge.error)} /> : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={merge.isPending}>
          Cancel
        </Button>
        <Button variant="contained" color={conflicts > 0 ? "warning" : "primary"} loading={merge.isPending} onClick={() => merge.mutate(branch, { onSuccess: onMerged })}>
          {conflicts > 0 ? "Merge and resolve conflicts" : "Merge"}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
