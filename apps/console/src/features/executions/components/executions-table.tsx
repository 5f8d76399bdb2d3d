import { Link as RouterLink } from "react-router";
import Link from "@mui/material/Link";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import { isFinalStatus, type OutExecution } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { elapsedSeconds, formatDuration } from "../../../lib/format";
import { useNow } from "../../../lib/use-now";
import { monospace } from "../../../lib/theme";
import { StatusLabel } from "./status-label";
import { ExecutionTypeLabel } from "./execution-type-label";

const nowrap = { whiteSpace: "nowrap" } as const;

/** Ended: the engine's runtime. Running: the time since start, counting up. */
export function runtimeText(execution: OutExecution, now: number): string {
  if (isFinalStatus(execution.status) || execution.start_time === undefined) return formatDuration(execution.runtime);
  return formatDuration(elapsedSeconds(execution.start_time, now));
}

/** One row per execution; run id and name link to the detail page. */
export function ExecutionsTable({ executions }: { executions: readonly OutExecution[] }) {
  // One clock for the whole table, ticking only while something runs.
  const now = useNow(1000, executions.some((e) => !isFinalStatus(e.status) && e.start_time !== undefined));
  return (
    <TableContainer sx={{ maxHeight: "calc(100vh - 330px)", minHeight: 200 }}>
      <Table size="small" stickyHeader aria-label="Executions">
        <TableHead>
          <TableRow>
            <TableCell>RunID</TableCell>
            <TableCell>Name</TableCell>
            <TableCell>Type</TableCell>
            <TableCell>Status</TableCell>
            <TableCell>Activation</TableCell>
            <TableCell>Start</TableCell>
            <TableCell>End</TableCell>
            <TableCell align="right">Runtime</TableCell>
            <TableCell>Agent</TableCell>
            <TableCell>User</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {executions.map((execution) => {
            const href = `/executions/${execution.run_id}`;
            return (
              <TableRow key={execution.run_id} hover data-run-id={execution.run_id}>
                <TableCell sx={{ ...nowrap, fontFamily: monospace }}>
                  <Link component={RouterLink} to={href} aria-label={`Execution ${execution.run_id}`}>
                    {execution.run_id}
                  </Link>
                </TableCell>
                <TableCell sx={{ minWidth: 200, maxWidth: 360, overflowWrap: "anywhere" }}>
                  <Link component={RouterLink} to={href} color="inherit" underline="hover" tabIndex={-1}>
                    {execution.name}
                  </Link>
                  {execution.alias && execution.alias !== execution.name ? (
                    <span title="Alias"> ({execution.alias})</span>
                  ) : null}
                </TableCell>
                <TableCell sx={nowrap}>
                  <ExecutionTypeLabel type={execution.type} />
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <StatusLabel status={execution.status} text={execution.status_text} />
                </TableCell>
                <TableCell sx={nowrap}>
                  <DateTime value={execution.activation_time} short />
                </TableCell>
                <TableCell sx={nowrap}>
                  <DateTime value={execution.start_time} short />
                </TableCell>
                <TableCell sx={nowrap}>
                  <DateTime value={execution.end_time} short />
                </TableCell>
                <TableCell sx={nowrap} align="right">
                  {runtimeText(execution, now)}
                </TableCell>
                <TableCell sx={nowrap}>{execution.agent ?? "—"}</TableCell>
                <TableCell sx={nowrap}>{execution.user}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
