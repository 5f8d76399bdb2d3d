import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { displayFolder } from "../api/folder-path";
import { counted } from "../../../lib/counted";
import type { ImportMode } from "../api/import-outcome";
import type { CheckedDrop } from "./use-folder-import";

/** The last word before anything is written: how many objects, what they do to existing ones, what is left out. */
export function ImportConfirm({ open, drop, mode, onConfirm, onCancel }: { open: boolean; drop: CheckedDrop; mode: ImportMode; onConfirm: () => void; onCancel: () => void }) {
  const written = drop.rows.filter((row) => row.result !== "skipped");
  const count = (result: string) => written.filter((row) => row.result === result).length;
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="import-confirm-title">
      <DialogTitle id="import-confirm-title">
        Import {counted(written.length, "object")} into {displayFolder(drop.folder)}?
      </DialogTitle>
      <DialogContent>
        <DialogContentText>
          {count("created")} will be created, {counted(count("replaced"), "existing object")} replaced{count("kept") > 0 ? `, ${counted(count("kept"), "existing folder")} kept` : ""}.
          {drop.counts.toSkip > 0 ? ` ${counted(drop.counts.toSkip, "object")} ${drop.counts.toSkip === 1 ? "is skipped and stays as it is" : "are skipped and stay as they are"}.` : ""}
        </DialogContentText>
        <DialogContentText sx={{ mt: 1 }}>
          {mode === "all-or-nothing"
            ? "All or nothing: one transaction writes every object, or none if anything has changed since the preview."
            : "In batches: what has become invalid since the preview is skipped and listed with its reason."}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>Back</Button>
        <Button variant="contained" onClick={onConfirm} autoFocus>
          Import
        </Button>
      </DialogActions>
    </Dialog>
  );
}
