import { ScriptRuntimeError } from "./script-runtime-error";

/** The format SYS_DATE and ADD_DAYS use when none is given. */
export const DEFAULT_DATE_FORMAT = "YYYY-MM-DD";
/** The format SYS_TIME uses when none is given. */
export const DEFAULT_TIME_FORMAT = "HH:MM:SS";

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

type Fields = Readonly<Record<string, string>>;

/**
 * SYS_DATE: the UTC date of `epochMs` in `format`, where YYYY, YY, MM and DD stand for year,
 * two-digit year, month and day and every other character is copied. Only upper case counts, so
 * words in the format ("odd", "day") stay as written.
 */
export function formatDate(epochMs: number, format: string): string {
  const date = new Date(epochMs);
  const year = String(date.getUTCFullYear()).padStart(4, "0");
  return applyFormat(format, {
    YYYY: year,
    YY: year.slice(-2),
    MM: pad2(date.getUTCMonth() + 1),
    DD: pad2(date.getUTCDate()),
  });
}

/**
 * SYS_TIME: the UTC time of day of `epochMs` in `format`, where HH, MM and SS stand for hours,
 * minutes and seconds. MM means minutes here, as it means month in SYS_DATE.
 */
export function formatTime(epochMs: number, format: string): string {
  const date = new Date(epochMs);
  return applyFormat(format, {
    HH: pad2(date.getUTCHours()),
    MM: pad2(date.getUTCMinutes()),
    SS: pad2(date.getUTCSeconds()),
  });
}

/**
 * ADD_DAYS: `date` (YYYY-MM-DD) moved by `days` (negative goes back). Calendar arithmetic in
 * UTC, so no daylight-saving change can make a day 23 or 25 hours long.
 */
export function addDays(date: string, days: number): string {
  const match = ISO_DATE.exec(date.trim());
  const [, year, month, day] = match ?? [];
  if (year === undefined || month === undefined || day === undefined) {
    throw new ScriptRuntimeError(`'${date}' is not a date in the format ${DEFAULT_DATE_FORMAT}`);
  }
  const start = utcDay(Number(year), Number(month), Number(day));
  if (start === undefined) throw new ScriptRuntimeError(`'${date}' is not a valid date`);
  const result = new Date(start + days * DAY_MS);
  const resultYear = result.getUTCFullYear();
  if (!Number.isFinite(result.getTime()) || resultYear < 1 || resultYear > 9999) {
    throw new ScriptRuntimeError(`${date} plus ${days} days is outside the years 0001 to 9999`);
  }
  return formatDate(result.getTime(), DEFAULT_DATE_FORMAT);
}

/** Epoch ms of a calendar day, or undefined when the day does not exist (2023-02-29). */
function utcDay(year: number, month: number, day: number): number | undefined {
  const date = new Date(0);
  // setUTCFullYear, not Date.UTC: Date.UTC maps years 0..99 to 1900..1999.
  date.setUTCFullYear(year, month - 1, day);
  const exists = date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
  return exists && year >= 1 ? date.getTime() : undefined;
}

/** Replaces the field names in `format`, longest first so YYYY is not read as YY twice. */
function applyFormat(format: string, fields: Fields): string {
  const names = Object.keys(fields).sort((a, b) => b.length - a.length);
  let result = "";
  let index = 0;
  while (index < format.length) {
    const name = names.find((candidate) => format.startsWith(candidate, index));
    if (name === undefined) {
      result += format.charAt(index);
      index += 1;
    } else {
      result += fields[name] ?? "";
      index += name.length;
    }
  }
  return result;
}

function pad2(value: number): string {
  return String(value).padStart(2, "0");
}
