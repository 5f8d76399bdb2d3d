import type { OutForecastEntry } from "@baton/contract";

/** A moment range in epoch milliseconds. */
export interface TimeRange {
  start: number;
  end: number;
}

export interface GanttRow {
  entry: OutForecastEntry;
  /** 0 for entries at the top, 1 for the tasks of a top workflow, … */
  depth: number;
  hasChildren: boolean;
  /** The ERT bar (estimated_start → estimated_end); null for an entry that never starts. */
  bar: { start: number; end: number; x0: number; x1: number } | null;
}

export interface GanttModel {
  rows: GanttRow[];
  /** From the first task's start to the last task's end (containers may reach beyond it); null when no entry has times. */
  range: TimeRange | null;
}

function timesOf(entry: OutForecastEntry): TimeRange | null {
  const start = entry.estimated_start ? Date.parse(entry.estimated_start) : Number.NaN;
  const end = entry.estimated_end ? Date.parse(entry.estimated_end) : Number.NaN;
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  return { start, end: Math.max(start, end) };
}

function spanOf(entries: readonly OutForecastEntry[]): TimeRange | null {
  let range: TimeRange | null = null;
  for (const entry of entries) {
    const times = timesOf(entry);
    if (!times) continue;
    range = range ? { start: Math.min(range.start, times.start), end: Math.max(range.end, times.end) } : times;
  }
  return range;
}

/**
 * Entries in workflow order: each container followed by its tasks (depth first), siblings by entry
 * id, which is the engine's plan order. An entry whose parent is not among them (the server left
 * it out by a filter) is put at the top rather than lost. Bars are placed as fractions (0…1) of
 * the span of the tasks (first start to last end); entries of collapsed containers are left out.
 */
export function buildGanttRows(entries: readonly OutForecastEntry[], collapsed: ReadonlySet<number> = new Set()): GanttModel {
  const ids = new Set(entries.map((e) => e.id));
  const children = new Map<number, OutForecastEntry[]>();
  for (const entry of [...entries].sort((a, b) => a.id - b.id)) {
    const parent = entry.parent !== entry.id && ids.has(entry.parent) ? entry.parent : 0;
    children.set(parent, [...(children.get(parent) ?? []), entry]);
  }
  // The chart spans the work: from the first task's start to the last task's end. Containers are
  // left out of it: a schedule's bar runs from the forecast's start to its last slot, days of
  // nothing at either end that would squeeze every task to a sliver. Only without any task with
  // times do the containers give the span.
  const range = spanOf(entries.filter((e) => !children.has(e.id))) ?? spanOf(entries);
  // A forecast of one instant still gets a visible bar: at least a second wide.
  const width = range ? Math.max(range.end - range.start, 1000) : 1;
  const rows: GanttRow[] = [];
  const visit = (parent: number, depth: number): void => {
    for (const entry of children.get(parent) ?? []) {
      const times = timesOf(entry);
      const hasChildren = children.has(entry.id);
      rows.push({
        entry,
        depth,
        hasChildren,
        // A container reaching beyond the span (the schedule) is cut at its edges.
        bar: times && range ? { ...times, x0: Math.max(0, (times.start - range.start) / width), x1: Math.min(1, (times.end - range.start) / width) } : null,
      });
      if (hasChildren && !collapsed.has(entry.id)) visit(entry.id, depth + 1);
    }
  };
  visit(0, 0);
  return { rows, range };
}
