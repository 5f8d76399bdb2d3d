import { useState } from "react";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Chip from "@mui/material/Chip";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import Add from "@mui/icons-material/Add";
import type { OutRepo } from "@baton/contract";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { useBranches } from "../api/get-branches";
import { CommitId } from "./commit-id";
import { CreateBranchDialog } from "./create-branch-dialog";
import { aheadBehindText } from "./merge-counts";
import { SwitchBranchDialog } from "./switch-branch-dialog";

/** The local branches: which is active, where each points, how far ahead and behind the active one; create one, switch to another. */
export function BranchesTab({ repository }: { repository: OutRepo }) {
  const branches = useBranches();
  const [creating, setCreating] = useState(false);
  const [switchTo, setSwitchTo] = useState<string | null>(null);
  const merging = repository.status === "merging";
  return (
    <>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mb: 1 }}>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {merging ? "Complete or abort the merge before creating or switching branches." : `Objects follow ${repository.active_branch}. Switching imports another branch's definitions.`}
        </Typography>
        <Button variant="contained" startIcon={<Add />} onClick={() => setCreating(true)} disabled={merging}>
          New branch
        </Button>
      </Box>
      {branches.isPending ? <LoadingState label="Loading the branches…" /> : null}
      {branches.isError ? <ErrorAlert error={branches.error} context="Could not load the branches" onRetry={() => void branches.refetch()} /> : null}
      {branches.data ? (
        <Paper variant="outlined" sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Branches">
            <TableHead>
              <TableRow>
                <TableCell>Branch</TableCell>
                <TableCell>Head</TableCell>
                <TableCell>Against {repository.active_branch}</TableCell>
                <TableCell>Last commit</TableCell>
                <TableCell align="right">Actions</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {branches.data.data.map((branch) => (
                <TableRow key={branch.name} hover selected={branch.active}>
                  <TableCell sx={{ fontWeight: 500 }}>
                    {branch.name} {branch.active ? <Chip size="small" color="primary" label="active" sx={{ ml: 1 }} /> : null}
                  </TableCell>
                  <TableCell>
                    <CommitId id={branch.commit_id} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: "nowrap" }}>{branch.active || branch.ahead === undefined || branch.behind === undefined ? "—" : aheadBehindText(branch.ahead, branch.behind)}</TableCell>
                  <TableCell>{branch.message}</TableCell>
                  <TableCell align="right">
                    {branch.active ? null : (
                      <Button size="small" onClick={() => setSwitchTo(branch.name)} disabled={merging} aria-label={`Switch to ${branch.name}`}>
                        Switch
                      </Button>
                    )}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {branches.data.hasmore ? (
            <Typography color="text.secondary" sx={{ p: 2 }}>
              Showing {branches.data.data.length} of {branches.data.total} branches.
            </Typography>
          ) : null}
        </Paper>
      ) : null}
      {creating ? <CreateBranchDialog activeBranch={repository.active_branch} onClose={() => setCreating(false)} /> : null}
      {switchTo ? <SwitchBranchDialog branch={switchTo} onClose={() => setSwitchTo(null)} /> : null}
    </>
  );
}
