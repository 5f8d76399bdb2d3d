import { isRecord } from "@baton/contract";
import { DateTime } from "luxon";
import { isTimeZoneReference } from "./time-zone";
import type { LocalDate } from "./calendar";

/** One task of a schedule: an object started every day at a local time, optionally gated by a calendar. */
export interface ScheduleTask {
  line: number;
  objectName: string;
  hour: number;
  minute: number;
  second: number;
  /** CALE object and event that must select the day, if any. */
  calendar: { name: string; event: string } | undefined;
  active: boolean;
}

export interface ScheduleDefinition {
  /** Time zone the start times are in: an IANA name, a fixed offset or a TZ object's name. */
  timezone: string;
  /** Slots missed while the engine was down: run once late (`once`) or skip them (`skip`). */
  catchUp: "once" | "skip";
  /** How late a slot may start before `skip` counts it as missed (default 5 minutes). */
  catchUpToleranceMs: number;
  tasks: ScheduleTask[];
}

/**
 * Reads a JSCH body: `schedule_attributes` {timezone (IANA name or TZ object, default UTC), catch_up,
 * catch_up_tolerance_seconds} and
 * `schedule_definitions` [{line_number, object_name, start_time "HH:MM", calendar,
 * calendar_event, active}]. Throws an Error naming what is wrong.
 */
export function readSchedule(body: Record<string, unknown>): ScheduleDefinition {
  const attributes = isRecord(body["schedule_attributes"]) ? body["schedule_attributes"] : {};
  const timezone = typeof attributes["timezone"] === "string" && attributes["timezone"] !== "" ? attributes["timezone"] : "UTC";
  if (!isTimeZoneReference(timezone)) throw new Error(`'${timezone}' is not a time zone (use an IANA name such as Europe/Vienna or the name of a TZ object)`);
  const catchUp = String(attributes["catch_up"] ?? "once").toLowerCase();
  if (catchUp !== "once" && catchUp !== "skip") throw new Error(`catch_up '${catchUp}' is not 'once' or 'skip'`);
  const entries = Array.isArray(body["schedule_definitions"]) ? body["schedule_definitions"].filter(isRecord) : [];
  const tasks = entries.map((entry, index): ScheduleTask => {
    const time = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/.exec(String(entry["start_time"] ?? ""));
    if (!time) throw new Error(`task ${index + 1} has no start_time HH:MM (or HH:MM:SS) (${String(entry["start_time"])})`);
    const calendar = typeof entry["calendar"] === "string" && entry["calendar"] !== "" ? entry["calendar"].toUpperCase() : undefined;
    return {
      line: Number(entry["line_number"] ?? index + 1),
      objectName: String(entry["object_name"] ?? "").toUpperCase(),
      hour: Number(time[1]),
      minute: Number(time[2]),
      second: Number(time[3] ?? 0),
      calendar: calendar === undefined ? undefined : { name: calendar, event: String(entry["calendar_event"] ?? "").toUpperCase() },
      active: String(entry["active"] ?? "1") !== "0",
    };
  });
  const tolerance = Number(attributes["catch_up_tolerance_seconds"] ?? 300);
  if (!Number.isInteger(tolerance) || tolerance < 0) throw new Error(`catch_up_tolerance_seconds must be 0 or more (${String(attributes["catch_up_tolerance_seconds"])})`);
  return { timezone, catchUp, catchUpToleranceMs: tolerance * 1000, tasks };
}

/**
 * The first instant after `after` (epoch ms) at which the local clock in `timezone` shows
 * hour:minute, with that local date. On the day clocks spring forward a time that does not exist
 * runs when the gap ends plus the minutes into it (02:30 → 03:30); on the day they fall back a
 * time that occurs twice runs once, at its first occurrence.
 */
export function nextStart(hour: number, minute: number, timezone: string, after: number, second = 0): { dueAt: number; date: LocalDate } {
  let day = DateTime.fromMillis(after, { zone: timezone }).startOf("day");
  for (let i = 0; i < 3; i++) {
    const candidate = firstOccurrence(day.year, day.month, day.day, hour, minute, second, timezone);
    if (candidate.toMillis() > after) return { dueAt: candidate.toMillis(), date: { year: day.year, month: day.month, day: day.day } };
    day = day.plus({ days: 1 });
  }
  throw new Error("no start time found within three days");
}

function firstOccurrence(year: number, month: number, day: number, hour: number, minute: number, second: number, timezone: string): DateTime {
  const local = DateTime.fromObject({ year, month, day, hour, minute, second }, { zone: timezone });
  // Luxon resolves a repeated local time to its later occurrence; an hour earlier may show it too.
  const earlier = local.minus({ hours: 1 });
  return earlier.hour === hour && earlier.minute === minute && earlier.day === day ? earlier : local;
}
