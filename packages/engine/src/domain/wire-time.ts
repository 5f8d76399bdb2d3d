const DAY_MS = 86_400_000;
/** Days from 0000-03-01 to 1970-01-01, and the days of a 400-year cycle of the Gregorian calendar. */
const EPOCH_SHIFT_DAYS = 719_468;
const ERA_DAYS = 146_097;
/** The first and last millisecond whose ISO text has a four-digit year (0000-01-01 and 9999-12-31). */
const FIRST_FOUR_DIGIT_MS = -62_167_219_200_000;
const LAST_FOUR_DIGIT_MS = 253_402_300_799_999;
/** The dates of the last two days written (latest first): the times of a page mostly fall on one or two days. */
let latest = { day: Number.NaN, date: "" };
let previous = latest;

/**
 * A time (epoch milliseconds, or a date text JavaScript reads) as the REST API writes it: UTC to
 * the whole second, `2018-04-17T14:39:36Z`, as every answer of the vendor's does
 * (docs/decisions.md, "Vendor wire behaviour"). The milliseconds are dropped, not rounded, so a
 * time is never written later than it was.
 * Epoch milliseconds of four-digit years are written by arithmetic: toISOString and a regular
 * expression cost ten times as much, and were a tenth of the CPU of a page of fifty executions.
 */
export function wireTime(time: number | string | Date): string {
  if (typeof time !== "number" || !(time >= FIRST_FOUR_DIGIT_MS && time <= LAST_FOUR_DIGIT_MS)) return isoSeconds(time);
  const day = Math.floor(time / DAY_MS);
  const second = Math.floor((time - day * DAY_MS) / 1000);
  return `${dateOf(day)}T${twoDigits(Math.floor(second / 3600))}:${twoDigits(Math.floor(second / 60) % 60)}:${twoDigits(second % 60)}Z`;
}

/**
 * Whether a time can be written as the vendor's date-time: a year of four digits. Nothing Baton
 * plans now lies later (a recurring execution's period ends before), but a database may hold one
 * from before that rule.
 */
export function isWireTime(time: number): boolean {
  return time >= FIRST_FOUR_DIGIT_MS && time <= LAST_FOUR_DIGIT_MS;
}

function dateOf(day: number): string {
  if (latest.day === day) return latest.date;
  if (previous.day === day) return previous.date;
  previous = latest;
  latest = { day, date: civilDate(day) };
  return latest.date;
}

/** `YYYY-MM-DD` of a day counted from 1970-01-01 (H. Hinnant's civil_from_days), for years 0000 to 9999. */
function civilDate(day: number): string {
  const shifted = day + EPOCH_SHIFT_DAYS;
  const era = Math.floor(shifted / ERA_DAYS);
  const dayOfEra = shifted - era * ERA_DAYS;
  const yearOfEra = Math.floor((dayOfEra - Math.floor(dayOfEra / 1460) + Math.floor(dayOfEra / 36_524) - Math.floor(dayOfEra / 146_096)) / 365);
  const dayOfYear = dayOfEra - (365 * yearOfEra + Math.floor(yearOfEra / 4) - Math.floor(yearOfEra / 100));
  // Months counted from March, so that February's leap day ends the year.
  const marchMonth = Math.floor((5 * dayOfYear + 2) / 153);
  const dayOfMonth = dayOfYear - Math.floor((153 * marchMonth + 2) / 5) + 1;
  const month = marchMonth < 10 ? marchMonth + 3 : marchMonth - 9;
  const year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0);
  return `${String(year).padStart(4, "0")}-${twoDigits(month)}-${twoDigits(dayOfMonth)}`;
}

function isoSeconds(time: number | string | Date): string {
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");
}

function twoDigits(n: number): string {
  return n < 10 ? `0${n}` : `${n}`;
}
