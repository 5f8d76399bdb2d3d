import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { useComparison } from "../api/compare-refs";
import { ChangesTable } from "./changes-table";
import { CommitId } from "./commit-id";
import { counted } from "../../../lib/counted";

/** The objects a commit changed against the commit before it, each with a link to its diff. */
export function CommitChanges({ commit, parent }: { commit: string; parent: string }) {
  const comparison = useComparison(parent, commit);
  if (comparison.isPending) return <LoadingState label="Comparing with the commit before…" />;
  if (comparison.isError) return <ErrorAlert error={comparison.error} context="Could not compare the commit with the one before" onRetry={() => void comparison.refetch()} />;
  return (
    <Paper variant="outlined" sx={{ overflowX: "auto" }}>
      <Typography sx={{ p: 1.5 }} color="text.secondary">
        <CommitId id={commit} /> changed {counted(comparison.data.total, "object")} against <CommitId id={parent} />.
      </Typography>
      <ChangesTable
        changes={comparison.data.data}
        label={`Changes of commit ${commit.slice(0, 8)}`}
        reviewOf={(change) => ({ kind: "refs", ours: parent, theirs: commit, pathOurs: change.path, pathTheirs: change.path })}
      />
    </Paper>
  );
}
