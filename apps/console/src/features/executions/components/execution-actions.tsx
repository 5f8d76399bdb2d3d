import { useId, useState, type ReactNode } from "react";
import { useNavigate } from "react-router";
import Button from "@mui/material/Button";
import CancelOutlined from "@mui/icons-material/CancelOutlined";
import LockOpen from "@mui/icons-material/LockOpen";
import Replay from "@mui/icons-material/Replay";
import { ErrorCode, type OutExecution } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { RefusalNote } from "../../../components/refusal-note";
import { isApiError } from "../../../lib/api-client";
import { usePermissions, type Refusal } from "../../../lib/permissions";
import { availableActions } from "./available-actions";
import { CancelDialog } from "./cancel-dialog";
import { RestartDialog } from "./restart-dialog";
import { useChangeExecutionStatus, type StatusAction, type StatusRequest } from "../api/change-execution-status";

const ACTION_WORDS: Record<StatusAction, string> = { cancel: "cancel", restart: "restart", release: "release" };

const ALL_ACTIONS: readonly StatusAction[] = ["release", "cancel", "restart"];

/** How a refusal names each action: all three need the cancel right. */
const REFUSAL_DOING: Record<StatusAction, string> = { cancel: "cancel executions of", restart: "restart executions of", release: "release executions of" };

function hintFor(error: unknown, action: StatusAction): string | undefined {
  if (isApiError(error, 400) && error.hasCode(ErrorCode.INVALID_TRANSITION)) return `The execution's state does not allow this ${ACTION_WORDS[action]} (any more); the page shows its current state.`;
  if (isApiError(error, 400)) return "Correct the options named above and restart again.";
  return undefined;
}

/**
 * Release, Cancel and Restart as the state allows: `buttons` for the page header, `messages`
 * (errors, dialogs) for under it. Cancel and restart ask first, with their options; a 403 keeps
 * its reason on screen and turns that action off for this page: asking again would get the same
 * answer. A restart that the server refuses for its options (400) keeps the dialog open. An action
 * the user's rights do not allow (the engine's answer for the session) is off from the start, with
 * the reason in words under the header.
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
  const object = { type: execution.type, name: execution.name };
  const permissions = usePermissions([object]);
  const refusalId = useId();
  const refusals: Partial<Record<StatusAction, Refusal>> = {};
  for (const action of actions) {
    const text = permissions.refusal("cancel", object, REFUSAL_DOING[action]);
    if (text !== undefined) refusals[action] = { id: `${refusalId}-${action}`, text };
  }

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
      disabled={refusals[action] !== undefined || forbidden[action] !== undefined || (mutation.isPending && pendingAction !== action)}
      aria-describedby={refusals[action]?.id}
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
        {ALL_ACTIONS.flatMap((action) => {
          const refusal = refusals[action];
          return refusal === undefined ? [] : [<RefusalNote key={`refusal-${action}`} refusal={refusal} />];
        })}
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
