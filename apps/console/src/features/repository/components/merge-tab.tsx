import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import CallMerge from "@mui/icons-material/CallMerge";
import type { OutRepo, OutRepositoryMerge } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { replaceSearchParams } from "../../../lib/search-params";
import { useComparison } from "../api/compare-refs";
import { useMergeBranch } from "../api/merge-branch";
import { BranchSelect } from "./branch-select";
import { ChangesTable } from "./changes-table";
import { CommitId } from "./commit-id";
import { counted } from "./counted";
import { refusalHint } from "./refusal-hint";
import { WorkProgress } from "./work-progress";

function MergeResult({ result, branch }: { result: OutRepositoryMerge; branch: string }) {
  if (result.status === "merged") {
    return (
      <Alert severity="success" sx={{ mb: 2 }}>
        Merged {branch} as <CommitId id={result.commit_id} />: {counted(result.imported, "object")} imported or deleted.
      </Alert>
    );
  }
  if (result.status === "up_to_date") return <Alert severity="info" sx={{ mb: 2 }}>Already up to date: {branch} has nothing that is not on the active branch.</Alert>;
  return (
    <Alert severity="warning" sx={{ mb: 2 }}>
      {counted(result.conflicts.length, "conflict")}: choose a version for each in the merge panel above, then complete the merge.
    </Alert>
  );
}

/** What a branch (`?branch=`) would bring into the active one, each object with its diff, and the merge itself. */
export function MergeTab({ repository }: { repository: OutRepo }) {
  const [params, setParams] = useSearchParams();
  const branch = params.get("branch") ?? "";
  const active = repository.active_branch;
  const comparison = useComparison(branch === "" ? "" : active, branch);
  const merge = useMergeBranch();
  const merging = repository.status === "merging";
  // The result of merging one branch is not shown under another.
  const choose = (name: string) => {
    merge.reset();
    replaceSearchParams(setParams, { branch: name });
  };
  return (
    <>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <BranchSelect label="Branch to merge" value={branch} exclude={active} onChange={choose} />
        <Typography color="text.secondary">into {active}</Typography>
        <Box sx={{ flex: 1 }} />
        <Button variant="contained" startIcon={<CallMerge />} disabled={branch === "" || merging} loading={merge.isPending} onClick={() => merge.mutate(branch)}>
          {branch ? `Merge ${branch} into ${active}` : "Merge"}
        </Button>
      </Box>
      {merge.isPending ? <WorkProgress label={`Merging ${branch} into ${active} and importing the result…`} /> : null}
      {merge.data ? <MergeResult result={merge.data} branch={branch} /> : null}
      {merge.error ? <ErrorAlert error={merge.error} context="The merge did not start" hint={refusalHint(merge.error)} /> : null}
      {branch === "" ? (
        <EmptyState icon={<CallMerge />} title="Choose a branch to merge">
          Its changes against {active} are listed here, each with its diff, before you merge.
        </EmptyState>
      ) : comparison.isPending ? (
        <LoadingState label={`Comparing ${branch} with ${active}…`} />
      ) : comparison.isError ? (
        <ErrorAlert error={comparison.error} context={`Could not compare ${branch} with ${active}`} onRetry={() => void comparison.refetch()} />
      ) : comparison.data.total === 0 ? (
        <EmptyState icon={<CallMerge />} title="No differences">
          {branch} and {active} have the same objects.
        </EmptyState>
      ) : (
        <Paper variant="outlined" sx={{ overflowX: "auto" }}>
          <Typography sx={{ p: 1.5 }} color="text.secondary">
            {counted(comparison.data.total, "object differs", "objects differ")} between {active} and {branch}.
          </Typography>
          <ChangesTable
            changes={comparison.data.data}
            label={`Differences between ${active} and ${branch}`}
            reviewOf={(change) => ({ kind: "refs", ours: active, theirs: branch, pathOurs: change.path, pathTheirs: change.path })}
          />
        </Paper>
      )}
    </>
  );
}
