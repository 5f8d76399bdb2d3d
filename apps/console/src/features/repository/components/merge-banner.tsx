import { useState } from "react";
import { Link as RouterLink } from "react-router";
import Alert from "@mui/material/Alert";
import AlertTitle from "@mui/material/AlertTitle";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import FormControlLabel from "@mui/material/FormControlLabel";
import Radio from "@mui/material/Radio";
import RadioGroup from "@mui/material/RadioGroup";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { CONFLICT_RESOLUTIONS, type MergeResolution, type OutRepo, type OutRepositoryMergeState } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { useCommitChanges } from "../api/commit-changes";
import { useAbortMerge } from "../api/merge-branch";
import { reviewHref } from "../api/review-source";
import { CommitId } from "./commit-id";
import { ConflictResolver } from "./conflict-resolver";
import { counted } from "../../../lib/counted";
import { refusalHint } from "./refusal-hint";
import { WorkProgress } from "./work-progress";

/** The radio value of an edited result (the resolution itself carries the text). */
const EDITED = "edited";

interface ConflictRowProps {
  path: string;
  active: string;
  merged: string;
  value: MergeResolution | undefined;
  onChange: (resolution: MergeResolution) => void;
}

function ConflictRow({ path, active, merged, value, onChange }: ConflictRowProps) {
  const labelId = `conflict-${path}`;
  const [resolving, setResolving] = useState(false);
  const edited = typeof value === "object" ? value.content : undefined;
  return (
    <Box component="li" sx={{ py: 1, borderTop: 1, borderColor: "divider" }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap" }}>
        <Typography id={labelId} sx={{ flex: "1 1 240px", fontWeight: 500, wordBreak: "break-all" }}>
          {path}
        </Typography>
        <Button size="small" variant={resolving ? "contained" : "outlined"} aria-expanded={resolving} onClick={() => setResolving(!resolving)} aria-label={`Resolve ${path} three-way`}>
          {resolving ? "Hide three-way view" : "Resolve three-way…"}
        </Button>
        <Button size="small" component={RouterLink} to={reviewHref({ kind: "merge", branch: merged, path })} aria-label={`Review the conflict in ${path}`}>
          Review
        </Button>
        <RadioGroup
          row
          aria-labelledby={labelId}
          value={typeof value === "object" ? EDITED : (value ?? "")}
          onChange={(e) => {
            const chosen = CONFLICT_RESOLUTIONS.find((resolution) => resolution === e.target.value);
            if (chosen) onChange(chosen);
            else if (e.target.value === EDITED && edited !== undefined) onChange({ content: edited });
          }}
        >
          <FormControlLabel value="ours" control={<Radio size="small" />} label={`Ours (${active})`} />
          <FormControlLabel value="theirs" control={<Radio size="small" />} label={`Theirs (${merged})`} />
          <FormControlLabel value="current" control={<Radio size="small" />} label="Current definition" />
          <FormControlLabel value={EDITED} control={<Radio size="small" />} label="Edited result" disabled={edited === undefined} />
        </RadioGroup>
      </Box>
      {resolving ? <ConflictResolver branch={merged} active={active} path={path} edited={edited} onUse={(content) => onChange({ content })} /> : null}
    </Box>
  );
}

/**
 * Shown while the repository is merging (also after a reload): each conflict with its three-way
 * view and a choice of version or an edited result; "Complete merge" commits with those
 * resolutions, "Abort merge" gives it up.
 */
export function MergeBanner({ repository, merge }: { repository: OutRepo; merge: OutRepositoryMergeState }) {
  const active = repository.active_branch;
  const [choices, setChoices] = useState<Record<string, MergeResolution>>({});
  const [message, setMessage] = useState(`Merge branch '${merge.branch_name}' into ${active}`);
  const commit = useCommitChanges();
  const abort = useAbortMerge();
  const open = merge.conflicts.filter((path) => choices[path] === undefined).length;
  const busy = commit.isPending || abort.isPending;
  // A refusal of the last attempt no longer describes the resolutions once one changes.
  const choose = (path: string, resolution: MergeResolution) => {
    commit.reset();
    setChoices((current) => ({ ...current, [path]: resolution }));
  };
  const complete = () => {
    const resolutions = Object.fromEntries(merge.conflicts.map((path) => [path, choices[path] ?? "current"]));
    commit.mutate({ message: message.trim(), resolutions });
  };
  return (
    <Alert severity="warning" variant="outlined" sx={{ mb: 2, "& .MuiAlert-message": { flex: 1 } }} role="region" aria-label="Merge in progress">
      <AlertTitle>
        Merging {merge.branch_name} (<CommitId id={merge.commit_id} />) into {active}
      </AlertTitle>
      <Typography variant="body2">
        {counted(merge.conflicts.length, "object")} changed on both branches. Resolve each (ours, theirs, the current definition or a result edited in the three-way view), then complete the merge — or abort it to go back to {active} as it was.
      </Typography>
      <Box component="ul" aria-label="Conflicts" sx={{ listStyle: "none", p: 0, my: 1 }}>
        {merge.conflicts.map((path) => (
          <ConflictRow key={path} path={path} active={active} merged={merge.branch_name} value={choices[path]} onChange={(resolution) => choose(path, resolution)} />
        ))}
      </Box>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={1} sx={{ alignItems: { sm: "center" } }}>
        <TextField size="small" label="Merge commit message" value={message} onChange={(e) => setMessage(e.target.value)} sx={{ flex: 1 }} required error={message.trim() === ""} />
        <Button variant="contained" disabled={open > 0 || message.trim() === "" || abort.isPending} loading={commit.isPending} onClick={complete}>
          Complete merge
        </Button>
        <Button color="error" disabled={commit.isPending} loading={abort.isPending} onClick={() => abort.mutate()}>
          Abort merge
        </Button>
      </Stack>
      {open > 0 ? (
        <Typography variant="body2" sx={{ mt: 1 }} role="status">
          {counted(open, "conflict")} without a chosen version.
        </Typography>
      ) : null}
      {busy ? <WorkProgress label={commit.isPending ? "Completing the merge and importing the chosen versions…" : "Aborting the merge…"} /> : null}
      {commit.error ? <ErrorAlert error={commit.error} context="The merge was not completed" hint={refusalHint(commit.error)} /> : null}
      {abort.error ? <ErrorAlert error={abort.error} context="The merge was not aborted" hint={refusalHint(abort.error)} /> : null}
    </Alert>
  );
}
