const pad = (n: number): string => String(n).padStart(2, "0");

/** A moment in the form the REST API's time frame takes: `YYYY-MM-DDThh:mm:ssZ` (UTC, no fraction). */
export function toUtcParam(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/** What a date field asks for, written the way the console shows every time: ISO order, 24-hour clock. */
export const LOCAL_DATE_TIME_FORMAT = "YYYY-MM-DD hh:mm";

/**
 * The API's UTC value as the console writes local time, `2026-05-01 06:30` (24-hour, seconds only
 * when there are some); "" for an empty or unreadable value.
 */
export function formatLocalInput(utc: string): string {
  if (utc === "") return "";
  const date = new Date(utc);
  if (Number.isNaN(date.getTime())) return "";
  const minutes = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() === 0 ? minutes : `${minutes}:${pad(date.getSeconds())}`;
}

const LOCAL_DATE_TIME = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[ T](\d{1,2}):(\d{2})(?::(\d{2}))?)?$/;

/**
 * Local time as typed (`2026-05-01 06:30`, `2026-05-01T06:30:15`, or a date alone for its
 * midnight) → the API's UTC value; "" for an empty text (no bound), null for a text that is not a
 * moment: a 12-hour time, another order of the date, a 25th hour, a 31st of February, or a local
 * time the clock skips when it springs forward.
 */
export function parseLocalInput(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === "") return "";
  const match = LOCAL_DATE_TIME.exec(trimmed);
  if (!match) return null;
  const part = (index: number) => Number(match[index] ?? 0);
  const [year, month, day, hour, minute, second] = [part(1), part(2), part(3), part(4), part(5), part(6)];
  const date = new Date(year, month - 1, day, hour, minute, second);
  // Date rolls over what does not exist (month 13, Feb 31, 02:30 on a spring-forward day): refuse instead.
  const exists = date.getFullYear() === year && date.getMonth() === month - 1 && date.getDate() === day && date.getHours() === hour && date.getMinutes() === minute && date.getSeconds() === second;
  return exists ? toUtcParam(date) : null;
}
