import { useState, type FormEvent, type ReactNode } from "react";
import { useNavigate } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import TextField from "@mui/material/TextField";
import CancelOutlined from "@mui/icons-material/CancelOutlined";
import LockOpen from "@mui/icons-material/LockOpen";
import Replay from "@mui/icons-material/Replay";
import { ErrorCode, type OutExecution } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { isApiError } from "../../../lib/api-client";
import { availableActions } from "./available-actions";
import { useChangeExecutionStatus, type StatusAction, type StatusChange } from "../api/change-execution-status";

/** Types whose cancel can reach their tasks (`cancel.recursive`). */
const HAS_TASKS = new Set(["Workflow", "Schedule"]);
/** Queue names follow object names: letters, digits and . _ - # $ @, at most 200 characters. */
const QUEUE_NAME = /^[A-Za-z0-9._\-#$@]{1,200}$/;

const ACTION_WORDS: Record<StatusAction, string> = { cancel: "cancel", restart: "restart", release: "release" };

const ALL_ACTIONS: readonly StatusAction[] = ["release", "cancel", "restart"];

function hintFor(error: unknown, action: StatusAction): string | undefined {
  if (isApiError(error, 400) && error.hasCode(ErrorCode.INVALID_TRANSITION)) return `The execution's state does not allow this ${ACTION_WORDS[action]} (any more); the page shows its current state.`;
  if (isApiError(error, 403)) return `You may not ${ACTION_WORDS[action]} this execution: it needs the cancel/restart right on the object. Ask an administrator.`;
  return undefined;
}

/**
 * Release, Cancel and Restart as the state allows: `buttons` for the page header, `messages`
 * (errors, dialogs) for under it. A 403 keeps its reason on screen and turns that action off for
 * this page: asking again would get the same answer.
 */
export function useExecutionActions(execution: OutExecution): { buttons: ReactNode; messages: ReactNode } {
  const runId = execution.run_id;
  const navigate = useNavigate();
  const mutation = useChangeExecutionStatus(runId);
  const [forbidden, setForbidden] = useState<Partial<Record<StatusAction, unknown>>>({});
  const [failed, setFailed] = useState<{ action: StatusAction; error: unknown } | null>(null);
  const [dialog, setDialog] = useState<"cancel" | "restart" | null>(null);
  const [recursive, setRecursive] = useState(false);
  const [queue, setQueue] = useState("");
  const actions = availableActions(execution);
  const pendingAction = mutation.isPending ? mutation.variables.action : null;

  const run = (change: StatusChange) => {
    setFailed(null);
    mutation.mutate(change, {
      onSuccess: ({ run_id }) => {
        setDialog(null);
        if (change.action === "restart") void navigate(`/executions/${run_id}`);
      },
      onError: (error) => {
        setDialog(null);
        if (isApiError(error, 403)) setForbidden((current) => ({ ...current, [change.action]: error }));
        else setFailed({ action: change.action, error });
      },
    });
  };

  const trimmedQueue = queue.trim().toUpperCase();
  const queueInvalid = trimmedQueue !== "" && !QUEUE_NAME.test(trimmedQueue);
  const submitRestart = (event: FormEvent) => {
    event.preventDefault();
    if (queueInvalid) return;
    run({ action: "restart", restart: trimmedQueue === "" ? {} : { queue: trimmedQueue } });
  };

  const button = (action: StatusAction, label: string, icon: ReactNode, onClick: () => void, color: "primary" | "error" = "primary") => (
    <Button
      key={action}
      variant="outlined"
      color={color}
      startIcon={icon}
      loading={pendingAction === action}
      loadingPosition="start"
      disabled={forbidden[action] !== undefined || (mutation.isPending && pendingAction !== action)}
      onClick={onClick}
    >
      {label}
    </Button>
  );

  const hasTasks = HAS_TASKS.has(execution.type);
  return {
    buttons: (
      <>
        {actions.includes("release") ? button("release", "Release", <LockOpen />, () => run({ action: "release" })) : null}
        {actions.includes("cancel")
          ? button(
              "cancel",
              "Cancel",
              <CancelOutlined />,
              () => {
                setRecursive(false);
                setDialog("cancel");
              },
              "error",
            )
          : null}
        {actions.includes("restart")
          ? button("restart", "Restart", <Replay />, () => {
              setQueue("");
              setDialog("restart");
            })
          : null}
      </>
    ),
    messages: (
      <>
        {ALL_ACTIONS.filter((action) => forbidden[action] !== undefined).map((action) => (
          <ErrorAlert key={action} error={forbidden[action]} context={`You may not ${ACTION_WORDS[action]} execution ${runId}`} hint={hintFor(forbidden[action], action)} dense />
        ))}
        {failed ? <ErrorAlert error={failed.error} context={`Could not ${ACTION_WORDS[failed.action]} execution ${runId}`} hint={hintFor(failed.error, failed.action)} dense /> : null}
        <Dialog open={dialog === "cancel"} onClose={() => setDialog(null)} aria-labelledby="cancel-dialog-title">
          <DialogTitle id="cancel-dialog-title">Cancel execution {runId}?</DialogTitle>
          <DialogContent>
            <DialogContentText>
              {execution.type === "Workflow"
                ? `${execution.name} ends ENDED_JP_CANCEL and starts no more tasks. Tasks already running go on unless you cancel them too.`
                : execution.type === "Schedule"
                  ? `${execution.name} ends ENDED_CANCEL, and so do its planned starts. Tasks already running go on unless you cancel them too.`
                  : `${execution.name} is stopped${execution.type === "Job" ? " (its processes are killed)" : ""} and ends ENDED_CANCEL.`}
            </DialogContentText>
            {hasTasks ? (
              <FormControlLabel
                sx={{ mt: 1 }}
                control={<Checkbox checked={recursive} onChange={(e) => setRecursive(e.target.checked)} />}
                label="Also cancel running tasks"
              />
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button onClick={() => setDialog(null)}>Keep running</Button>
            <Button
              color="error"
              variant="contained"
              loading={pendingAction === "cancel"}
              onClick={() => run({ action: "cancel", cancel: { recursive: hasTasks && recursive } })}
            >
              Cancel execution
            </Button>
          </DialogActions>
        </Dialog>
        <Dialog open={dialog === "restart"} onClose={() => setDialog(null)} aria-labelledby="restart-dialog-title">
          <Box component="form" onSubmit={submitRestart} noValidate>
            <DialogTitle id="restart-dialog-title">Restart execution {runId}?</DialogTitle>
            <DialogContent>
              <DialogContentText sx={{ mb: 2 }}>
                A new execution runs the definition {execution.name} ran{execution.parent ? ", on the same line of its workflow" : ""}. You are taken to it.
              </DialogContentText>
              <TextField
                label="Queue"
                value={queue}
                onChange={(e) => setQueue(e.target.value)}
                placeholder={execution.queue || "CLIENT_QUEUE"}
                helperText={queueInvalid ? "A queue name has letters, digits and . _ - # $ @ only." : `Optional. Empty keeps the object's queue${execution.queue ? ` (was ${execution.queue})` : ""}.`}
                error={queueInvalid}
                fullWidth
                size="small"
                slotProps={{ inputLabel: { shrink: true } }}
              />
            </DialogContent>
            <DialogActions>
              <Button onClick={() => setDialog(null)}>Close</Button>
              <Button type="submit" variant="contained" loading={pendingAction === "restart"} disabled={queueInvalid}>
                Restart
              </Button>
            </DialogActions>
          </Box>
        </Dialog>
      </>
    ),
  };
}
