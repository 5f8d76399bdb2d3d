import { useState } from "react";
import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import CallMerge from "@mui/icons-material/CallMerge";
import type { OutRepo, OutRepositoryMerge, OutRepositoryMergePreview } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { replaceSearchParams } from "../../../lib/search-params";
import { useMergePreview } from "../api/get-merge-preview";
import { BranchSelect } from "./branch-select";
import { CommitId } from "./commit-id";
import { counted } from "../../../lib/counted";
import { MergeConfirmDialog } from "./merge-confirm-dialog";
import { aheadBehindText, mergeCountsSentence } from "./merge-counts";
import { MergePreviewTable } from "./merge-preview-table";

/**
 * The outcome of the last merge, while the head is still where it left it: once anything moves
 * the head (another merge, a commit, a pull), it no longer describes the repository. A merge that
 * stopped on conflicts is not repeated here: the merge panel above shows the repository's state.
 */
function MergeResult({ result, branch, head }: { result: OutRepositoryMerge; branch: string; head: string }) {
  if (result.status === "conflicts" || result.commit_id !== head) return null;
  if (result.status === "up_to_date") return <Alert severity="info" sx={{ mb: 2 }}>Already up to date: {branch} has nothing that is not on the active branch.</Alert>;
  return (
    <Alert severity="success" sx={{ mb: 2 }}>
      Merged {branch} as <CommitId id={result.commit_id} />: {counted(result.imported, "object")} imported or deleted.
    </Alert>
  );
}

/** Where the branch stands and what the merge would do, conflicts said before merging. */
function PreviewSummary({ preview, inProgress }: { preview: OutRepositoryMergePreview; inProgress: boolean }) {
  const { branch_name: branch, active_branch: active } = preview;
  const conflicts = preview.counts.conflict;
  return (
    <Box role="region" aria-label="Merge preview" sx={{ p: 1.5 }}>
      <Typography>
        {branch} is {aheadBehindText(preview.ahead, preview.behind)} {active}
        {preview.base_commit ? (
          <>
            {" "}
            (merge base <CommitId id={preview.base_commit} />)
          </>
        ) : null}
        . Merging brings in {mergeCountsSentence(preview)}.
      </Typography>
      {preview.hidden > 0 ? <Typography color="text.secondary">It also changes {counted(preview.hidden, "object")} you may not read.</Typography> : null}
      {inProgress ? (
        <Alert severity="info" sx={{ mt: 1 }}>
          This merge is in progress: resolve its {counted(conflicts, "conflict")} in the merge panel above, then complete it, or abort it.
        </Alert>
      ) : conflicts > 0 ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {counted(conflicts, "conflict")} predicted: both branches changed the same lines. The merge will stop for you to resolve {conflicts === 1 ? "it" : "them"}; open the three-way view to see what each side did.
        </Alert>
      ) : null}
    </Box>
  );
}

/** What a branch (`?branch=`) would bring into the active one, computed three-way from their merge base, each object with its diff; then the merge, confirmed. */
export function MergeTab({ repository }: { repository: OutRepo }) {
  const [params, setParams] = useSearchParams();
  const branch = params.get("branch") ?? "";
  const active = repository.active_branch;
  const preview = useMergePreview(branch);
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<OutRepositoryMerge | null>(null);
  const merging = repository.status === "merging";
  const nothingToMerge = preview.data?.status === "up_to_date";
  // The result of merging one branch is not shown under another.
  const choose = (name: string) => {
    setResult(null);
    replaceSearchParams(setParams, { branch: name });
  };
  return (
    <>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <BranchSelect label="Branch to merge" value={branch} exclude={active} onChange={choose} />
        <Typography color="text.secondary">into {active}</Typography>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<CallMerge />} disabled={branch === "" || merging || preview.data === undefined || nothingToMerge} onClick={() => setConfirming(true)}>
          {branch ? `Merge ${branch} into ${active}…` : "Merge…"}
        </Button>
      </Box>
      {result ? <MergeResult result={result} branch={branch} head={repository.head_commit} /> : null}
      {branch === "" ? (
        <EmptyState icon={<CallMerge />} title="Choose a branch to merge">
          What it would bring into {active} is listed here, each object with its diff and any conflict predicted, before you merge.
        </EmptyState>
      ) : preview.isPending ? (
        <LoadingState label={`Working out what merging ${branch} into ${active} brings in…`} />
      ) : preview.isError ? (
        <ErrorAlert error={preview.error} context={`Could not preview merging ${branch} into ${active}`} onRetry={() => void preview.refetch()} />
      ) : nothingToMerge ? (
        <EmptyState icon={<CallMerge />} title="Nothing to merge">
          {active} already has every commit of {branch} ({aheadBehindText(preview.data.ahead, preview.data.behind)}).
        </EmptyState>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: "auto" }}>
          <PreviewSummary preview={preview.data} inProgress={repository.merge?.branch_name === branch} />
          <MergePreviewTable preview={preview.data} />
        </Paper>
      )}
      {confirming && preview.data ? (
        <MergeConfirmDialog
          preview={preview.data}
          onClose={() => setConfirming(false)}
          onMerged={(merged) => {
            setConfirming(false);
            setResult(merged);
          }}
        />
      ) : null}
    </>
  );
}
