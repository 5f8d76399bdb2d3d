import { ErrorCode, type InExecutionBody } from "@baton/contract";
import { DateTime } from "luxon";
import { isTimeZone } from "./time-zone";
import { ValidationError, type ValidationIssue } from "./errors";
import type { LocalDate } from "./calendar";

type RecurringBody = NonNullable<InExecutionBody["recurring"]>;

/** How often a recurring execution activates its object. */
export type RecurrenceMode = { kind: "at"; hour: number; minute: number } | { kind: "interval"; ms: number } | { kind: "after"; ms: number };

/** A recurring activation rule, read from InExecutionRecurringBody (all times in `timezone`). */
export interface Recurrence {
  timezone: string;
  mode: RecurrenceMode;
  /** First and last local day (inclusive), ISO dates. */
  startDate: string | undefined;
  endDate: string | undefined;
  endAfterExecutions: number | undefined;
  allowOneOverlap: boolean;
  /** Minutes after midnight of the window's start and end. */
  window: { start: number; end: number } | undefined;
  adjustStartTime: boolean;
  /** ISO weekdays (1 = Monday .. 7 = Sunday). */
  weekdays: number[] | undefined;
  calendars: { entries: { calendar: string; event: string }[]; match: "one" | "none" | "all" } | undefined;
}

const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/** The longest interval (and gap after an end) of a recurring execution: 504 hours (21 days), the vendor's. */
const MAX_RECURRENCE_MS = 504 * 60 * 60 * 1000;
/** The shortest interval, and the shortest gap after an end (the vendor's: one minute). */
const MIN_INTERVAL_MS = 1000;
const MIN_GAP_MS = 60 * 1000;

/** The last moment a time written on the wire can name (9999-12-31T23:59:59Z): later, a period has no next activation. */
const LAST_WIRE_TIME = Date.UTC(9999, 11, 31, 23, 59, 59);

/** Milliseconds of an ISO 8601 duration PnDTnHnMnS. */
export function durationMs(text: string): number {
  const match = /^P(?:(\d+)D)?(?:T(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?)?$/.exec(text);
  if (!match) return Number.NaN;
  const [, d = "0", h = "0", m = "0", s = "0"] = match;
  return ((Number(d) * 24 + Number(h)) * 60 + Number(m)) * 60_000 + Number(s) * 1000;
}

function minutes(time: string): number {
  const [h = "0", m = "0"] = time.split(":");
  return Number(h) * 60 + Number(m);
}

/**
 * Reads and checks a recurring request: exactly one of executeAt / executeInterval / executeAfter;
 * endDate not with endAfterExecutions; executeWeekly not with executeCalendarList; a window needs
 * both ends. Throws a ValidationError with every problem (paths in the spec's snake_case).
 */
export function readRecurrence(body: RecurringBody | undefined, timezone: string | undefined): Recurrence {
  const issues: ValidationIssue[] = [];
  const issue = (path: string, error: string, value: unknown) => issues.push({ code: ErrorCode.INVALID_REQUEST, path: `recurring${path ? `.${path}` : ""}`, error, invalidValue: value ?? null });
  if (body === undefined) {
    issue("", "is required with execution_option recurring", null);
    throw new ValidationError(issues);
  }
  const zone = timezone ?? "UTC";
  if (!isTimeZone(zone)) issues.push({ code: ErrorCode.INVALID_REQUEST, path: "timezone", error: "is not an IANA time zone such as Europe/Vienna", invalidValue: zone });
  const modes = [body.executeAt, body.executeInterval, body.executeAfter].filter((v) => v !== undefined);
  if (modes.length !== 1) issue("execute_at", "set exactly one of execute_at, execute_interval and execute_after", modes.length === 0 ? null : modes);
  const mode = modeOf(body);
  if (mode.kind !== "at") {
    const [field, least, leastText] = mode.kind === "interval" ? ["execute_interval", MIN_INTERVAL_MS, "one second (PT1S)"] : ["execute_after", MIN_GAP_MS, "one minute (PT1M)"];
    if (!(mode.ms >= least)) issue(field, `must be at least ${leastText}`, body.executeInterval ?? body.executeAfter);
    else if (mode.ms > MAX_RECURRENCE_MS) issue(field, "must be at most 504 hours (P21D)", body.executeInterval ?? body.executeAfter);
  }
  if (body.endDate !== undefined && body.endAfterExecutions !== undefined) issue("end_date", "must not be combined with end_after_executions", body.endDate);
  if (body.startDate !== undefined && body.endDate !== undefined && body.endDate < body.startDate) issue("end_date", "is before start_date", body.endDate);
  if (body.executeWeekly !== undefined && body.executeCalendarList !== undefined) issue("execute_weekly", "must not be combined with execute_calendar_list", body.executeWeekly);
  if ((body.betweenStart === undefined) !== (body.betweenEnd === undefined)) issue(body.betweenStart === undefined ? "between_start" : "between_end", "a window needs both between_start and between_end", body.betweenStart ?? body.betweenEnd);
  if (issues.length > 0) throw new ValidationError(issues);
  const rule = recurrenceOf(body, zone);
  if (body.executeAt !== undefined && rule.window !== undefined && !activatesInWindow(minutes(body.executeAt), rule.window, rule.adjustStartTime)) {
    issue("execute_at", `${body.executeAt} is outside the window ${body.betweenStart}-${body.betweenEnd}, so the period would never activate: choose a time in the window, or an earlier one with adjust_start_time (which moves it to the window's start)`, body.executeAt);
    throw new ValidationError(issues);
  }
  return rule;
}

/** Whether a daily time activates in the window: inside it, or before its start when moved there. */
function activatesInWindow(minute: number, window: { start: number; end: number }, adjustStartTime: boolean): boolean {
  return inWindow(minute, window) || (adjustStartTime && minute < window.start);
}

/**
 * A period container's rule as it was stored when its start was accepted, read again without the
 * checks of a new request: a rule accepted under earlier bounds goes on as it was accepted (a
 * period past the last time the wire can name simply ends, nextOccurrence).
 */
export function storedRecurrence(body: RecurringBody, timezone: string | undefined): Recurrence {
  return recurrenceOf(body, timezone ?? "UTC");
}

function modeOf(body: RecurringBody): RecurrenceMode {
  if (body.executeAt !== undefined) return { kind: "at", hour: Math.floor(minutes(body.executeAt) / 60), minute: minutes(body.executeAt) % 60 };
  if (body.executeInterval !== undefined) return { kind: "interval", ms: durationMs(body.executeInterval) };
  if (body.executeAfter !== undefined) return { kind: "after", ms: durationMs(body.executeAfter) };
  return { kind: "at", hour: 0, minute: 0 };
}

function recurrenceOf(body: RecurringBody, timezone: string): Recurrence {
  return {
    timezone,
    mode: modeOf(body),
    startDate: body.startDate,
    endDate: body.endDate,
    endAfterExecutions: body.endAfterExecutions,
    allowOneOverlap: body.allowOneOverlap ?? false,
    window: body.betweenStart !== undefined && body.betweenEnd !== undefined ? { start: minutes(body.betweenStart), end: minutes(body.betweenEnd) } : undefined,
    adjustStartTime: body.adjustStartTime ?? false,
    weekdays: body.executeWeekly?.map((d) => WEEKDAYS.indexOf(d) + 1),
    calendars: body.executeCalendarList ? { entries: body.executeCalendarList.map((e) => ({ calendar: e.calendar.toUpperCase(), event: e.event.toUpperCase() })), match: body.executeCalendarMatch ?? "one" } : undefined,
  };
}

/** Most local days looked at for one the weekdays and calendars allow (about 55 years). */
const MAX_DAYS = 20_000;
/**
 * Most times looked at, on allowed days, for one inside the window: a rule whose times never fall
 * in its window (an interval that keeps missing it) ends its period instead of searching on.
 */
const MAX_CANDIDATES = 1_000;

/**
 * The first activation time at or after `from` (epoch ms) the rule allows, or undefined when the
 * period has ended. `anchor` is where intervals count from (the container's start); `calendarAllows`
 * answers the calendar condition for a local date.
 */
export function nextOccurrence(rule: Recurrence, from: number, anchor: number, calendarAllows: (date: LocalDate) => boolean): number | undefined {
  const zone = rule.timezone;
  const periodStart = rule.startDate ? DateTime.fromISO(rule.startDate, { zone }).startOf("day").toMillis() : Number.NEGATIVE_INFINITY;
  const periodEnd = rule.endDate ? DateTime.fromISO(rule.endDate, { zone }).endOf("day").toMillis() : Number.POSITIVE_INFINITY;
  let candidate = firstCandidate(rule, Math.max(from, periodStart), anchor);
  for (let i = 0; i < MAX_CANDIDATES; i++) {
    if (!(candidate <= periodEnd && candidate <= LAST_WIRE_TIME)) return undefined;
    const local = DateTime.fromMillis(candidate, { zone });
    const date = { year: local.year, month: local.month, day: local.day };
    const allowed = firstAllowedDay(rule, date, calendarAllows);
    if (allowed === undefined) return undefined;
    if (allowed !== date) {
      candidate = align(rule, DateTime.fromObject(allowed, { zone }).toMillis(), anchor);
      continue;
    }
    if (rule.window === undefined) return candidate;
    const minute = local.hour * 60 + local.minute;
    const { start } = rule.window;
    if (inWindow(minute, rule.window)) return candidate;
    const windowStart = (minute < start ? local : local.plus({ days: 1 })).startOf("day").plus({ minutes: start }).toMillis();
    // Before the window opens, adjustStartTime moves the activation to the window's start.
    if (rule.adjustStartTime && minute < start) return windowStart > periodEnd || windowStart > LAST_WIRE_TIME ? undefined : windowStart;
    candidate = align(rule, windowStart, anchor);
  }
  return undefined;
}

function inWindow(minute: number, { start, end }: { start: number; end: number }): boolean {
  return start <= end ? minute >= start && minute <= end : minute >= start || minute <= end;
}

/**
 * `date` itself when the weekdays and calendars allow it, else the first later local date they
 * allow, or undefined when none does before the period's end date or within MAX_DAYS. Dates are
 * counted without time zones (a local date has no offset), so skipping a day costs no zone lookup.
 */
function firstAllowedDay(rule: Recurrence, date: LocalDate, calendarAllows: (date: LocalDate) => boolean): LocalDate | undefined {
  const allows = (day: LocalDate, weekday: number) => (rule.weekdays === undefined || rule.weekdays.includes(weekday)) && (rule.calendars === undefined || calendarAllows(day));
  const utc = new Date(Date.UTC(date.year, date.month - 1, date.day));
  for (let i = 0; i < MAX_DAYS; i++) {
    const day = i === 0 ? date : { year: utc.getUTCFullYear(), month: utc.getUTCMonth() + 1, day: utc.getUTCDate() };
    if (day.year > 9999 || (rule.endDate !== undefined && isoDate(day) > rule.endDate)) return undefined;
    if (allows(day, ((utc.getUTCDay() + 6) % 7) + 1)) return day;
    utc.setUTCDate(utc.getUTCDate() + 1);
  }
  return undefined;
}

function isoDate({ year, month, day }: LocalDate): string {
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

/** The first time at or after `from` that the rule's mode can activate at. */
function align(rule: Recurrence, from: number, anchor: number): number {
  if (rule.mode.kind === "interval") return anchor + Math.max(0, Math.ceil((from - anchor) / rule.mode.ms)) * rule.mode.ms;
  if (rule.mode.kind === "at") return firstCandidate(rule, from, anchor);
  return from;
}

function firstCandidate(rule: Recurrence, from: number, anchor: number): number {
  const zone = rule.timezone;
  if (rule.mode.kind === "at") {
    const day = DateTime.fromMillis(from, { zone }).startOf("day");
    const today = day.set({ hour: rule.mode.hour, minute: rule.mode.minute }).toMillis();
    return today >= from ? today : day.plus({ days: 1 }).set({ hour: rule.mode.hour, minute: rule.mode.minute }).toMillis();
  }
  if (rule.mode.kind === "interval") {
    const steps = Math.max(0, Math.ceil((from - anchor) / rule.mode.ms));
    return anchor + steps * rule.mode.ms;
  }
  return from;
}
