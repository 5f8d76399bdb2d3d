import type { CSSProperties, ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import CircularProgress from "@mui/material/CircularProgress";
import IconButton from "@mui/material/IconButton";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import ChevronRight from "@mui/icons-material/ChevronRight";
import ExpandMore from "@mui/icons-material/ExpandMore";
import ErrorOutline from "@mui/icons-material/ErrorOutline";
import HourglassEmpty from "@mui/icons-material/HourglassEmpty";
import DoNotDisturbOn from "@mui/icons-material/DoNotDisturbOnOutlined";
import { executionTypeName, type OutExecution } from "@baton/contract";
import { DateTime } from "../../../components/date-time";
import { describeError } from "../../../lib/describe-error";
import { formatDateTime, formatDuration } from "../../../lib/format";
import { monospace, twoLines } from "../../../lib/theme";
import type { RestartNote } from "../api/get-restart-note";
import { compactTime, runtimeText, Unbroken } from "./execution-cells";
import { notRunAgainText } from "./restart-plan";
import { StatusLabel } from "./status-label";
import { summarize, summaryText } from "./fan-out-summary";
import type { TreeRow } from "./tree-rows";

/** One height for every row (two lines of a cell at most): the virtualizer places rows without measuring them. */
export const TREE_ROW_HEIGHT = 44;
export const TREE_COLUMNS = "minmax(240px, 1fr) 80px 56px minmax(260px, 320px) 150px 100px";
export const TREE_HEADERS = ["Task", "RunID", "Line", "Status", "Runtime / ERT", "Start"] as const;
/** Columns whose numbers are right-aligned. */
export const RIGHT_ALIGNED: ReadonlySet<string> = new Set(["RunID", "Line", "Runtime / ERT"]);
const INDENT_PX = 22;

/** What a row can ask of the tree. */
export interface TreeRowActions {
  toggle: (execution: OutExecution) => void;
  list: (parentRunId: number) => void;
  loadMore: (parentRunId: number) => void;
  retry: (parentRunId: number) => void;
}

interface TreeRowViewProps {
  row: TreeRow;
  rowIndex: number;
  style: CSSProperties;
  now: number;
  /** The type code of the tree's root. */
  rootType: string;
  rootActive: boolean;
  actions: TreeRowActions;
  /** The root workflow's restart from a line: its tasks not run again say so. */
  restartNote: RestartNote | undefined;
}

const cell = { px: 1, minWidth: 0, display: "flex", alignItems: "center", overflow: "hidden", whiteSpace: "nowrap" } as const;

function RowFrame({ rowIndex, depth, style, expanded, children }: { rowIndex: number; depth: number; style: CSSProperties; expanded?: boolean; children: ReactNode }) {
  return (
    <Box
      role="row"
      aria-rowindex={rowIndex}
      aria-level={depth + 1}
      aria-expanded={expanded}
      style={style}
      sx={{ display: "grid", gridTemplateColumns: TREE_COLUMNS, alignItems: "center", borderBottom: 1, borderColor: "divider", "&:hover": { bgcolor: "action.hover" } }}
    >
      {children}
    </Box>
  );
}

/** A row that is not a task (counts, load more, loading, error) spans the whole width under its parent. */
function WideCell({ depth, children }: { depth: number; children: ReactNode }) {
  return (
    <Box role="gridcell" aria-colspan={TREE_HEADERS.length} sx={{ ...cell, gridColumn: "1 / -1", pl: `${8 + (depth + 1) * INDENT_PX}px`, gap: 1.5 }}>
      {children}
    </Box>
  );
}

function TaskCells({ row, now, toggle, restartNote }: { row: Extract<TreeRow, { kind: "task" }>; now: number; toggle: TreeRowActions["toggle"]; restartNote: RestartNote | undefined }) {
  const task = row.execution;
  const label = `${task.name} (${task.run_id})`;
  const notRunAgain = notRunAgainText(task, restartNote);
  return (
    <>
      <Box role="gridcell" sx={{ ...cell, pl: `${row.depth * INDENT_PX}px`, gap: 0.5 }}>
        {row.expandable ? (
          <IconButton size="small" onClick={() => toggle(task)} aria-label={`${row.expanded ? "Collapse" : "Expand"} ${label}`}>
            {row.expanded ? <ExpandMore fontSize="small" /> : <ChevronRight fontSize="small" />}
          </IconButton>
        ) : (
          <Box sx={{ width: 34, flexShrink: 0 }} />
        )}
        <Link component={RouterLink} to={`/executions/${task.run_id}`} aria-label={label} title={task.name} sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          {task.name}
        </Link>
        {task.restart_count ? (
          <Typography component="span" variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            · restart {task.restart_count}
          </Typography>
        ) : null}
      </Box>
      <Box role="gridcell" sx={{ ...cell, justifyContent: "flex-end", fontFamily: monospace }}>
        {task.run_id}
      </Box>
      <Box role="gridcell" sx={{ ...cell, justifyContent: "flex-end", fontFamily: monospace }}>
        {task.line_number || "—"}
      </Box>
      <Box role="gridcell" sx={cell} title={`${task.status} ${notRunAgain ?? task.status_text}`}>
        <StatusLabel status={task.status} text={notRunAgain ?? task.status_text} wrap />
      </Box>
      <Box role="gridcell" sx={{ ...cell, justifyContent: "flex-end" }} title="Runtime / estimated runtime">
        {runtimeText(task, now)}
        <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 0.5 }}>
          / {formatDuration(task.estimated_runtime)}
        </Typography>
      </Box>
      <Box role="gridcell" sx={cell}>
        {task.start_time === undefined && task.planned_start_time !== undefined ? (
          <Typography component="time" variant="body2" color="text.secondary" dateTime={task.planned_start_time} title={`Planned start: the task waits for its start time, ${formatDateTime(task.planned_start_time)}`} sx={twoLines}>
            planned <Unbroken>{compactTime(task.planned_start_time, new Date(), false)}</Unbroken>
          </Typography>
        ) : (
          <Box component="span" sx={twoLines}>
            <DateTime value={task.start_time} short />
          </Box>
        )}
      </Box>
    </>
  );
}

/** A task of the definition with no execution: where it stands in the flow, and why it has no run. */
function PlannedCells({ row }: { row: Extract<TreeRow, { kind: "planned" }> }) {
  const { task } = row;
  const words = task.active ? "not started" : "inactive";
  return (
    <>
      <Box role="gridcell" sx={{ ...cell, pl: `${row.depth * INDENT_PX}px`, gap: 0.5, color: "text.secondary" }}>
        <Box sx={{ width: 34, flexShrink: 0 }} />
        <Box component="span" title={task.name} sx={{ overflow: "hidden", textOverflow: "ellipsis" }}>
          {task.name}
        </Box>
      </Box>
      <Box role="gridcell" sx={{ ...cell, justifyContent: "flex-end", color: "text.secondary" }}>
        —
      </Box>
      <Box role="gridcell" sx={{ ...cell, justifyContent: "flex-end", fontFamily: monospace }}>
        {task.line}
      </Box>
      <Box role="gridcell" sx={{ ...cell, gap: 0.75, color: "text.secondary" }}>
        {task.active ? <HourglassEmpty fontSize="small" aria-hidden /> : <DoNotDisturbOn fontSize="small" aria-hidden />}
        <span>{task.active ? "Not started" : "Inactive (not started)"}</span>
      </Box>
      <Box role="gridcell" sx={{ ...cell, justifyContent: "flex-end", color: "text.secondary" }} aria-label={`${task.name}: ${words}, estimated runtime ${formatDuration(task.ertSeconds)}`} title="Runtime / estimated runtime">
        — / {formatDuration(task.ertSeconds)}
      </Box>
      <Box role="gridcell" sx={{ ...cell, color: "text.secondary" }}>
        —
      </Box>
    </>
  );
}

function emptyText(row: Extract<TreeRow, { kind: "empty" }>, rootType: string, rootActive: boolean): string {
  if (row.depth > 0) return "No tasks.";
  const noun = executionTypeName(rootType).toLowerCase();
  return rootActive ? `No task has started yet. Tasks appear here as the ${noun} starts them.` : `This ${noun} started no tasks.`;
}

/** One row of the task tree, whatever its kind. */
export function TreeRowView({ row, rowIndex, style, now, rootType, rootActive, actions, restartNote }: TreeRowViewProps) {
  if (row.kind === "task") {
    return (
      <RowFrame rowIndex={rowIndex} depth={row.depth} style={style} expanded={row.expandable ? row.expanded : undefined}>
        <TaskCells row={row} now={now} toggle={actions.toggle} restartNote={restartNote} />
      </RowFrame>
    );
  }
  if (row.kind === "planned") {
    return (
      <RowFrame rowIndex={rowIndex} depth={row.depth} style={style}>
        <PlannedCells row={row} />
      </RowFrame>
    );
  }
  let content: ReactNode;
  if (row.kind === "fan-out") {
    content = (
      <>
        <Typography variant="body2">{summaryText(summarize(row.children))}</Typography>
        <Button size="small" onClick={() => actions.list(row.parentRunId)} aria-label={`List the tasks of ${row.parentRunId}`}>
          List them
        </Button>
      </>
    );
  } else if (row.kind === "more") {
    content = (
      <Button size="small" loading={row.loading} onClick={() => actions.loadMore(row.parentRunId)}>
        Load more ({row.loaded.toLocaleString("en-US")} of {row.total.toLocaleString("en-US")} shown)
      </Button>
    );
  } else if (row.kind === "loading") {
    content = (
      <>
        <CircularProgress size={16} aria-hidden />
        <Typography variant="body2" color="text.secondary">
          Loading tasks…
        </Typography>
      </>
    );
  } else if (row.kind === "error") {
    // One line fits the fixed row height; the words are the same an alert would show.
    const problem = describeError(row.error);
    content = (
      <>
        <ErrorOutline color="error" fontSize="small" titleAccess="Error" />
        <Typography variant="body2" color="error" sx={{ overflow: "hidden", textOverflow: "ellipsis" }} title={[problem.title, problem.hint].filter(Boolean).join(" ")}>
          Could not load the tasks: {problem.title}
        </Typography>
        <Button size="small" onClick={() => actions.retry(row.parentRunId)}>
          Try again
        </Button>
      </>
    );
  } else {
    content = (
      <Typography variant="body2" color="text.secondary">
        {emptyText(row, rootType, rootActive)}
      </Typography>
    );
  }
  return (
    <RowFrame rowIndex={rowIndex} depth={row.depth} style={style}>
      <WideCell depth={row.depth}>{content}</WideCell>
    </RowFrame>
  );
}
