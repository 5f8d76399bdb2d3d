import { Fragment, useState } from "react";
import { useSearchParams } from "react-router";
import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { OutRepo, OutRepositoryRollback } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { replaceSearchParams } from "../../../lib/search-params";
import { useLog, type LogEntry } from "../api/get-log";
import { BranchSelect } from "./branch-select";
import { CommitChanges } from "./commit-changes";
import { CommitId } from "./commit-id";
import { counted } from "../../../lib/counted";
import { RestoreCommitDialog } from "./restore-commit-dialog";

const COLUMNS = 5;

/** The commits of a branch (`?branch=`, the active one by default), newest first; one commit's changes open below it (`?commit=`). */
export function LogTab({ repository }: { repository: OutRepo }) {
  const [params, setParams] = useSearchParams();
  const branch = params.get("branch") || repository.active_branch;
  const opened = params.get("commit");
  const log = useLog(branch);
  const [restoring, setRestoring] = useState<LogEntry | null>(null);
  const [restored, setRestored] = useState<OutRepositoryRollback | null>(null);
  return (
    <>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", mb: 2, flexWrap: "wrap" }}>
        <BranchSelect label="Branch" value={branch} onChange={(name) => replaceSearchParams(setParams, { branch: name === repository.active_branch ? null : name, commit: null })} />
      </Box>
      {restored ? (
        <Alert severity="success" onClose={() => setRestored(null)} sx={{ mb: 2 }}>
          Restored as commit <CommitId id={restored.commit_id} />: {counted(restored.imported, "object")} imported or deleted.
        </Alert>
      ) : null}
      {log.isPending ? <LoadingState label={`Loading the log of ${branch}…`} /> : null}
      {log.isError ? <ErrorAlert error={log.error} context={`Could not load the log of ${branch}`} onRetry={() => void log.refetch()} /> : null}
      {log.data ? (
        <Paper variant="outlined" sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label={`Commits of ${branch}`}>
            <TableHead>
              <TableRow>
                <TableCell>Commit</TableCell>
                <TableCell>Message</TableCell>
                <TableCell>Author</TableCell>
                <TableCell>Time</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {(log.data?.data ?? []).map((entry) => {
                // What the commit changed on this branch: against its first parent.
                const parent = entry.parents[0] ?? null;
                const open = opened === entry.commit_id;
                return (
                  <Fragment key={entry.commit_id}>
                    <TableRow hover selected={open}>
                      <TableCell>
                        <CommitId id={entry.commit_id} />
                      </TableCell>
                      <TableCell sx={{ whiteSpace: "pre-line" }}>{entry.message}</TableCell>
                      <TableCell>{entry.author}</TableCell>
                      <TableCell>
                        <DateTime value={entry.timestamp} short />
                      </TableCell>
                      <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                        <Button size="small" aria-expanded={open} onClick={() => replaceSearchParams(setParams, { commit: open ? null : entry.commit_id })} aria-label={`Changes of ${entry.commit_id.slice(0, 8)}`}>
                          {open ? "Hide changes" : "Changes"}
                        </Button>
                        <Button size="small" color="warning" onClick={() => setRestoring(entry)} disabled={repository.status === "merging"} aria-label={`Restore the version of ${entry.commit_id.slice(0, 8)}`}>
                          Restore this version
                        </Button>
                      </TableCell>
                    </TableRow>
                    {open ? (
                      <TableRow>
                        <TableCell colSpan={COLUMNS} sx={{ bgcolor: "action.hover" }}>
                          {parent ? <CommitChanges commit={entry.commit_id} parent={parent} /> : <Typography color="text.secondary">This is the branch's first commit: there is no earlier one to compare with.</Typography>}
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                );
              })}
            </TableBody>
          </Table>
          {log.data.hasmore ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              Showing the {log.data.data.length} latest of {log.data.total} commits.
            </Typography>
          ) : null}
        </Paper>
      ) : null}
      {restoring ? (
        <RestoreCommitDialog
          commit={restoring}
          branch={repository.active_branch}
          onClose={() => setRestoring(null)}
          onRestored={(result) => {
            setRestoring(null);
            setRestored(result);
          }}
        />
      ) : null}
    </>
  );
}
