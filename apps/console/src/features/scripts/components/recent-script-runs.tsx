import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Link from "@mui/material/Link";
import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { DateTime } from "../../../components/date-time";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { monospace } from "../../../lib/theme";
import { RECENT_RUNS_LIMIT, useRecentScriptRuns } from "../api/get-recent-script-runs";
import { RunStatus } from "./run-status";

/** Name of the executions POST /scripts creates; other Script executions are SCRI objects, named. */
const AD_HOC_NAME = "SCRIPT";

/** The last Script executions, kept current by the event stream; a run id shows that run's output. */
export function RecentScriptRuns({ selectedRunId }: { selectedRunId: number | null }) {
  const runs = useRecentScriptRuns();
  return (
    <Paper variant="outlined" component="section" aria-labelledby="recent-runs-heading" sx={{ p: 2.5 }}>
      <Typography variant="h2" id="recent-runs-heading" sx={{ mb: 0.5 }}>
        Recent runs
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        The last {RECENT_RUNS_LIMIT} script executions, updated live.
      </Typography>
      {runs.isPending ? (
        <LoadingState label="Loading recent runs…" />
      ) : runs.isError ? (
        <ErrorAlert error={runs.error} context="Could not load the recent runs" onRetry={() => void runs.refetch()} dense />
      ) : runs.data.data.length === 0 ? (
        <Typography color="text.secondary" sx={{ py: 2 }}>
          No script has run in this client yet. Write one and press Run; it shows up here.
        </Typography>
      ) : (
        <Box sx={{ overflowX: "auto" }}>
          <Table size="small" aria-label="Recent script runs" sx={{ "& th, & td": { px: 1 } }}>
            <TableHead>
              <TableRow>
                <TableCell>RunID</TableCell>
                <TableCell>Status</TableCell>
                <TableCell>Activation</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {runs.data.data.map((run) => {
                const selected = run.run_id === selectedRunId;
                return (
                  <TableRow key={run.run_id} selected={selected}>
                    <TableCell sx={{ fontFamily: monospace, whiteSpace: "nowrap", verticalAlign: "top" }}>
                      <Link
                        component={RouterLink}
                        to={{ search: `?run=${run.run_id}` }}
                        aria-label={`Run ${run.run_id}`}
                        aria-current={selected ? "true" : undefined}
                      >
                        {run.run_id}
                      </Link>
                      {run.name === AD_HOC_NAME ? null : (
                        <Typography variant="caption" component="div" color="text.secondary" sx={{ fontFamily: "inherit", whiteSpace: "normal", wordBreak: "break-all" }}>
                          {run.name}
                        </Typography>
                      )}
                    </TableCell>
                    <TableCell sx={{ verticalAlign: "top" }}>
                      <RunStatus status={run.status} text={run.status_text} brief />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: "nowrap", verticalAlign: "top" }}>
                      <DateTime value={run.activation_time} short />
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </Box>
      )}
    </Paper>
  );
}
