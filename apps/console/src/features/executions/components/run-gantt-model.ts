import { isFinalStatus, type OutExecution } from "@baton/contract";
import { formatDateTime } from "../../../lib/format";
import { latestByLine, taskErtSeconds } from "./ert-graph-model";

/** One task of the run: its latest execution and where its bar lies on the time axis. */
export interface GanttRow {
  execution: OutExecution;
  /** Epoch ms of its actual start; undefined while it has not started. */
  start: number | undefined;
  /** Epoch ms of its actual end, or now while it runs. */
  end: number | undefined;
  running: boolean;
  /** The task's one ERT (taskErtSeconds). */
  ertSeconds: number | undefined;
  /** The bar as fractions (0..1) of the axis; undefined while the task has not started. */
  bar: { x0: number; x1: number } | undefined;
  /** Where the task was estimated to end (start + ERT), as a fraction of the axis. */
  ertX: number | undefined;
}

export interface GanttTick {
  at: number;
  x: number;
  label: string;
}

export interface GanttModel {
  rows: GanttRow[];
  /** Epoch ms the axis spans: the first start to the last end or estimated end; undefined before any task started. */
  range: { from: number; to: number } | undefined;
  ticks: GanttTick[];
}

/** Tick steps in seconds: the first that leaves at most MAX_TICKS ticks is taken. */
const STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];
const MAX_TICKS = 8;

const epoch = (iso: string | undefined): number | undefined => (iso === undefined ? undefined : Date.parse(iso));

/** Ticks at whole multiples of a step that fits the span, labelled with the time of day (with the date when the span crosses days). */
export function ganttTicks(range: { from: number; to: number }): GanttTick[] {
  const span = Math.max(1, range.to - range.from);
  const step = (STEPS.find((s) => span / (s * 1000) <= MAX_TICKS) ?? STEPS[STEPS.length - 1] ?? 86400) * 1000;
  const crossesDays = new Date(range.from).toDateString() !== new Date(range.to).toDateString();
  const ticks: GanttTick[] = [];
  for (let at = Math.ceil(range.from / step) * step; at <= range.to; at += step) {
    const text = formatDateTime(new Date(at).toISOString());
    ticks.push({ at, x: (at - range.from) / span, label: crossesDays ? text : text.slice(11) });
  }
  return ticks;
}

/**
 * The Gantt of a workflow run as Airflow draws it: one row per task (its latest execution; a
 * restart replaces the run it restarted) with a bar from its actual start to its end, running
 * tasks up to now, ordered by start; tasks not started yet follow by line. Each bar carries the
 * task's ERT as a marker where it was estimated to end, so an overrun shows as bar past the marker.
 */
export function ganttModel(children: readonly OutExecution[], now: number): GanttModel {
  const timed = [...latestByLine(children).values()].map((execution) => {
    const start = epoch(execution.start_time);
    const running = start !== undefined && !isFinalStatus(execution.status);
    const end = running ? Math.max(now, start) : (epoch(execution.end_time) ?? start);
    const ertSeconds = taskErtSeconds(execution, undefined, execution.line_number ?? 0);
    return { execution, start, end, running, ertSeconds };
  });
  timed.sort((a, b) => (a.start ?? Number.POSITIVE_INFINITY) - (b.start ?? Number.POSITIVE_INFINITY) || (a.execution.line_number ?? 0) - (b.execution.line_number ?? 0));

  const started = timed.filter((t) => t.start !== undefined);
  const from = Math.min(...started.map((t) => t.start ?? Number.POSITIVE_INFINITY));
  const to = Math.max(...started.flatMap((t) => [t.end ?? from, (t.start ?? from) + (t.ertSeconds ?? 0) * 1000]));
  const range = started.length === 0 ? undefined : { from, to: Math.max(to, from + 1000) };
  const x = (at: number): number => (range === undefined ? 0 : (at - range.from) / (range.to - range.from));
  const rows = timed.map(
    (t): GanttRow => ({
      ...t,
      bar: t.start === undefined ? undefined : { x0: x(t.start), x1: x(t.end ?? t.start) },
      ertX: t.start === undefined || t.ertSeconds === undefined ? undefined : x(t.start + t.ertSeconds * 1000),
    }),
  );
  return { rows, range, ticks: range === undefined ? [] : ganttTicks(range) };
}
