import type { TimeRange } from "./gantt-rows";

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
/** Tick steps a reader counts in; the smallest that keeps labels apart is chosen. */
const STEPS = [SECOND, 5 * SECOND, 15 * SECOND, 30 * SECOND, MINUTE, 5 * MINUTE, 15 * MINUTE, 30 * MINUTE, HOUR, 2 * HOUR, 3 * HOUR, 6 * HOUR, 12 * HOUR, DAY, 2 * DAY, 7 * DAY];

export interface Tick {
  at: number;
  /** Fraction (0…1) of the range. */
  x: number;
  label: string;
}

const pad = (n: number): string => String(n).padStart(2, "0");

/**
 * Ticks on whole local seconds, minutes, hours or days of `range` (the part of the chart in view),
 * at least `minGapPx` apart on an axis `widthPx` wide: zoomed in, they are seconds apart, zoomed
 * out, days. Labels are ISO 24-hour times; the first tick and the first of each day name the date.
 */
export function timeTicks(range: TimeRange, widthPx: number, minGapPx = 110): Tick[] {
  const span = Math.max(range.end - range.start, 1);
  const step = STEPS.find((s) => (s / span) * widthPx >= minGapPx) ?? STEPS[STEPS.length - 1] ?? DAY;
  // Align to local time: ticks fall on multiples of the step counted from the day's midnight.
  const midnight = new Date(range.start);
  midnight.setHours(0, 0, 0, 0);
  const first = midnight.getTime() + Math.ceil((range.start - midnight.getTime()) / step) * step;
  const ticks: Tick[] = [];
  let previousDay = "";
  for (let at = first; at <= range.end; at += step) {
    const date = new Date(at);
    const minutes = `${pad(date.getHours())}:${pad(date.getMinutes())}`;
    // Steps below a minute need the seconds to tell ticks apart.
    const time = step < MINUTE ? `${minutes}:${pad(date.getSeconds())}` : minutes;
    const day = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    // A day that differs from the previous tick's (a midnight, or the first tick of a clock change day).
    const newDay = ticks.length === 0 || day !== previousDay;
    previousDay = day;
    ticks.push({ at, x: (at - range.start) / span, label: step >= DAY ? day : newDay ? `${day} ${time}` : time });
  }
  return ticks;
}
