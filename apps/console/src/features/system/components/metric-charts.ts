import type { MetricType } from "@baton/contract";
import type { MetricReading } from "../api/get-metrics";

/** One line of a chart: a series and how it is told apart without colour (label and dash). */
export interface ChartLine {
  type: MetricType;
  label: string;
  /** SVG stroke-dasharray; "" for a solid line. */
  dash: string;
  /** The theme colour the line is drawn in. */
  tone: "primary" | "secondary" | "success" | "error" | "warning" | "info";
}

export interface MetricChart {
  id: string;
  title: string;
  /** What one value counts, shown on the axis and in the summary. */
  unit: string;
  /** Counts per minute read as areas filled down to zero; gauges and latencies as lines. */
  shape: "area" | "line";
  lines: readonly ChartLine[];
}

/** The dashboards of the metrics screen, in the order shown. */
export const METRIC_CHARTS: readonly MetricChart[] = [
  {
    id: "executions",
    title: "Executions per minute",
    unit: "per minute",
    shape: "area",
    lines: [
      { type: "executions_started", label: "Started", dash: "", tone: "primary" },
      { type: "executions_ended_ok", label: "Ended OK", dash: "6 3", tone: "success" },
      { type: "executions_ended_not_ok", label: "Ended not OK", dash: "2 2", tone: "error" },
    ],
  },
  {
    id: "load",
    title: "Active and waiting executions",
    unit: "executions",
    shape: "line",
    lines: [
      { type: "active_executions", label: "Active", dash: "", tone: "primary" },
      { type: "waiting_executions", label: "Waiting", dash: "6 3", tone: "warning" },
    ],
  },
  {
    id: "latency",
    title: "API latency",
    unit: "ms",
    shape: "line",
    lines: [
      { type: "api_latency_p50_ms", label: "Median (p50)", dash: "", tone: "info" },
      { type: "api_latency_p99_ms", label: "99th percentile (p99)", dash: "6 3", tone: "secondary" },
      { type: "api_latency_mean_ms", label: "Mean", dash: "2 2", tone: "primary" },
    ],
  },
  { id: "requests", title: "API requests per minute", unit: "per minute", shape: "area", lines: [{ type: "api_requests", label: "Requests", dash: "", tone: "primary" }] },
  { id: "agents", title: "Agents connected", unit: "agents", shape: "line", lines: [{ type: "agents_connected", label: "Connected agents", dash: "", tone: "success" }] },
  { id: "busy", title: "Engine busy", unit: "%", shape: "line", lines: [{ type: "busy_percent", label: "Busy", dash: "", tone: "warning" }] },
  {
    id: "time",
    title: "Busy and database time",
    unit: "ms",
    shape: "line",
    lines: [
      { type: "busy_ms", label: "Busy", dash: "", tone: "warning" },
      { type: "db_ms", label: "Database answer", dash: "6 3", tone: "info" },
    ],
  },
];

/** One point in time of a chart: the sample of each series at that minute (absent: not sampled). */
export type MetricRow = { time: number } & Partial<Record<MetricType, number>>;

/** The series of one chart joined by timestamp, oldest first, as recharts takes its data. */
export function metricRows(series: readonly MetricReading[]): MetricRow[] {
  const rows = new Map<number, MetricRow>();
  for (const { type, entries } of series) {
    for (const entry of entries) {
      const time = Date.parse(entry.timestamp);
      const value = entry.values[type];
      if (Number.isNaN(time) || value === undefined) continue;
      const row = rows.get(time) ?? { time };
      row[type] = value;
      rows.set(time, row);
    }
  }
  return [...rows.values()].sort((a, b) => a.time - b.time);
}

/** The newest sample of a series, for the text under a chart; null when there is none. */
export function latestSample(series: MetricReading): { time: number; value: number } | null {
  let latest: { time: number; value: number } | null = null;
  for (const entry of series.entries) {
    const time = Date.parse(entry.timestamp);
    const value = entry.values[series.type];
    if (!Number.isNaN(time) && value !== undefined && (latest === null || time > latest.time)) latest = { time, value };
  }
  return latest;
}

const pad = (n: number): string => String(n).padStart(2, "0");

/** A time axis label in the browser's time zone: "14:05" within a day, "11-22 14:05" over longer ranges. */
export function timeTickLabel(time: number, spanMs: number): string {
  const date = new Date(time);
  const clock = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return spanMs > 24 * 3_600_000 ? `${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${clock}` : clock;
}

const MINUTE_MS = 60_000;
/** Tick steps a reader counts in easily, in minutes. */
const TICK_STEPS = [1, 2, 5, 10, 15, 30, 60, 120, 180, 360, 720, 1440, 2880];

/**
 * Ticks of the time axis on whole local minutes, hours or days, at most `most` of them: recharts
 * spreads a number axis on round numbers of milliseconds, which are not round times.
 */
export function timeTicks(from: number, to: number, most = 7): number[] {
  if (!(to > from)) return [];
  const span = to - from;
  const step = (TICK_STEPS.find((minutes) => span / (minutes * MINUTE_MS) <= most) ?? TICK_STEPS[TICK_STEPS.length - 1] ?? 1440) * MINUTE_MS;
  // Local time: round in the zone the labels are read in.
  const offset = new Date(from).getTimezoneOffset() * MINUTE_MS;
  const ticks: number[] = [];
  for (let tick = Math.ceil((from - offset) / step) * step + offset; tick <= to; tick += step) ticks.push(tick);
  return ticks;
}

/** A sample for reading: whole numbers as they are, fractions (latencies) to one decimal. */
export function formatSample(value: number): string {
  return Number.isInteger(value) ? String(value) : value.toFixed(1);
}
