import { useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import Button from "@mui/material/Button";
import CancelOutlined from "@mui/icons-material/CancelOutlined";
import LockOpen from "@mui/icons-material/LockOpen";
import Replay from "@mui/icons-material/Replay";
import { ErrorCode, type OutExecution } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { isApiError } from "../../../lib/api-client";
import { availableActions } from "./available-actions";
import { CancelDialog } from "./cancel-dialog";
import { RestartDialog } from "./restart-dialog";
import { useChangeExecutionStatus, type StatusAction, type StatusRequest } from "../api/change-execution-status";

const ACTION_WORDS: Record<StatusAction, string> = { cancel: "cancel", restart: "restart", release: "release" };

const ALL_ACTIONS: readonly StatusAction[] = ["release", "cancel", "restart"];

function hintFor(error: unknown, action: StatusAction): string | undefined {
  if (isApiError(error, 400) && error.hasCode(ErrorCode.INVALID_TRANSITION)) return `The execution's state does not allow this ${ACTION_WORDS[action]} (any more); the page shows its current state.`;
  if (isApiError(error, 400)) return "Correct the options named above and restart again.";
  return undefined;
}

/**
 * Release, Cancel and Restart as the state allows: `buttons` for the page header, `messages`
 * (errors, dialogs) for under it. Cancel and restart ask first, with their options; a 403 keeps
 * its reason on screen and turns that action off for this page: asking again would get the same
 * answer. A restart that the server refuses for its options (400) keeps the dialog open.
 */
export function useExecutionActions(execution: OutExecution): { buttons: ReactNode; messages: ReactNode } {
  const runId = execution.run_id;
  const navigate = useNavigate();
  const mutation = useChangeExecutionStatus(runId);
  const [forbidden, setForbidden] = useState<Partial<Record<StatusAction, unknown>>>({});
  const [failed, setFailed] = useState<{ action: StatusAction; error: unknown } | null>(null);
  const [dialog, setDialog] = useState<"cancel" | "restart" | null>(null);
  const actions = availableActions(execution);
  const pendingAction = mutation.isPending ? mutation.variables.action : null;

  const run = (change: StatusRequest) => {
    setFailed(null);
    mutation.mutate(change, {
      onSuccess: ({ run_id }) => {
        setDialog(null);
        if (run_id !== undefined) void navigate(`/executions/${run_id}`);
      },
      onError: (error) => {
        if (isApiError(error, 403)) setForbidden((current) => ({ ...current, [change.action]: error }));
        else setFailed({ action: change.action, error });
        // Options the server refused can be corrected in the still open dialog.
        if (!(change.action === "restart" && isApiError(error, 400) && !error.hasCode(ErrorCode.INVALID_TRANSITION))) setDialog(null);
      },
    });
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

  const failure = failed ? <ErrorAlert error={failed.error} context={`Could not ${ACTION_WORDS[failed.action]} execution ${runId}`} hint={hintFor(failed.error, failed.action)} dense /> : null;
  return {
    buttons: (
      <>
        {actions.includes("release") ? button("release", "Release", <LockOpen />, () => run({ action: "release" })) : null}
        {actions.includes("cancel") ? button("cancel", "Cancel", <CancelOutlined />, () => setDialog("cancel"), "error") : null}
        {actions.includes("restart") ? button("restart", "Restart", <Replay />, () => { setFailed(null); setDialog("restart"); }) : null}
      </>
    ),
    messages: (
      <>
        {ALL_ACTIONS.filter((action) => forbidden[action] !== undefined).map((action) => (
          <ErrorAlert key={action} error={forbidden[action]} context={`You may not ${ACTION_WORDS[action]} execution ${runId}`} dense />
        ))}
        {dialog === null ? failure : null}
        {/* Mounted only while open: each opening starts with the options cleared. */}
        {dialog === "cancel" ? (
          <CancelDialog execution={execution} open pending={pendingAction === "cancel"} onClose={() => setDialog(null)} onCancel={(recursive) => run({ action: "cancel", cancel: { recursive } })} />
        ) : null}
        {dialog === "restart" ? (
          <RestartDialog
            execution={execution}
            open
            pending={pendingAction === "restart"}
            failure={failure}
            onClose={() => setDialog(null)}
            onRestart={(restart, of) => run({ action: "restart", restart, ...(of !== undefined && { runId: of }) })}
          />
        ) : null}
      </>
    ),
  };
}
