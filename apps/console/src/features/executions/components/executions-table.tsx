import { memo, useEffect, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from "react";
import { Link as RouterLink } from "react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import { styled } from "@mui/material/styles";
import Checkbox from "@mui/material/Checkbox";
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
import { statusLook } from "./status-label";
import { executionTypeText } from "../../../lib/execution-type";
import { typeIcon } from "./execution-type-label";
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

/**
 * Class names of the rows and what is in their cells. Rows scroll in by the dozen every second,
 * so they are plain elements styled once by the table (`ScrollArea`) rather than MUI components
 * and `sx` props, whose styles would be computed again for every cell of every row that mounts.
 */
const C = {
  row: "ExecutionsTable-row",
  cell: "ExecutionsTable-cell",
  checkboxCell: "ExecutionsTable-checkboxCell",
  checkbox: "ExecutionsTable-checkbox",
  checkboxInput: "ExecutionsTable-checkboxInput",
  checkboxIcon: "ExecutionsTable-checkboxIcon",
  alignRight: "ExecutionsTable-alignRight",
  status: "ExecutionsTable-status",
  statusIcon: "ExecutionsTable-statusIcon",
  statusCode: "ExecutionsTable-statusCode",
  type: "ExecutionsTable-type",
  nameLink: "ExecutionsTable-nameLink",
  runLink: "ExecutionsTable-runLink",
} as const;

interface CellContext {
  href: string;
  now: number;
  /** The run id link is the row's way in; without that column the name link takes its place. */
  runIdShown: boolean;
}

const text = (value: string | number | undefined): ReactNode => (value === undefined || value === "" ? "—" : value);
const runLink = (runId: number | undefined): ReactNode =>
  runId ? (
    <RouterLink className={C.runLink} to={`/executions/${runId}`}>
      {runId}
    </RouterLink>
  ) : (
    "—"
  );

/** Status as icon + code + text, as StatusLabel shows it: the icon's accessible name is the group, so the state never depends on colour. */
function statusCell(status: number, words: string): ReactNode {
  const look = statusLook(status);
  return (
    <span className={C.status}>
      {look.icon({ color: look.color, fontSize: "small", titleAccess: look.label, className: C.statusIcon })}
      <span>
        <span className={C.statusCode}>{status}</span>
        <span>{words}</span>
      </span>
    </span>
  );
}

const CELLS: Readonly<Record<ColumnId, (execution: OutExecution, context: CellContext) => ReactNode>> = {
  // The words before " - " (ENDED_NOT_OK, Active) fit the column; the cell's title has the rest.
  status: (e) => statusCell(e.status, e.status_text.split(" - ")[0] || String(e.status)),
  name: (e, { href, runIdShown }) => (
    <RouterLink className={C.nameLink} to={href} tabIndex={runIdShown ? -1 : undefined} title={e.name}>
      {e.name}
    </RouterLink>
  ),
  type: (e) => (
    <span className={C.type}>
      {typeIcon(e.type)({ fontSize: "small", color: "action", "aria-hidden": true })}
      <span>{executionTypeText(e.type)}</span>
    </span>
  ),
  run_id: (e, { href }) => (
    <RouterLink className={C.runLink} to={href} aria-label={`Execution ${e.run_id}`}>
      {e.run_id}
    </RouterLink>
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
 * The scrolling container, with the styles of every row and cell in it: those of MUI's small
 * table cells and hover/selected rows, with one line per cell, cut with an ellipsis rather than
 * wrapped; narrow padding and a slightly smaller font let the default columns fit beside the
 * navigation on a screen of about 1450 px.
 */
const ScrollArea = styled(TableContainer)(({ theme }) => {
  const { palette } = theme.vars ?? theme;
  const cell = {
    ...theme.typography.body2,
    display: "table-cell",
    verticalAlign: "inherit",
    // As MUI's TableCell draws it: the console's theme always has CSS variables, which carry the border colour.
    borderBottom: `1px solid ${theme.vars?.palette.TableCell.border ?? palette.divider}`,
    textAlign: "left",
    color: palette.text.primary,
    height: ROW_HEIGHT,
  } as const;
  return {
    height: "max(360px, calc(100vh - 380px))",
    overflow: "auto",
    [`& .${C.row}`]: {
      color: "inherit",
      display: "table-row",
      verticalAlign: "middle",
      outline: 0,
      height: ROW_HEIGHT,
      cursor: "default",
      // A layer of its own for each row: rows that stay in view keep their painting while others
      // scroll in and out, instead of the whole table being painted again at every step.
      position: "relative",
      "&:hover": { backgroundColor: palette.action.hover },
      '&[aria-selected="true"]': {
        backgroundColor: theme.alpha(palette.primary.main, palette.action.selectedOpacity),
        "&:hover": { backgroundColor: theme.alpha(palette.primary.main, `${palette.action.selectedOpacity} + ${palette.action.hoverOpacity}`) },
      },
      "&:focus-visible": { outline: `2px solid ${palette.primary.main}`, outlineOffset: -2 },
      "&[data-focused] > td:first-of-type": { boxShadow: `inset 4px 0 0 ${palette.primary.main}` },
    },
    [`& .${C.checkboxCell}`]: { ...cell, width: 24, padding: "0 12px 0 16px", "& > *": { padding: 0 } },
    // MUI's small Checkbox, as it looks in a table cell; keyboard focus shows its ripple's circle, without the pulse.
    [`& .${C.checkbox}`]: {
      display: "inline-flex",
      alignItems: "center",
      justifyContent: "center",
      position: "relative",
      boxSizing: "border-box",
      verticalAlign: "middle",
      borderRadius: "50%",
      margin: 0,
      border: 0,
      outline: 0,
      cursor: "pointer",
      userSelect: "none",
      WebkitTapHighlightColor: "transparent",
      color: palette.text.secondary,
      "&:hover": { backgroundColor: theme.alpha(palette.primary.main, palette.action.hoverOpacity) },
      "@media (hover: none)": { "&:hover": { backgroundColor: "transparent" } },
      "&:has(> input:checked)": { color: palette.primary.main },
      "&:has(> input:focus-visible)": { background: "radial-gradient(closest-side, color-mix(in srgb, currentColor 30%, transparent) 92%, transparent 92%)" },
    },
    [`& .${C.checkboxInput}`]: { cursor: "inherit", position: "absolute", opacity: 0, width: "100%", height: "100%", top: 0, left: 0, margin: 0, padding: 0, zIndex: 1 },
    [`& .${C.checkboxIcon}`]: {
      userSelect: "none",
      width: "1em",
      height: "1em",
      display: "inline-block",
      flexShrink: 0,
      fill: "currentColor",
      fontSize: theme.typography.pxToRem(20),
      transition: theme.transitions.create("fill", { duration: theme.transitions.duration.standard }),
    },
    [`& .${C.cell}`]: {
      ...cell,
      whiteSpace: "nowrap",
      overflow: "hidden",
      textOverflow: "ellipsis",
      padding: theme.spacing(0, 1),
      fontSize: "0.8125rem",
      "& > span": { maxWidth: "100%", verticalAlign: "middle" },
      "& .MuiSvgIcon-root + span": { overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" },
    },
    [`& .${C.alignRight}`]: { textAlign: "right" },
    [`& .${C.status}`]: { display: "inline-flex", alignItems: "flex-start", gap: theme.spacing(0.75), minWidth: 0 },
    [`& .${C.status} > span`]: { minWidth: 0 },
    [`& .${C.statusIcon}`]: { marginTop: theme.spacing(0.15), flexShrink: 0 },
    [`& .${C.statusCode}`]: { fontFamily: monospace, fontWeight: 600, marginRight: theme.spacing(0.75), fontSize: "0.85rem" },
    [`& .${C.type}`]: { display: "inline-flex", alignItems: "center", gap: theme.spacing(0.75), whiteSpace: "nowrap" },
    [`& .${C.nameLink}`]: { margin: 0, font: "inherit", letterSpacing: "inherit", textDecoration: "none", color: "inherit", "&:hover": { textDecoration: "underline" } },
    [`& .${C.runLink}`]: {
      margin: 0,
      font: "inherit",
      letterSpacing: "inherit",
      fontFamily: monospace,
      color: palette.primary.main,
      textDecoration: "underline",
      textDecorationColor: theme.alpha(palette.primary.main, 0.4),
      "&:hover": { textDecorationColor: "inherit" },
    },
  };
});

/** The paths of MUI's CheckBox and CheckBoxOutlineBlank icons, which its Checkbox draws. */
const CHECKED_PATH = "M19 3H5c-1.11 0-2 .9-2 2v14c0 1.1.89 2 2 2h14c1.11 0 2-.9 2-2V5c0-1.1-.89-2-2-2zm-9 14l-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8l-9 9z";
const UNCHECKED_PATH = "M19 5v14H5V5h14m0-2H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2z";

/**
 * A row's checkbox: a native one drawn as MUI's small Checkbox (an invisible input over the box
 * icon). MUI's Checkbox, with its button base and ripple, costs more to mount than the rest of the
 * row, and every scroll step mounts the checkboxes of the rows that come into view.
 */
function RowCheckbox({ checked, label, onToggle }: { checked: boolean; label: string; onToggle: (shift: boolean) => void }) {
  return (
    <span className={C.checkbox}>
      <input
        type="checkbox"
        className={C.checkboxInput}
        checked={checked}
        aria-label={label}
        onChange={(event) => onToggle(event.nativeEvent instanceof MouseEvent && event.nativeEvent.shiftKey)}
        onClick={(event) => event.stopPropagation()}
      />
      <svg className={C.checkboxIcon} focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d={checked ? CHECKED_PATH : UNCHECKED_PATH} />
      </svg>
    </span>
  );
}

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
    <tr
      className={C.row}
      aria-selected={selected}
      aria-rowindex={index + 2}
      data-run-id={runId}
      data-focused={focused || undefined}
      tabIndex={focused ? 0 : -1}
      onClick={() => onFocusRow(runId)}
    >
      <td className={C.checkboxCell}>
        <RowCheckbox checked={selected} label={`Select execution ${runId}`} onToggle={(shift) => onToggle(runId, shift)} />
      </td>
      {columns.map((column) => (
        <td
          key={column.id}
          className={column.id === "runtime" ? `${C.cell} ${C.alignRight}` : C.cell}
          title={column.id === "status" ? `${execution.status} ${execution.status_text}` : column.id === "type" ? executionTypeText(execution.type) : undefined}
        >
          {CELLS[column.id](execution, context)}
        </td>
      ))}
    </tr>
  );
});

interface HeadProps {
  columns: readonly Column[];
  /** How many of the loaded rows are selected, of `loaded`. */
  selectedCount: number;
  loaded: number;
  onToggleAll: (select: boolean) => void;
}

/** The sticky header, apart from the rows so that a scroll step does not render it again. */
const ExecutionsTableHead = memo(function ExecutionsTableHead({ columns, selectedCount, loaded, onToggleAll }: HeadProps) {
  return (
    <TableHead>
      <TableRow aria-rowindex={1} sx={{ height: HEADER_HEIGHT }}>
        <TableCell padding="checkbox">
          <Checkbox
            size="small"
            checked={loaded > 0 && selectedCount === loaded}
            indeterminate={selectedCount > 0 && selectedCount < loaded}
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
  );
});

/** An empty row standing for the rows scrolled out of view; its height changes every scroll step, so it is set inline. */
function Spacer({ height, colSpan }: { height: number; colSpan: number }) {
  if (height <= 0) return null;
  return (
    <tr aria-hidden style={{ height }}>
      <td colSpan={colSpan} style={{ padding: 0, border: 0 }} />
    </tr>
  );
}

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

type RowsProps = Omit<ExecutionsTableProps, "total" | "onToggleAll"> & { scrollElement: HTMLDivElement | null };

/**
 * The rows in view (and a few around them) between two spacers. It holds the virtualizer, so a
 * scroll step renders only this, not the table, its header or its styles.
 */
function VirtualRows({ scrollElement, rows, columns, selected, focusedRunId, focusRequest, onToggle, onFocusRow, onNearEnd }: RowsProps) {
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollElement,
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
    const element = scrollElement?.querySelector<HTMLElement>(`tr[data-run-id="${runId}"]`);
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
  return (
    <>
      <Spacer height={paddingTop} colSpan={columns.length + 1} />
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
      <Spacer height={paddingBottom} colSpan={columns.length + 1} />
    </>
  );
}

/**
 * The executions as a virtualized table: only the rows in view (and a few around them) are in the
 * page, so ten thousand rows scroll like fifty. Run id and name link to the detail page.
 */
export function ExecutionsTable({ total, onToggleAll, ...rowsProps }: ExecutionsTableProps) {
  const { rows, columns, selected } = rowsProps;
  // State rather than a ref: the rows' virtualizer needs the element, which exists only after the first commit.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // Counted over all loaded rows: once per change of the rows or the selection, not per scroll step.
  const selectedCount = useMemo(() => rows.reduce((count, row) => (selected.has(row.run_id) ? count + 1 : count), 0), [rows, selected]);
  const minWidth = CHECKBOX_WIDTH + columns.reduce((sum, column) => sum + (column.width ?? NAME_MIN_WIDTH), 0);

  return (
    <ScrollArea ref={setScrollElement}>
      <Table size="small" stickyHeader aria-label="Executions" aria-rowcount={Math.max(total, rows.length) + 1} style={{ tableLayout: "fixed", minWidth }}>
        <colgroup>
          <col style={{ width: CHECKBOX_WIDTH }} />
          {columns.map((column) => (
            <col key={column.id} style={column.width === undefined ? { minWidth: NAME_MIN_WIDTH } : { width: column.width }} />
          ))}
        </colgroup>
        <ExecutionsTableHead columns={columns} selectedCount={selectedCount} loaded={rows.length} onToggleAll={onToggleAll} />
        <TableBody>
          <VirtualRows scrollElement={scrollElement} {...rowsProps} />
        </TableBody>
      </Table>
    </ScrollArea>
  );
}
