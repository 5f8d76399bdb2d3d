import { isRecord } from "@baton/contract";
import type { ObjectBody } from "@baton/contract";

/** A local date: the day a calendar is asked about. */
export interface LocalDate {
  year: number;
  month: number;
  day: number;
}

/**
 * Whether a CALE object's event selects a date. `events` name the calendar's events
 * (`{"line_number": "1", "name": "WORKDAYS"}`); `calendar_definitions` hold per event line and year
 * a 372-character string, 31 characters per month, "1" for a selected day. An unknown event or a
 * year without a definition selects nothing.
 */
export function calendarIncludes(body: ObjectBody, event: string, date: LocalDate): boolean {
  return calendarEventDays(body, event)(date);
}

/**
 * The days a CALE object's event selects, as calendarIncludes answers them, read from the body
 * once: for asking about many dates (a recurring rule looking for its next day).
 */
export function calendarEventDays(body: ObjectBody, event: string): (date: LocalDate) => boolean {
  const entry = calendarEvent(body, event);
  if (entry === undefined) return () => false;
  const line = Number(entry["line_number"] ?? entry["event_line_number"]);
  const years = new Map<number, string>();
  for (const definition of Array.isArray(body["calendar_definitions"]) ? body["calendar_definitions"].filter(isRecord) : []) {
    const year = Number(definition["year"]);
    // The first definition of a line and year counts, as a search from the start finds it.
    if (Number(definition["event_line_number"]) === line && !years.has(year)) years.set(year, typeof definition["content"] === "string" ? definition["content"] : "");
  }
  return (date) => (years.get(date.year) ?? "").charAt((date.month - 1) * 31 + (date.day - 1)) === "1";
}

/** Whether a CALE object has an event of that name (any case). */
export function calendarHasEvent(body: ObjectBody, event: string): boolean {
  return calendarEvent(body, event) !== undefined;
}

function calendarEvent(body: ObjectBody, event: string): Record<string, unknown> | undefined {
  const events = Array.isArray(body["events"]) ? body["events"].filter(isRecord) : [];
  return events.find((e) => String(e["name"] ?? "").toUpperCase() === event.toUpperCase());
}

/** A year's content string with the given days selected (for building calendars, e.g. in tests). */
export function calendarContent(days: readonly { month: number; day: number }[]): string {
  const chars = Array<string>(372).fill("0");
  for (const { month, day } of days) chars[(month - 1) * 31 + (day - 1)] = "1";
  return chars.join("").replace(/0+$/, "");
}
