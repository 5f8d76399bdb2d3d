import { useState, type FormEvent } from "react";
import Button from "@mui/material/Button";
import Checkbox from "@mui/material/Checkbox";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import FormControlLabel from "@mui/material/FormControlLabel";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import { BranchName, RepositoryRef } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useCreateBranch } from "../api/create-branch";
import { overwrittenObjects } from "../api/overwritten-objects";
import { OverwriteList } from "./overwrite-list";
import { WorkProgress } from "./work-progress";

/** Why a name or start point is refused before asking the server; null when fine. */
function fieldProblem(value: string, valid: boolean, required: boolean): string | null {
  if (value === "") return required ? "Enter a name." : null;
  return valid ? null : "Git does not accept this: no spaces, no '..', not starting with '-' or '.'.";
}

/** A new branch at a start point (a branch or a commit; the head when empty), made active at once when asked. Mount it only while open. */
export function CreateBranchDialog({ activeBranch, onClose }: { activeBranch: string; onClose: () => void }) {
  const [name, setName] = useState("");
  const [startPoint, setStartPoint] = useState("");
  const [switchTo, setSwitchTo] = useState(true);
  const [tried, setTried] = useState(false);
  const create = useCreateBranch();
  const nameProblem = fieldProblem(name.trim(), BranchName.safeParse(name.trim()).success, true);
  const startProblem = fieldProblem(startPoint.trim(), RepositoryRef.safeParse(startPoint.trim()).success, false);
  const refused = overwrittenObjects(create.error);
  const send = (overwrite: boolean) => {
    setTried(true);
    if (nameProblem || startProblem) return;
    const start = startPoint.trim();
    create.mutate({ branch_name: name.trim(), ...(start && { start_point: start }), switch: switchTo, overwrite }, { onSuccess: onClose });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send(false);
  };
  return (
    <Dialog open onClose={create.isPending ? undefined : onClose} aria-labelledby="create-branch-title" fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle id="create-branch-title">New branch</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField label="Branch name" required autoFocus value={name} onChange={(e) => setName(e.target.value)} error={tried && nameProblem !== null} helperText={(tried && nameProblem) || "e.g. feature/nightly-batch"} />
            <TextField
              label="Start point"
              value={startPoint}
              onChange={(e) => setStartPoint(e.target.value)}
              error={tried && startProblem !== null}
              helperText={(tried && startProblem) || `A branch or commit id; empty: the head of ${activeBranch}.`}
            />
            <FormControlLabel control={<Checkbox checked={switchTo} onChange={(e) => setSwitchTo(e.target.checked)} />} label="Switch to the new branch" />
            {create.isPending ? <WorkProgress label={switchTo ? `Creating ${name.trim()} and importing its definitions…` : `Creating ${name.trim()}…`} /> : null}
            {refused ? <OverwriteList paths={refused} action="create and overwrite" /> : null}
            {create.error && !refused ? <ErrorAlert error={create.error} context="The branch was not created" /> : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={create.isPending}>
            Cancel
          </Button>
          {refused ? (
            <Button color="warning" variant="contained" loading={create.isPending} onClick={() => send(true)}>
              Create and overwrite
            </Button>
          ) : (
            <Button type="submit" variant="contained" loading={create.isPending}>
              Create branch
            </Button>
          )}
        </DialogActions>
      </form>
    </Dialog>
  );
}
