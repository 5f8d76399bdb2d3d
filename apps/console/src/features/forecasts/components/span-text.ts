import { formatDateTime, formatDuration } from "../../../lib/format";

const iso = (ms: number) => new Date(ms).toISOString();

/** "WF.A: 2026-05-01 06:00:00 – 2026-05-01 07:00:00 (1 h 00 min)", for titles and accessible names of bars. */
export function spanText(label: string, start: number, end: number): string {
  return `${label}: ${formatDateTime(iso(start))} – ${formatDateTime(iso(end))} (${formatDuration((end - start) / 1000)})`;
}

/** "06:00:00 – 06:00:30 (30 s)" written beside a bar (the axis names the day); the end's date when it is another day. */
export function barText(start: number, end: number): string {
  const from = formatDateTime(iso(start));
  const to = formatDateTime(iso(end));
  const sameDay = from.slice(0, 10) === to.slice(0, 10);
  return `${from.slice(11)} – ${sameDay ? to.slice(11) : to} (${formatDuration((end - start) / 1000)})`;
}
