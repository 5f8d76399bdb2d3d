import { Suspense, lazy, memo, useEffect, useLayoutEffect, useMemo, useRef, useState } from "react";
import { useVirtualizer } from "@tanstack/react-virtual";
import Checkbox from "@mui/material/Checkbox";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import ButtonBase from "@mui/material/ButtonBase";
import { useDataNow } from "../../../lib/use-now";
import { isSortColumn, parseSort, type SortColumn } from "../api/execution-filters";
import { isRunning } from "./execution-cells";
import { ExecutionRow, type ListRowActions } from "./execution-list-rows";
import type { Column } from "./column-choice";
import { C, HEADER_HEIGHT, ROW_HEIGHT, ScrollArea } from "./executions-table-styles";
import type { TreeRow } from "./tree-rows";

// Rows under an opened run that are not runs (loading, load more, counts, errors) are needed only
// once a run is opened: their code loads then, not with the list.
const NoteRow = lazy(async () => ({ default: (await import("./execution-note-row")).NoteRow }));

const CHECKBOX_WIDTH = 44;
const NAME_MIN_WIDTH = 150;
/** Ask for the next page this many rows before the end, so scrolling rarely waits. */
const PREFETCH_ROWS = 60;

/** The list's order when the URL names none: the interface's, newest activation first. */
const DEFAULT_SORT = { column: "activation_time", descending: true } as const;

/** The direction a first click on a header sorts in: names and states A to Z, numbers and times newest first. */
function firstDirection(column: SortColumn): "" | "-" {
  return column === "name" || column === "status" ? "" : "-";
}

/** The sort a click on a column's header asks for: its first direction, or the other one when it is the current sort. */
export function nextSort(current: string, column: SortColumn): string {
  const sort = parseSort(current) ?? DEFAULT_SORT;
  if (sort.column !== column) return `${firstDirection(column)}${column}`;
  return sort.descending ? column : `-${column}`;
}

/** The path of MUI's ArrowDownward icon; turned round, it points up. */
const ARROW_DOWN = "m20 12-1.41-1.41L13 16.17V4h-2v12.17l-5.58-5.59L4 12l8 8z";

/**
 * A header's sort button, as MUI's TableSortLabel draws it (label, then an arrow shown when it
 * sorts or is hovered), made of ButtonBase, which the page has already, so that sorting adds
 * little to what the list loads first.
 */
function SortButton({ label, active, ascending, onClick }: { label: string; active: boolean; ascending: boolean; onClick: () => void }) {
  return (
    <ButtonBase
      disableRipple
      onClick={onClick}
      sx={{
        font: "inherit",
        color: active ? "text.primary" : "inherit",
        gap: 0.25,
        "& svg": { width: 18, height: 18, fill: "currentColor", opacity: active ? 1 : 0, transform: ascending ? "rotate(180deg)" : undefined, transition: "opacity 150ms" },
        "&:hover svg, &:focus-visible svg": { opacity: active ? 1 : 0.5 },
        "&:focus-visible": { outline: 2, outlineColor: "primary.main", outlineStyle: "solid" },
      }}
    >
      {label}
      <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
        <path d={ARROW_DOWN} />
      </svg>
    </ButtonBase>
  );
}

interface HeadProps {
  columns: readonly Column[];
  /** How many of the loaded rows are selected, of `loaded`. */
  selectedCount: number;
  loaded: number;
  onToggleAll: (select: boolean) => void;
  sort: string;
  onSort: (sort: string) => void;
}

/**
 * The sticky header, apart from the rows so that a scroll step does not render it again. Columns
 * the server sorts by have a sort button; its arrow and the cell's aria-sort say the order.
 */
const ExecutionsTableHead = memo(function ExecutionsTableHead({ columns, selectedCount, loaded, onToggleAll, sort, onSort }: HeadProps) {
  const current = parseSort(sort) ?? DEFAULT_SORT;
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
        {columns.map((column) => {
          const id = column.id;
          const sortable = isSortColumn(id);
          const active = sortable && current.column === id;
          const direction = active && !current.descending ? "asc" : "desc";
          return (
            <TableCell key={id} align={id === "runtime" ? "right" : undefined} sortDirection={active ? direction : false} sx={{ px: 0.75, whiteSpace: "nowrap" }}>
              {sortable ? (
                <SortButton label={column.label} active={active} ascending={active ? direction === "asc" : firstDirection(id) === ""} onClick={() => onSort(nextSort(sort, id))} />
              ) : (
                column.label
              )}
            </TableCell>
          );
        })}
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
  /** The rows in display order: top-level runs, and the children of those expanded under them. */
  rows: readonly TreeRow[];
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
  actions: ListRowActions;
  /** The order, as the URL's `sort` has it ("" for the default). */
  sort: string;
  onSort: (sort: string) => void;
}

type RowsProps = Omit<ExecutionsTableProps, "total" | "onToggleAll" | "sort" | "onSort"> & { scrollElement: HTMLDivElement | null };

/**
 * The rows in view (and a few around them) between two spacers. It holds the virtualizer, so a
 * scroll step renders only this, not the table, its header or its styles.
 */
function VirtualRows({ scrollElement, rows, columns, selected, focusedRunId, focusRequest, onToggle, onFocusRow, onNearEnd, actions }: RowsProps) {
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
    return row?.kind === "task" && isRunning(row.execution);
  });
  const now = useDataNow(1000, anyRunning);

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
    const index = rows.findIndex((row) => row.kind === "task" && row.execution.run_id === focusedRunId);
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
        const row = rows[item.index];
        if (row === undefined) return null;
        if (row.kind !== "task") {
          return (
            <Suspense key={row.key} fallback={<tr className={C.row} aria-hidden />}>
              <NoteRow row={row} index={item.index} colSpan={columns.length + 1} actions={actions} />
            </Suspense>
          );
        }
        const execution = row.execution;
        return (
          <ExecutionRow
            key={row.key}
            execution={execution}
            depth={row.depth}
            expandable={row.expandable}
            expanded={row.expanded}
            index={item.index}
            columns={columns}
            selected={selected.has(execution.run_id)}
            focused={execution.run_id === focusedRunId}
            now={isRunning(execution) ? now : 0}
            onToggle={onToggle}
            onFocusRow={onFocusRow}
            actions={actions}
          />
        );
      })}
      <Spacer height={paddingBottom} colSpan={columns.length + 1} />
    </>
  );
}

/**
 * The executions as a virtualized table: only the rows in view (and a few around them) are in the
 * page, so ten thousand rows scroll like fifty. Run id and name link to the detail page; a run
 * with children opens them in place, under it.
 */
export function ExecutionsTable({ total, onToggleAll, sort, onSort, ...rowsProps }: ExecutionsTableProps) {
  const { rows, columns, selected } = rowsProps;
  // State rather than a ref: the rows' virtualizer needs the element, which exists only after the first commit.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  // Counted over all loaded rows: once per change of the rows or the selection, not per scroll step.
  const executionCount = useMemo(() => rows.reduce((count, row) => (row.kind === "task" ? count + 1 : count), 0), [rows]);
  const selectedCount = useMemo(() => rows.reduce((count, row) => (row.kind === "task" && selected.has(row.execution.run_id) ? count + 1 : count), 0), [rows, selected]);
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
        <ExecutionsTableHead columns={columns} selectedCount={selectedCount} loaded={executionCount} onToggleAll={onToggleAll} sort={sort} onSort={onSort} />
        <TableBody>
          <VirtualRows scrollElement={scrollElement} {...rowsProps} />
        </TableBody>
      </Table>
    </ScrollArea>
  );
}
