const pad = (n: number): string => String(n).padStart(2, "0");

/** A moment in the form the REST API's time frame takes: `YYYY-MM-DDThh:mm:ssZ` (UTC, no fraction). */
export function toUtcParam(date: Date): string {
  return `${date.toISOString().slice(0, 19)}Z`;
}

/**
 * `<input type="datetime-local">` shows and edits local time; the API's value is UTC. An empty or
 * unreadable value gives "" (no bound).
 */
export function localInputToUtc(value: string): string {
  if (value === "") return "";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "" : toUtcParam(date);
}

/** The API's UTC value as local time for a datetime-local input; seconds only when there are some. */
export function utcToLocalInput(value: string): string {
  if (value === "") return "";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return "";
  const minutes = `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
  return date.getSeconds() === 0 ? minutes : `${minutes}:${pad(date.getSeconds())}`;
}
