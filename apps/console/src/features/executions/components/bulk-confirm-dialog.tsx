import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import { monospace } from "../../../lib/theme";
import { bulkQuestion, leftOutSentences, type BulkPlan } from "./bulk-plan";
import { HAS_TASKS } from "./cancel-dialog";

/** Enough names to recognise the selection; the count says the rest. */
const NAMES_SHOWN = 8;

interface BulkConfirmDialogProps {
  request: BulkPlan | null;
  pending: boolean;
  onConfirm: (recursive: boolean) => void;
  onClose: () => void;
}

/** Asks before a cancel or restart of one or many executions, naming how many and which, and why the others are left out. */
export function BulkConfirmDialog({ request, pending, onConfirm, onClose }: BulkConfirmDialogProps) {
  const [recursive, setRecursive] = useState(false);
  const action = request?.action ?? "cancel";
  const eligible = request?.eligible ?? [];
  const leftOut = request === null ? [] : leftOutSentences(request);
  const question = bulkQuestion(action, eligible.length);
  const hasTasks = action === "cancel" && eligible.some((e) => HAS_TASKS.has(e.type));
  return (
    <Dialog open={request !== null} onClose={pending ? undefined : onClose} aria-labelledby="bulk-dialog-title" slotProps={{ transition: { onEnter: () => setRecursive(false) } }}>
      <DialogTitle id="bulk-dialog-title">{question}</DialogTitle>
      <DialogContent>
        {eligible.length > 0 ? (
          <>
            <DialogContentText>
              {action === "cancel" ? "These executions are stopped and end ENDED_CANCEL (workflows ENDED_JP_CANCEL):" : "Each of these runs again as a new execution:"}
            </DialogContentText>
            <Box component="ul" sx={{ my: 1, pl: 3, fontSize: "0.9rem" }}>
              {eligible.slice(0, NAMES_SHOWN).map((e) => (
                <li key={e.run_id}>
                  <Box component="span" sx={{ fontFamily: monospace }}>
                    {e.run_id}
                  </Box>{" "}
                  {e.name}
                </li>
              ))}
              {eligible.length > NAMES_SHOWN ? <li>and {eligible.length - NAMES_SHOWN} more</li> : null}
            </Box>
          </>
        ) : null}
        {leftOut.map((sentence) => (
          <DialogContentText key={sentence} sx={{ mt: 1 }}>
            {sentence}
          </DialogContentText>
        ))}
        {hasTasks ? (
          <FormControlLabel sx={{ mt: 1 }} control={<Checkbox checked={recursive} onChange={(event) => setRecursive(event.target.checked)} />} label="Also cancel running tasks of workflows and schedules" />
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          {action === "cancel" && eligible.length > 0 ? "Keep running" : "Close"}
        </Button>
        {eligible.length > 0 ? (
          <Button variant="contained" color={action === "cancel" ? "error" : "primary"} loading={pending} onClick={() => onConfirm(hasTasks && recursive)}>
            {question.slice(0, -1)}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
