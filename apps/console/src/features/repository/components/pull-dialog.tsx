import { useState } from "react";
import Alert from "@mui/material/Alert";
import Checkbox from "@mui/material/Checkbox";
import FormControlLabel from "@mui/material/FormControlLabel";
import type { OutRepositoryPull } from "@baton/contract";
import { usePullRepository } from "../api/pull-repository";
import { CommitId } from "./commit-id";
import { counted } from "../../../lib/counted";
import { OverwriteGuardDialog } from "./overwrite-guard-dialog";

/** What a pull did, in a sentence. */
export function PullResult({ result }: { result: OutRepositoryPull }) {
  if (result.status === "up_to_date") return <>Already up to date at <CommitId id={result.commit_id} />.</>;
  return (
    <>
      Pulled: the head is now <CommitId id={result.commit_id} />, {counted(result.imported, "object")} imported or deleted.
    </>
  );
}

/** Pulls the active branch from the remote; mount it only while open. */
export function PullDialog({ branch, onClose, onPulled }: { branch: string; onClose: () => void; onPulled: (result: OutRepositoryPull) => void }) {
  const pull = usePullRepository();
  const [overwrite, setOverwrite] = useState(false);
  return (
    <OverwriteGuardDialog
      id="pull-title"
      title={`Pull ${branch}`}
      description={`Fetches ${branch} from the remote, merges it and imports the objects that changed.`}
      actionLabel="Pull"
      overwriteLabel="Pull and overwrite"
      progressLabel={`Pulling ${branch} and importing its changes…`}
      run={(force) => pull.mutate(force || overwrite, { onSuccess: onPulled })}
      pending={pull.isPending}
      error={pull.error}
      onClose={onClose}
    >
      <FormControlLabel control={<Checkbox checked={overwrite} onChange={(e) => setOverwrite(e.target.checked)} />} label="Overwrite objects with uncommitted changes" sx={{ mt: 1 }} />
      {overwrite ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          Uncommitted changes of the objects the pull brings are lost.
        </Alert>
      ) : null}
    </OverwriteGuardDialog>
  );
}
