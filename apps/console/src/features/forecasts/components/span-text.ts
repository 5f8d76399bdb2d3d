import { formatDateTime, formatDuration } from "../../../lib/format";

/** "WF.A: 2026-05-01 06:00:00 – 2026-05-01 07:00:00 (1 h 00 min)", for titles and accessible names of bars. */
export function spanText(label: string, start: number, end: number): string {
  return `${label}: ${formatDateTime(new Date(start).toISOString())} – ${formatDateTime(new Date(end).toISOString())} (${formatDuration((end - start) / 1000)})`;
}
