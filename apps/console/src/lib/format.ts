const pad = (n: number): string => String(n).padStart(2, "0");

/** ISO 8601 → "2025-11-22 17:16:03" in the browser's time zone; "—" when absent. */
export function formatDateTime(iso: string | undefined | null): string {
  if (!iso) return "—";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`;
}

/**
 * The zone times are shown in, for the title of a time: "Europe/Vienna, UTC+01:00". Times are the
 * browser's local time; the offset is the one in force at `date`, so a summer time reads UTC+02:00.
 */
export function zoneLabel(date: Date, zone: string = Intl.DateTimeFormat().resolvedOptions().timeZone): string {
  const minutes = -date.getTimezoneOffset();
  const sign = minutes < 0 ? "-" : "+";
  const offset = `UTC${sign}${pad(Math.floor(Math.abs(minutes) / 60))}:${pad(Math.abs(minutes) % 60)}`;
  return zone ? `${zone}, ${offset}` : offset;
}

/** Seconds → "42 s", "3 min 05 s", "2 h 07 min"; "—" when absent. */
export function formatDuration(seconds: number | undefined | null): string {
  if (seconds === undefined || seconds === null || !Number.isFinite(seconds)) return "—";
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.floor(s / 60);
  if (minutes < 60) return `${minutes} min ${pad(s % 60)} s`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} h ${pad(minutes % 60)} min`;
  return `${Math.floor(hours / 24)} d ${pad(hours % 24)} h`;
}

const NBSP = "\u00a0";

/** "17 min 20 s" that wraps between its parts only ("17 min" / "20 s"), never between a number and its unit. */
export function durationInParts(text: string): string {
  return text.replace(/(\d) /g, `$1${NBSP}`);
}

/** Where to go after login: only paths of this app, never another origin. */
export function safeNextPath(next: string | null, fallback = "/executions"): string {
  if (!next || !next.startsWith("/") || next.startsWith("//") || next.startsWith("/\\")) return fallback;
  if (next === "/login" || next.startsWith("/login?")) return fallback;
  return next;
}

/** For tables: only the time for today's timestamps, the full date and time otherwise. */
export function formatDateTimeShort(iso: string | undefined | null, now: Date = new Date()): string {
  const full = formatDateTime(iso);
  if (!iso || full === "—") return full;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return full;
  const today = date.getFullYear() === now.getFullYear() && date.getMonth() === now.getMonth() && date.getDate() === now.getDate();
  return today ? full.slice(11) : full;
}

/** Seconds between an ISO start and now, for executions that are still running. */
export function elapsedSeconds(startIso: string | undefined, now: number): number | undefined {
  if (!startIso) return undefined;
  const start = Date.parse(startIso);
  return Number.isNaN(start) ? undefined : Math.max(0, (now - start) / 1000);
}
