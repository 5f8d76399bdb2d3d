import { memo, type ReactNode } from "react";
import type { OutExecution } from "@baton/contract";
import { CELLS, cellTitle, type CellContext } from "./execution-cells";
import type { Column } from "./column-choice";
import { C, CHECKED_PATH, INDENT_PX, UNCHECKED_PATH } from "./executions-table-styles";
import type { TreeRow } from "./tree-rows";

/** The paths of MUI's ChevronRight and ExpandMore icons. */
const CHEVRON_RIGHT = "M10 6 8.59 7.41 13.17 12l-4.58 4.59L10 18l6-6z";
const EXPAND_MORE = "M16.59 8.59 12 13.17 7.41 8.59 6 10l6 6 6-6z";

/** What a row can ask of the list: open or close a run's children, and read more of them. */
export interface ListRowActions {
  toggle: (execution: OutExecution) => void;
  list: (parentRunId: number) => void;
  loadMore: (parentRunId: number) => void;
  retry: (parentRunId: number) => void;
}

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

/** The name cell: indented by depth, with the button that opens a run's children where it has any. */
function NameCell({ row, children, onToggle }: { row: TaskPlace; children: ReactNode; onToggle: ListRowActions["toggle"] }) {
  const { execution } = row;
  return (
    <span className={C.nameCell} style={{ paddingLeft: row.depth * INDENT_PX }}>
      {row.expandable ? (
        <button
          type="button"
          className={C.expand}
          aria-expanded={row.expanded}
          aria-label={`${row.expanded ? "Collapse" : "Expand"} ${execution.name} (${execution.run_id})`}
          onClick={(event) => {
            event.stopPropagation();
            onToggle(execution);
          }}
        >
          <svg focusable="false" aria-hidden="true" viewBox="0 0 24 24">
            <path d={row.expanded ? EXPAND_MORE : CHEVRON_RIGHT} />
          </svg>
        </button>
      ) : (
        <span className={C.expandSpace} />
      )}
      {children}
    </span>
  );
}

/** An execution and its place in the tree. */
type TaskPlace = Pick<Extract<TreeRow, { kind: "task" }>, "execution" | "depth" | "expandable" | "expanded">;

/** The place's parts are props of their own: a row made again for the same execution in the same place renders nothing new. */
interface ExecutionRowProps extends TaskPlace {
  index: number;
  columns: readonly Column[];
  selected: boolean;
  focused: boolean;
  /** Only rows that run get the ticking clock; the others keep 0 and are not re-rendered by it. */
  now: number;
  onToggle: (runId: number, shift: boolean) => void;
  onFocusRow: (runId: number) => void;
  actions: ListRowActions;
}

/** One execution of the list, a top-level run or a child shown under its expanded parent. */
export const ExecutionRow = memo(function ExecutionRow({ index, columns, selected, focused, now, onToggle, onFocusRow, actions, ...row }: ExecutionRowProps) {
  const execution = row.execution;
  const runId = execution.run_id;
  const context: CellContext = { href: `/executions/${runId}`, now, runIdShown: columns.some((c) => c.id === "run_id") };
  return (
    <tr
      className={C.row}
      aria-selected={selected}
      aria-rowindex={index + 2}
      aria-level={row.depth + 1}
      aria-expanded={row.expandable ? row.expanded : undefined}
      data-run-id={runId}
      data-focused={focused || undefined}
      tabIndex={focused ? 0 : -1}
      onClick={() => onFocusRow(runId)}
    >
      <td className={C.checkboxCell}>
        <RowCheckbox checked={selected} label={`Select execution ${runId}`} onToggle={(shift) => onToggle(runId, shift)} />
      </td>
      {columns.map((column) => (
        <td key={column.id} className={column.id === "runtime" ? `${C.cell} ${C.alignRight}` : C.cell} title={cellTitle(column.id, execution)}>
          {column.id === "name" ? (
            <NameCell row={row} onToggle={actions.toggle}>
              {CELLS.name(execution, context)}
            </NameCell>
          ) : (
            CELLS[column.id](execution, context)
          )}
        </td>
      ))}
    </tr>
  );
});
