import type { ReactNode } from "react";
import type { UseMutationResult } from "@tanstack/react-query";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import { ErrorAlert } from "../../../components/error-alert";
import { agentRefusalHint, type AgentChange } from "./agent-refusal-hint";

interface ConfirmAgentDialogProps {
  agentName: string;
  change: AgentChange;
  title: string;
  /** What happens, in words, before the user agrees. */
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  /** The change to send with the agent's name; the dialog closes when it succeeds and shows its refusal otherwise. */
  mutation: UseMutationResult<void, Error, string>;
  /** What the refusal says when it fails, e.g. "The agent was not deleted". */
  failure: string;
  onClose: () => void;
}

/** Asks before a change to one agent and keeps the server's refusal, with what to do, in the dialog. */
export function ConfirmAgentDialog({ agentName, change, title, children, confirmLabel, danger = false, mutation, failure, onClose }: ConfirmAgentDialogProps) {
  const titleId = `${change}-agent-title`;
  return (
    <Dialog open onClose={mutation.isPending ? undefined : onClose} aria-labelledby={titleId} fullWidth maxWidth="xs">
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{children}</DialogContentText>
        {mutation.error ? (
          <Box sx={{ mt: 2 }}>
            <ErrorAlert error={mutation.error} context={failure} hint={agentRefusalHint(mutation.error, change)} />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={mutation.isPending}>
          Cancel
        </Button>
        <Button color={danger ? "error" : "primary"} variant="contained" loading={mutation.isPending} onClick={() => mutation.mutate(agentName, { onSuccess: onClose })}>
          {confirmLabel}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
