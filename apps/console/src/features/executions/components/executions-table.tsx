import { memo, useEffect, useLayoutEffect, useRef, type ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import Checkbox from "@mui/material/Checkbox";
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
import type { Column, ColumnId } from "./column-choice";

/** Rows have one height (one line each), so the virtualizer never measures and scrolling stays even. */
const ROW_HEIGHT = 40;
const HEADER_HEIGHT = 40;
const CHECKBOX_WIDTH = 44;
const NAME_MIN_WIDTH = 170;
/** Ask for the next page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 60;

/** Ended: the engine's runtime. Running: the time since start, counting up. */
export function runtimeText(execution: OutExecution, now: number): string {
  if (isFinalStatus(execution.status) || execution.start_time === undefined) return formatDuration(execution.runtime);
  return formatDuration(elapsedSeconds(execution.start_time, now));
}

function isRunning(execution: OutExecution): boolean {
  return !isFinalStatus(execution.status) && execution.start_time !== undefined;
}

interface CellContext {
  href: string;
  now: number;
  /** The run id link is the row's way in; without that column the name link takes its place. */
  runIdShown: boolean;
}

const text = (value: string | number | undefined): ReactNode => (value === undefined || value === "" ? "—" : value);
const runLink = (runId: number | undefined): ReactNode =>
  runId ? (
    <Link component={RouterLink} to={`/executions/${runId}`}>
      {runId}
    </Link>
  ) : (
    "—"
  );

const CELLS: Readonly<Record<ColumnId, (execution: OutExecution, context: CellContext) => ReactNode>> = {
  // The words before " - " (ENDED_NOT_OK, Active) fit the column; the cell's title has the rest.
  status: (e) => <StatusLabel status={e.status} text={e.status_text.split(" - ")[0]} />,
  name: (e, { href, runIdShown }) => (
    <Link component={RouterLink} to={href} color="inherit" underline="hover" tabIndex={runIdShown ? -1 : undefined} title={e.name}>
      {e.name}
    </Link>
  ),
  type: (e) => <ExecutionTypeLabel type={e.type} />,
  run_id: (e, { href }) => (
    <Link component={RouterLink} to={href} aria-label={`Execution ${e.run_id}`} sx={{ fontFamily: monospace }}>
      {e.run_id}
    </Link>
  ),
  activation_time: (e) => <DateTime value={e.activation_time} short />,
  start_time: (e) => <DateTime value={e.start_time} short />,
  end_time: (e) => <DateTime value={e.end_time} short />,
  runtime: (e, { now }) => runtimeText(e, now),
  agent: (e) => text(e.agent),
  platform: (e) => text(e.platform),
  queue: (e) => text(e.queue),
  user: (e) => text(e.user),
  alias: (e) => text(e.alias),
  title: (e) => text(e.title),
  parent: (e) => runLink(e.parent),
  reference_run_id: (e) => runLink(e.reference_run_id),
  archive_key1: (e) => text(e.archive_key1),
  archive_key2: (e) => text(e.archive_key2),
};

/**
 * One line per cell, cut with an ellipsis rather than wrapped; narrow padding and a slightly
 * smaller font let the default columns fit beside the navigation on a 1400 px screen.
 */
const cellSx = {
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  py: 0,
  px: 1,
  fontSize: "0.8125rem",
  height: ROW_HEIGHT,
  "& > span": { maxWidth: "100%", verticalAlign: "middle" },
  "& .MuiSvgIcon-root + span": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
} as const;

interface RowProps {
  execution: OutExecution;
  index: number;
  columns: readonly Column[];
  selected: boolean;
  focused: boolean;
  /** Only rows that run get the ticking clock; the others keep 0 and are not re-rendered by it. */
  now: number;
  onToggle: (runId: number, shift: boolean) => void;
  onFocusRow: (runId: number) => void;
}

const ExecutionRow = memo(function ExecutionRow({ execution, index, columns, selected, focused, now, onToggle, onFocusRow }: RowProps) {
  const runId = execution.run_id;
  const context: CellContext = { href: `/executions/${runId}`, now, runIdShown: columns.some((c) => c.id === "run_id") };
  return (
    <TableRow
      hover
      selected={selected}
      aria-selected={selected}
      aria-rowindex={index + 2}
      data-run-id={runId}
      data-focused={focused || undefined}
      tabIndex={focused ? 0 : -1}
      onClick={() => onFocusRow(runId)}
      sx={{
        height: ROW_HEIGHT,
        cursor: "default",
        "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid", outlineOffset: -2 },
        "&[data-focused] > td:first-of-type": { boxShadow: (theme) => `inset 4px 0 0 ${theme.palette.primary.main}` },
      }}
    >
      <TableCell padding="checkbox" sx={{ height: ROW_HEIGHT, py: 0 }}>
        <Checkbox
          size="small"
          checked={selected}
          onChange={(event) => onToggle(runId, event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey)}
          onClick={(event) => event.stopPropagation()}
          slotProps={{ input: { "aria-label": `Select execution ${runId}` } }}
        />
      </TableCell>
      {columns.map((column) => (
        <TableCell key={column.id} sx={cellSx} align={column.id === "runtime" ? "right" : undefined} title={column.id === "status" ? `${execution.status} ${execution.status_text}` : undefined}>
          {CELLS[column.id](execution, context)}
        </TableCell>
      ))}
    </TableRow>
  );
});

interface ExecutionsTableProps {
  rows: readonly OutExecution[];
  /** All that match on the server, loaded or not. */
  total: number;
  columns: readonly Column[];
  selected: ReadonlySet<number>;
  focusedRunId: number | null;
  /** Changes each time the keyboard moves the focus: the row is scrolled to and focused. */
  focusRequest: number;
  onToggle: (runId: number, shift: boolean) => void;
  onToggleAll: (select: boolean) => void;
  onFocusRow: (runId: number) => void;
  /** The user scrolled close to the last loaded row. */
  onNearEnd: () => void;
}

/**
 * The executions as a virtualized table: only the rows in view (and a few around them) are in the
 * page, so ten thousand rows scroll like fifty. Run id and name link to the detail page.
 */
export function ExecutionsTable({ rows, total, columns, selected, focusedRunId, focusRequest, onToggle, onToggleAll, onFocusRow, onNearEnd }: ExecutionsTableProps) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
    // The sticky header covers the first pixels: rows scrolled to must land below it.
    scrollPaddingStart: HEADER_HEIGHT,
  });
  const items = virtualizer.getVirtualItems();
  const lastIndex = items.at(-1)?.index ?? -1;
  // One clock for the whole table, ticking only while a row in view runs.
  const anyRunning = items.some((item) => {
    const row = rows[item.index];
    return row !== undefined && isRunning(row);
  });
  const now = useNow(1000, anyRunning);

  useEffect(() => {
    if (rows.length > 0 && lastIndex >= rows.length - PREFETCH_ROWS) onNearEnd();
  }, [lastIndex, rows.length, onNearEnd]);

  // The row the keyboard moved to gets the DOM focus (a screen reader reads it) once it is rendered:
  // at once when it is in view, after the scroll to it otherwise.
  const pendingFocus = useRef<number | null>(null);
  const focusPending = () => {
    const runId = pendingFocus.current;
    if (runId === null) return;
    const element = scrollRef.current?.querySelector<HTMLElement>(`tr[data-run-id="${runId}"]`);
    if (element) {
      pendingFocus.current = null;
      element.focus({ preventScroll: true });
    }
  };
  useLayoutEffect(() => {
    if (focusRequest === 0 || focusedRunId === null) return;
    const index = rows.findIndex((row) => row.run_id === focusedRunId);
    if (index < 0) return;
    pendingFocus.current = focusedRunId;
    virtualizer.scrollToIndex(index, { align: "auto" });
    focusPending();
    // Only on a keyboard request: a list update (new rows, a live patch) must not move the focus.
  }, [focusRequest]);
  useLayoutEffect(focusPending);

  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = Math.max(0, virtualizer.getTotalSize() - (items.at(-1)?.end ?? 0));
  const selectedCount = rows.reduce((count, row) => (selected.has(row.run_id) ? count + 1 : count), 0);
  const minWidth = CHECKBOX_WIDTH + columns.reduce((sum, column) => sum + (column.width ?? NAME_MIN_WIDTH), 0);
  const spacer = (height: number) =>
    height > 0 ? (
      <TableRow aria-hidden sx={{ height }}>
        <TableCell colSpan={columns.length + 1} sx={{ p: 0, border: 0 }} />
      </TableRow>
    ) : null;

  return (
    <TableContainer ref={scrollRef} sx={{ height: "max(360px, calc(100vh - 380px))", overflow: "auto" }}>
      <Table size="small" stickyHeader aria-label="Executions" aria-rowcount={Math.max(total, rows.length) + 1} sx={{ tableLayout: "fixed", minWidth }}>
        <colgroup>
          <col style={{ width: CHECKBOX_WIDTH }} />
          {columns.map((column) => (
            <col key={column.id} style={column.width === undefined ? { minWidth: NAME_MIN_WIDTH } : { width: column.width }} />
          ))}
        </colgroup>
        <TableHead>
          <TableRow aria-rowindex={1} sx={{ height: HEADER_HEIGHT }}>
            <TableCell padding="checkbox">
              <Checkbox
                size="small"
                checked={rows.length > 0 && selectedCount === rows.length}
                indeterminate={selectedCount > 0 && selectedCount < rows.length}
                onChange={(event) => onToggleAll(event.target.checked)}
                slotProps={{ input: { "aria-label": "Select all loaded executions" } }}
              />
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.id} align={column.id === "runtime" ? "right" : undefined} sx={{ px: 1 }}>
                {column.label}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {spacer(paddingTop)}
          {items.map((item) => {
            const execution = rows[item.index];
            if (execution === undefined) return null;
            return (
              <ExecutionRow
                key={execution.run_id}
                execution={execution}
                index={item.index}
                columns={columns}
                selected={selected.has(execution.run_id)}
                focused={execution.run_id === focusedRunId}
                now={isRunning(execution) ? now : 0}
                onToggle={onToggle}
                onFocusRow={onFocusRow}
              />
            );
          })}
          {spacer(paddingBottom)}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
