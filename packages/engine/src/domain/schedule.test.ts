import { describe, expect, it } from "vitest";
import { calendarContent, calendarIncludes } from "./calendar";
import { nextStart, readSchedule } from "./schedule";

const utc = (iso: string) => Date.parse(iso);

describe("nextStart", () => {
  it.each([
    { name: "later the same day", tz: "UTC", at: "02:30", after: "2026-06-01T01:00:00Z", due: "2026-06-01T02:30:00.000Z" },
    { name: "the next day once the time has passed", tz: "UTC", at: "02:30", after: "2026-06-01T02:30:00Z", due: "2026-06-02T02:30:00.000Z" },
    { name: "in the zone's summer time", tz: "Europe/Vienna", at: "02:30", after: "2026-06-01T00:00:00Z", due: "2026-06-01T00:30:00.000Z" },
    { name: "Vienna spring forward: 02:30 does not exist, runs 03:30 CEST", tz: "Europe/Vienna", at: "02:30", after: "2026-03-28T12:00:00Z", due: "2026-03-29T01:30:00.000Z" },
    { name: "Vienna fall back: 02:30 occurs twice, runs the first time", tz: "Europe/Vienna", at: "02:30", after: "2026-10-24T12:00:00Z", due: "2026-10-25T00:30:00.000Z" },
    { name: "Vienna fall back: the day after is normal again", tz: "Europe/Vienna", at: "02:30", after: "2026-10-25T00:30:00Z", due: "2026-10-26T01:30:00.000Z" },
    { name: "New York spring forward", tz: "America/New_York", at: "02:30", after: "2026-03-07T12:00:00Z", due: "2026-03-08T07:30:00.000Z" },
    { name: "New York fall back, first 01:30 (EDT)", tz: "America/New_York", at: "01:30", after: "2026-10-31T12:00:00Z", due: "2026-11-01T05:30:00.000Z" },
    { name: "month end", tz: "UTC", at: "23:59", after: "2026-01-31T23:59:00Z", due: "2026-02-01T23:59:00.000Z" },
    { name: "leap day", tz: "UTC", at: "00:00", after: "2028-02-28T12:00:00Z", due: "2028-02-29T00:00:00.000Z" },
    { name: "year end in Vienna", tz: "Europe/Vienna", at: "00:15", after: "2026-12-31T12:00:00Z", due: "2026-12-31T23:15:00.000Z" },
  ])("$name", ({ tz, at, after, due }) => {
    const [hour, minute] = at.split(":").map(Number);
    expect(new Date(nextStart(hour ?? 0, minute ?? 0, tz, utc(after)).dueAt).toISOString()).toBe(due);
  });

  it("gives the local date of the start", () => {
    expect(nextStart(0, 15, "Europe/Vienna", utc("2026-12-31T12:00:00Z")).date).toEqual({ year: 2027, month: 1, day: 1 });
  });
});

describe("calendarIncludes", () => {
  const cale = {
    general_attributes: { name: "CALE.WORK" },
    events: [{ line_number: "1", name: "WORKDAYS" }, { line_number: "2", name: "HOLIDAYS" }],
    calendar_definitions: [
      { event_line_number: "1", year: "2026", content: calendarContent([{ month: 3, day: 2 }, { month: 12, day: 31 }]) },
      { event_line_number: "2", year: "2026", content: calendarContent([{ month: 2, day: 29 }]) },
    ],
  };

  it.each([
    ["WORKDAYS", 2026, 3, 2, true],
    ["workdays", 2026, 12, 31, true],
    ["WORKDAYS", 2026, 3, 3, false],
    ["WORKDAYS", 2027, 3, 2, false],
    ["HOLIDAYS", 2026, 3, 2, false],
    ["NOPE", 2026, 3, 2, false],
  ])("%s on %i-%i-%i: %s", (event, year, month, day, included) => {
    expect(calendarIncludes(cale, event, { year, month, day })).toBe(included);
  });

  it("builds 372-character year strings without trailing blanks", () => {
    const content = calendarContent([{ month: 12, day: 31 }]);
    expect(content).toHaveLength(372);
    expect(calendarContent([{ month: 1, day: 1 }])).toBe("1");
  });
});

describe("readSchedule", () => {
  it("reads tasks, time zone and catch-up", () => {
    expect(
      readSchedule({
        schedule_attributes: { timezone: "Europe/Vienna", catch_up: "skip" },
        schedule_definitions: [{ line_number: "1", object_name: "job.a", start_time: "06:05", calendar: "cale.work", calendar_event: "workdays" }, { object_name: "B", start_time: "23:00:30", active: "0" }],
      }),
    ).toEqual({
      timezone: "Europe/Vienna",
      catchUp: "skip",
      catchUpToleranceMs: 300_000,
      tasks: [
        { line: 1, objectName: "JOB.A", hour: 6, minute: 5, second: 0, calendar: { name: "CALE.WORK", event: "WORKDAYS" }, active: true },
        { line: 2, objectName: "B", hour: 23, minute: 0, second: 30, calendar: undefined, active: false },
      ],
    });
  });

  it.each([
    [{ schedule_attributes: { timezone: "Mars/Olympus" } }, /not a time zone/],
    [{ schedule_definitions: [{ object_name: "A", start_time: "25:00" }] }, /start_time HH:MM/],
    [{ schedule_attributes: { catch_up: "twice" } }, /catch_up/],
  ])("refuses %j", (body, message) => {
    expect(() => readSchedule(body)).toThrow(message);
  });
});
