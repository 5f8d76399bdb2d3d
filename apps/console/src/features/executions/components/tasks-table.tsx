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
import { isFinalStatus } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { ErrorAlert } from "../../../components/error-alert";
import { LoadingState } from "../../../components/loading-state";
import { monospace } from "../../../lib/theme";
import { useNow } from "../../../lib/use-now";
import { useChildren } from "../api/get-children";
import { ExecutionTypeLabel } from "./execution-type-label";
import { runtimeText } from "./executions-table";
import { StatusLabel } from "./status-label";

const nowrap = { whiteSpace: "nowrap" } as const;

interface TasksTableProps {
  runId: number;
  /** "Workflow" or "Schedule": words for the empty state. */
  type: string;
  active: boolean;
}

/** The immediate children of a workflow or schedule, newest first, live through the event stream. */
export function TasksTable({ runId, type, active }: TasksTableProps) {
  const children = useChildren(runId, true);
  const rows = children.data?.pages.flatMap((page) => page.data) ?? [];
  const total = children.data?.pages[0]?.total ?? 0;
  const now = useNow(1000, rows.some((e) => !isFinalStatus(e.status) && e.start_time !== undefined));

  if (children.isPending) return <LoadingState label="Loading tasks…" />;
  if (children.isError && rows.length === 0) {
    return <ErrorAlert error={children.error} context="Could not load the tasks" onRetry={() => void children.refetch()} />;
  }
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }}>
        {active
          ? `No task has started yet. Tasks appear here as the ${type.toLowerCase()} starts them.`
          : `This ${type.toLowerCase()} started no tasks.`}
      </Typography>
    );
  }

  return (
    <>
      {children.isError ? (
        <Box sx={{ mb: 1.5 }}>
          <ErrorAlert error={children.error} context="Could not refresh the tasks" onRetry={() => void children.refetch()} dense />
        </Box>
      ) : null}
      <TableContainer sx={{ maxHeight: "60vh" }}>
        <Table size="small" stickyHeader aria-label="Tasks">
          <TableHead>
            <TableRow>
              <TableCell align="right">Line</TableCell>
              <TableCell>RunID</TableCell>
              <TableCell>Name</TableCell>
              <TableCell>Type</TableCell>
              <TableCell>Status</TableCell>
              <TableCell>Start</TableCell>
              <TableCell>End</TableCell>
              <TableCell align="right">Runtime</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((task) => (
              <TableRow key={task.run_id} hover data-run-id={task.run_id}>
                <TableCell align="right" sx={{ ...nowrap, fontFamily: monospace }}>
                  {task.line_number ?? "—"}
                </TableCell>
                <TableCell sx={{ ...nowrap, fontFamily: monospace }}>
                  <Link component={RouterLink} to={`/executions/${task.run_id}`} aria-label={`Task execution ${task.run_id}`}>
                    {task.run_id}
                  </Link>
                </TableCell>
                <TableCell sx={{ minWidth: 180, maxWidth: 320, overflowWrap: "anywhere" }}>
                  {task.name}
                  {task.restart_count ? (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {" "}
                      · restart {task.restart_count}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell sx={nowrap}>
                  <ExecutionTypeLabel type={task.type} />
                </TableCell>
                <TableCell sx={{ minWidth: 220 }}>
                  <StatusLabel status={task.status} text={task.status_text} />
                </TableCell>
                <TableCell sx={nowrap}>
                  <DateTime value={task.start_time} short />
                </TableCell>
                <TableCell sx={nowrap}>
                  <DateTime value={task.end_time} short />
                </TableCell>
                <TableCell sx={nowrap} align="right">
                  {runtimeText(task, now)}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, mt: 1.5 }}>
        <Typography variant="body2" color="text.secondary" role="status">
          Showing {rows.length} of {Math.max(total, rows.length)} task{total === 1 ? "" : "s"}
        </Typography>
        {children.hasNextPage ? (
          <Button size="small" loading={children.isFetchingNextPage} onClick={() => void children.fetchNextPage()}>
            Load more
          </Button>
        ) : null}
      </Box>
    </>
  );
}
