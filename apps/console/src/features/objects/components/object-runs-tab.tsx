import { useMemo } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import History from "@mui/icons-material/History";
import { isFinalStatus, statusGroups, type OutExecution } from "@baton/contract";
import { EmptyState } from "../../../components/empty-state";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { formatDateTimeShort, formatDuration } from "../../../lib/format";
import { monospace } from "../../../lib/theme";
import { useObjectErt } from "../api/get-object-ert";
import { OBJECT_RUNS_PAGE_SIZE, useObjectRuns } from "../api/get-object-runs";
import { useObjectRunsLive } from "../api/object-runs-events";
import { RuntimeTrend } from "./runtime-trend";
import { runtimeTrend } from "./runtime-trend-model";

/** The status as the engine words it, its code first; an abnormal end also in the error colour (the words say it too). */
function RunStatus({ run }: { run: OutExecution }) {
  const groups: readonly string[] = statusGroups(run.status);
  const bad = groups.includes("abend") || groups.includes("fault") || groups.includes("cancel");
  return (
    <Box component="span" sx={{ fontFamily: monospace, fontSize: "0.8rem", whiteSpace: "nowrap", color: bad ? "error.main" : undefined, fontWeight: bad ? 600 : undefined }}>
      {run.status} {run.status_text}
    </Box>
  );
}

function RunLink({ runId }: { runId: number }) {
  return (
    <Link component={RouterLink} to={`/executions/${runId}`} sx={{ fontFamily: monospace }}>
      {runId}
    </Link>
  );
}

function RunsTable({ name, runs }: { name: string; runs: readonly OutExecution[] }) {
  return (
    <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
      <Table size="small" aria-label={`Runs of ${name}`}>
        <TableHead>
          <TableRow>
            <TableCell>Run ID</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Activated</TableCell>
            <TableCell>Ended</TableCell>
            <TableCell align="right">Runtime</TableCell>
            <TableCell align="right">ERT</TableCell>
            <TableCell>Part of</TableCell>
            <TableCell>User</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {runs.map((run) => (
            <TableRow key={run.run_id} hover>
              <TableCell>
                <RunLink runId={run.run_id} />
              </TableCell>
              <TableCell>
                <RunStatus run={run} />
              </TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTimeShort(run.activation_time)}</TableCell>
              <TableCell sx={{ whiteSpace: "nowrap" }}>{formatDateTimeShort(run.end_time)}</TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {run.start_time ? `${formatDuration(run.runtime)}${isFinalStatus(run.status) ? "" : " so far"}` : "—"}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: "nowrap" }}>
                {formatDuration(run.estimated_runtime)}
              </TableCell>
              <TableCell>{run.parent ? <RunLink runId={run.parent} /> : run.type === "C_PERIOD" ? "— (the container of its recurring starts)" : "—"}</TableCell>
              <TableCell>{run.user}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/**
 * `/objects/NAME?tab=runs`: the object's history, newest first, paged and live through the app's
 * one event stream, under the trend of its runtimes against its ERT up to the next run's.
 */
export function ObjectRunsTab({ name, type }: { name: string; type: string }) {
  const runs = useObjectRuns(name);
  // The trend is drawn without the next run's ERT until it is read (or when it cannot be).
  const ert = useObjectErt(name);
  const nextErt = ert.data?.estimated_runtime;
  useObjectRunsLive(name);
  const trend = useMemo(() => runtimeTrend(runs.data?.runs ?? [], type, nextErt), [runs.data, type, nextErt]);

  if (runs.isPending) return <LoadingState label={`Loading the runs of ${name}…`} />;
  if (runs.isError) return <ErrorAlert error={runs.error} context={`Could not read the runs of ${name}`} onRetry={() => void runs.refetch()} />;
  const { runs: rows, total, hasMore } = runs.data;
  if (rows.length === 0) {
    return (
      <EmptyState icon={<History />} title={`${name} has not run yet`}>
        Its runs appear here as soon as it is executed (the Execute button above, a workflow or a schedule), without reloading the page.
      </EmptyState>
    );
  }
  return (
    <Box sx={{ display: "grid", gap: 2.5 }}>
      <Box component="section" aria-label="Runtime trend">
        <Typography variant="h3" sx={{ mb: 1 }}>
          Runtime trend
        </Typography>
        <RuntimeTrend name={name} trend={trend} />
        {ert.isError ? <ErrorAlert dense error={ert.error} context={`Could not read the ERT of ${name}; the trend ends at its last run`} onRetry={() => void ert.refetch()} /> : null}
      </Box>
      <Box component="section" aria-label="Runs">
        <Typography variant="h3" sx={{ mb: 1 }}>
          Runs
        </Typography>
        <RunsTable name={name} runs={rows} />
        <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1.5 }}>
          <Typography variant="body2" color="text.secondary" role="status">
            {`Showing ${rows.length} of ${total} run${total === 1 ? "" : "s"}, newest first`}
          </Typography>
          {hasMore ? (
            <Button size="small" onClick={() => void runs.fetchNextPage()} loading={runs.isFetchingNextPage}>
              {`Show ${OBJECT_RUNS_PAGE_SIZE} older runs`}
            </Button>
          ) : null}
        </Box>
      </Box>
    </Box>
  );
}
