/**
 * The columns the executions table can show, in the order it shows them. Widths keep the table's
 * layout fixed, so rows that scroll into view never shift the columns; the name takes the rest.
 * The default columns fit beside the navigation on a screen 1280 px wide.
 */
export const COLUMNS = [
  // Icon and words: "ENDED_NOT_OK", "Waiting for start time"; the code and the rest are in the cell's title.
  { id: "status", label: "Status", width: 156 },
  { id: "name", label: "Name", width: undefined },
  // Icon and code, the longest (C_PERIOD) whole; the cell's title has the name.
  { id: "type", label: "Type", width: 108 },
  { id: "run_id", label: "RunID", width: 72 },
  // The time today, "11-25 14:05" on another day (execution-cells.tsx, compactTime); Start also "(clock) planned 14:05",
  // which takes a second line for a plan on another day ("planned" / "11-30 19:55"), as End's "blocked 14:07".
  { id: "activation_time", label: "Activation", width: 96 },
  { id: "start_time", label: "Start", width: 104 },
  { id: "end_time", label: "End", width: 96 },
  { id: "runtime", label: "Duration", width: 76 },
  { id: "agent", label: "Agent", width: 72 },
  { id: "platform", label: "Platform", width: 84 },
  { id: "queue", label: "Queue", width: 130 },
  { id: "user", label: "User", width: 110 },
  { id: "alias", label: "Alias", width: 150 },
  { id: "title", label: "Title", width: 180 },
  { id: "parent", label: "Parent", width: 72 },
  { id: "reference_run_id", label: "Restart of", width: 84 },
  { id: "archive_key1", label: "Archive key 1", width: 120 },
  { id: "archive_key2", label: "Archive key 2", width: 120 },
] as const satisfies ReadonlyArray<{ id: string; label: string; width: number | undefined }>;

export type ColumnId = (typeof COLUMNS)[number]["id"];
export type Column = (typeof COLUMNS)[number];

/** What an operator watching live work looks at first. */
export const DEFAULT_COLUMNS: readonly ColumnId[] = ["status", "name", "type", "run_id", "start_time", "end_time", "runtime", "agent", "user"];

export const COLUMNS_PURPOSE = "executions.columns";

function isColumnId(value: unknown): value is ColumnId {
  return COLUMNS.some((column) => column.id === value);
}

/** The stored choice, known ids only; the defaults when nothing usable is stored. */
export function parseColumnChoice(value: unknown): ColumnId[] {
  if (!Array.isArray(value)) return [...DEFAULT_COLUMNS];
  const chosen = COLUMNS.map((column) => column.id).filter((id) => value.some((entry: unknown) => entry === id && isColumnId(entry)));
  return chosen.length === 0 ? [...DEFAULT_COLUMNS] : chosen;
}

/** The choice with `id` shown or hidden; at least one column always stays. */
export function toggleColumn(chosen: readonly ColumnId[], id: ColumnId): ColumnId[] {
  if (chosen.includes(id)) return chosen.length === 1 ? [...chosen] : chosen.filter((c) => c !== id);
  return COLUMNS.map((column) => column.id).filter((c) => c === id || chosen.includes(c));
}

export function visibleColumns(chosen: readonly ColumnId[]): Column[] {
  return COLUMNS.filter((column) => chosen.includes(column.id));
}
