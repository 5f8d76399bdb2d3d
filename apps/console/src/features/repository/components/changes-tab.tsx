import { useState } from "react";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import CheckCircleOutline from "@mui/icons-material/CheckCircleOutline";
import type { OutRepo, OutRepositoryCommit } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { useChanges } from "../api/get-changes";
import { ChangesTable } from "./changes-table";
import { CommitDialog } from "./commit-dialog";
import { CommitId } from "./commit-id";
import { counted } from "../../../lib/counted";

/** The objects whose definition differs from HEAD, chosen by checkbox and committed in a dialog; while merging, the merge panel commits. */
export function ChangesTab({ repository }: { repository: OutRepo }) {
  const changes = useChanges();
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [committing, setCommitting] = useState(false);
  const [committed, setCommitted] = useState<OutRepositoryCommit | null>(null);
  if (changes.isPending) return <LoadingState label="Comparing the objects with HEAD…" />;
  if (changes.isError) return <ErrorAlert error={changes.error} context="Could not read the uncommitted changes" onRetry={() => void changes.refetch()} />;
  const { data } = changes.data;
  // Only rows still listed count: a committed or reverted object drops out of the selection.
  const chosen = data.filter((c) => selected.has(c.name)).map((c) => c.name);
  const merging = repository.status === "merging";
  return (
    <>
      {committed ? (
        <Alert severity="success" onClose={() => setCommitted(null)} sx={{ mb: 2 }}>
          Committed <CommitId id={committed.commit_id} /> “{committed.message}”: {counted(committed.changed, "object")}.
        </Alert>
      ) : null}
      {data.length === 0 ? (
        <EmptyState icon={<CheckCircleOutline />} title="No uncommitted changes">
          Every object is as HEAD has it. Edit or import objects, and their changes appear here.
        </EmptyState>
      ) : (
        <>
          <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1, flexWrap: "wrap" }}>
            <Typography color="text.secondary" sx={{ flex: 1 }} role="status">
              {counted(data.length, "changed object")}
              {chosen.length > 0 ? `, ${chosen.length} selected` : ""}
              {merging ? ". Complete or abort the merge above before committing them." : ""}
            </Typography>
            <Button variant="contained" onClick={() => setCommitting(true)} disabled={merging}>
              {chosen.length > 0 ? `Commit ${chosen.length} selected…` : "Commit all…"}
            </Button>
          </Box>
          <Paper variant="outlined" sx={{ overflowX: "auto" }}>
            <ChangesTable
              changes={data}
              label="Uncommitted changes"
              reviewOf={(change) => ({ kind: "change", path: change.path })}
              selection={{ selected, onChange: setSelected }}
            />
          </Paper>
        </>
      )}
      {committing ? (
        <CommitDialog
          objects={chosen}
          total={data.length}
          onClose={() => setCommitting(false)}
          onCommitted={(commit) => {
            setCommitting(false);
            setSelected(new Set());
            setCommitted(commit);
          }}
        />
      ) : null}
    </>
  );
}
