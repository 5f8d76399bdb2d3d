import { useState, type FormEvent } from "react";
import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogContentText from "@mui/material/DialogContentText";
import DialogTitle from "@mui/material/DialogTitle";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { ErrorAlert } from "../../../components/error-alert";
import { isApiError, isConflict } from "../../../lib/api-client";
import { useDeleteClient } from "../api/delete-client";
import type { ClientSummary } from "../api/get-clients";
import { CloseActions } from "../../../components/submit-actions";

interface DeleteClientDialogProps {
  target: ClientSummary;
  onClose: () => void;
}

/**
 * Deleting a client cannot be undone, so the operator types its number to confirm. The server
 * deletes in an execution; once started, the dialog links to it. Mount it only while open.
 */
export function DeleteClientDialog({ target, onClose }: DeleteClientDialogProps) {
  const [typed, setTyped] = useState("");
  const remove = useDeleteClient();
  const confirmed = typed.trim() === String(target.client);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (confirmed) remove.mutate(target.client);
  };
  const started = remove.data;
  return (
    <Dialog open onClose={remove.isPending ? undefined : onClose} aria-labelledby="delete-client-title" fullWidth maxWidth="xs">
      <DialogTitle id="delete-client-title">Delete client {target.client}?</DialogTitle>
      {started ? (
        <>
          <DialogContent>
            <Alert severity="success" role="status">
              Client {target.client} is being deleted by execution {started.run_id}.{" "}
              <Link component={RouterLink} to={`/executions/${started.run_id}`}>
                Watch execution {started.run_id}
              </Link>
            </Alert>
          </DialogContent>
          <CloseActions onClose={onClose} />
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <DialogContentText sx={{ mb: 2 }}>
              This deletes all of client {target.client}
              {target.title ? ` (${target.title})` : ""}: its {target.object_count} objects, {target.execution_count} executions and {target.user_count} users. It cannot be undone.
            </DialogContentText>
            <Stack spacing={2}>
              <TextField label="Type the client number to confirm" autoFocus value={typed} onChange={(e) => setTyped(e.target.value)} slotProps={{ htmlInput: { inputMode: "numeric", autoComplete: "off" } }} />
              {remove.error ? (
                <ErrorAlert
                  error={remove.error}
                  context="The client was not deleted"
                  hint={isConflict(remove.error) ? "Client 0 and the client you are logged in to cannot be deleted." : isApiError(remove.error, 404) ? "The client is gone already: the list shows the clients as they are now." : undefined}
                />
              ) : null}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={remove.isPending}>
              Cancel
            </Button>
            <Button type="submit" color="error" variant="contained" disabled={!confirmed} loading={remove.isPending}>
              Delete client
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
