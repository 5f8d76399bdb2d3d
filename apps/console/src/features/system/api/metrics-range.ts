import { toUtcParam } from "../../../lib/date-input";

/** The ranges offered next to "custom", as `?last=` names them; one hour is the default. */
export const LAST_CHOICES = [
  { value: "15m", label: "Last 15 min", ms: 15 * 60_000 },
  { value: "1h", label: "Last hour", ms: 3_600_000 },
  { value: "6h", label: "Last 6 hours", ms: 6 * 3_600_000 },
  { value: "24h", label: "Last 24 hours", ms: 24 * 3_600_000 },
] as const;
export type LastChoice = (typeof LAST_CHOICES)[number]["value"];
export const DEFAULT_LAST: LastChoice = "1h";

/**
 * What the metrics screen shows, as its URL holds it: `?last=6h`, or `?from=…Z&to=…Z` for a
 * custom range (no `to`: until now). A relative range slides with the clock.
 */
export type MetricsRange = { kind: "last"; last: LastChoice } | { kind: "custom"; from: string; to: string };

/** The time frame the endpoint takes, UTC `YYYY-MM-DDThh:mm:ssZ`. */
export interface TimeFrame {
  from: string;
  to: string;
}

function utcParam(value: string | null): string | null {
  if (value === null || value === "") return null;
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : toUtcParam(new Date(ms));
}

/** A readable `from` makes the range custom; anything else falls back to `?last=` or the last hour. */
export function metricsRangeFromSearch(params: URLSearchParams): MetricsRange {
  const from = utcParam(params.get("from"));
  if (from !== null) return { kind: "custom", from, to: utcParam(params.get("to")) ?? "" };
  const last = LAST_CHOICES.find((choice) => choice.value === params.get("last"))?.value ?? DEFAULT_LAST;
  return { kind: "last", last };
}

/** The default range has the plain URL. */
export function metricsRangeToSearch(range: MetricsRange): URLSearchParams {
  if (range.kind === "custom") return new URLSearchParams(range.to === "" ? { from: range.from } : { from: range.from, to: range.to });
  return new URLSearchParams(range.last === DEFAULT_LAST ? {} : { last: range.last });
}

/** The range at `now`: a relative range ends now, a custom one without an end too. */
export function timeFrameAt(range: MetricsRange, now: number): TimeFrame {
  if (range.kind === "custom") return { from: range.from, to: range.to === "" ? toUtcParam(new Date(now)) : range.to };
  const length = LAST_CHOICES.find((choice) => choice.value === range.last)?.ms ?? 3_600_000;
  return { from: toUtcParam(new Date(now - length)), to: toUtcParam(new Date(now)) };
}

/** True while new samples can fall into the range, so it is worth reading again. */
export function reachesNow(range: MetricsRange, now: number): boolean {
  return range.kind === "last" || range.to === "" || Date.parse(range.to) > now;
}

/** The widest range the endpoint reads in one request. */
export const MAX_RANGE_DAYS = 7;

/** Why a custom range cannot be asked for; null when it can. */
export function rangeProblem(range: MetricsRange, now: number): string | null {
  if (range.kind === "last") return null;
  const frame = timeFrameAt(range, now);
  const length = Date.parse(frame.to) - Date.parse(frame.from);
  if (length <= 0) return "The start must be before the end.";
  return length > MAX_RANGE_DAYS * 24 * 3_600_000 ? `Choose at most ${MAX_RANGE_DAYS} days.` : null;
}
