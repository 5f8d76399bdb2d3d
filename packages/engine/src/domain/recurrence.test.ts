import { describe, expect, it } from "vitest";
import { ValidationError } from "./errors";
import { durationMs, nextOccurrence, readRecurrence } from "./recurrence";

const t = (iso: string) => Date.parse(iso);
const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());
const always = () => true;

describe("durationMs", () => {
  it.each([
    ["PT1M", 60_000],
    ["P1DT2H", 93_600_000],
    ["PT90S", 90_000],
    ["P", 0],
    ["1 hour", Number.NaN],
  ])("%s", (text, ms) => {
    expect(durationMs(text)).toEqual(ms);
  });
});

describe("readRecurrence", () => {
  function problems(body: Parameters<typeof readRecurrence>[0], timezone?: string): string[] {
    try {
      readRecurrence(body, timezone);
      return [];
    } catch (error) {
      if (error instanceof ValidationError) return error.issues.map((i) => i.path);
      throw error;
    }
  }

  it.each([
    [{}, ["recurring.execute_at"]],
    [{ executeAt: "08:00", executeInterval: "PT1H" }, ["recurring.execute_at"]],
    [{ executeInterval: "PT0S" }, ["recurring.execute_interval"]],
    // Longer than 504 hours, the vendor's longest: an interval beyond every date would plan an activation no time can name.
    [{ executeInterval: "P99999999999D" }, ["recurring.execute_interval"]],
    [{ executeInterval: "P21DT1S" }, ["recurring.execute_interval"]],
    [{ executeAfter: "P99999999999D" }, ["recurring.execute_after"]],
    [{ executeAfter: "PT504H1S" }, ["recurring.execute_after"]],
    // A gap after an end is at least a minute (the vendor's).
    [{ executeAfter: "PT59S" }, ["recurring.execute_after"]],
    [{ executeAt: "08:00", endDate: "2026-01-02", endAfterExecutions: 3 }, ["recurring.end_date"]],
    [{ executeAt: "08:00", startDate: "2026-02-01", endDate: "2026-01-01" }, ["recurring.end_date"]],
    [{ executeAt: "08:00", executeWeekly: ["mon" as const], executeCalendarList: [{ calendar: "C", event: "E" }] }, ["recurring.execute_weekly"]],
    [{ executeAt: "08:00", betweenStart: "08:00" }, ["recurring.between_end"]],
    // A daily time the window never holds would never activate: outside it and not moved into it.
    [{ executeAt: "10:00", betweenStart: "11:00", betweenEnd: "11:00" }, ["recurring.execute_at"]],
    [{ executeAt: "23:30", betweenStart: "08:00", betweenEnd: "09:00", adjustStartTime: true }, ["recurring.execute_at"]],
    [{ executeAt: "03:00", betweenStart: "22:00", betweenEnd: "02:00" }, ["recurring.execute_at"]],
  ])("refuses %j", (body, paths) => {
    expect(problems(body)).toEqual(paths);
  });

  it.each([
    { executeAt: "11:00", betweenStart: "11:00", betweenEnd: "11:00" },
    { executeAt: "10:00", betweenStart: "11:00", betweenEnd: "11:00", adjustStartTime: true },
    { executeAt: "01:00", betweenStart: "22:00", betweenEnd: "02:00" },
    { executeAt: "10:00", betweenStart: "22:00", betweenEnd: "02:00", adjustStartTime: true },
    { executeInterval: "PT1H", betweenStart: "11:00", betweenEnd: "11:00" },
  ])("accepts %j", (body) => {
    expect(problems(body)).toEqual([]);
  });

  it("says why a daily time outside its window is refused", () => {
    expect(() => readRecurrence({ executeAt: "10:00", betweenStart: "11:00", betweenEnd: "11:30" }, "UTC")).toThrow(/10:00 is outside the window 11:00-11:30, so the period would never activate/);
  });

  it("refuses an unknown time zone and requires the body", () => {
    expect(problems({ executeAt: "08:00" }, "Nowhere/Land")).toEqual(["timezone"]);
    expect(problems(undefined)).toEqual(["recurring"]);
  });
});

describe("nextOccurrence", () => {
  it.each([
    { name: "daily at a time, later today", body: { executeAt: "08:45" }, from: "2026-06-01T07:00:00Z", due: "2026-06-01T08:45:00.000Z" },
    { name: "daily at a time, tomorrow once passed", body: { executeAt: "08:45" }, from: "2026-06-01T09:00:00Z", due: "2026-06-02T08:45:00.000Z" },
    { name: "not before the start date", body: { executeAt: "08:45", startDate: "2026-06-10" }, from: "2026-06-01T09:00:00Z", due: "2026-06-10T08:45:00.000Z" },
    { name: "nothing after the end date", body: { executeAt: "08:45", endDate: "2026-06-01" }, from: "2026-06-01T09:00:00Z", due: undefined },
    { name: "weekdays only: Saturday moves to Monday", body: { executeAt: "06:00", executeWeekly: ["mon" as const, "tue" as const] }, from: "2026-06-06T00:00:00Z", due: "2026-06-08T06:00:00.000Z" },
    { name: "every 15 minutes from the anchor", body: { executeInterval: "PT15M" }, from: "2026-06-01T10:07:00Z", due: "2026-06-01T10:15:00.000Z" },
    { name: "interval inside a window", body: { executeInterval: "PT1H", betweenStart: "09:00", betweenEnd: "17:00" }, from: "2026-06-01T17:30:00Z", due: "2026-06-02T09:00:00.000Z" },
    { name: "adjusted into the window", body: { executeAt: "05:00", betweenStart: "07:00", betweenEnd: "08:00", adjustStartTime: true }, from: "2026-06-01T00:00:00Z", due: "2026-06-01T07:00:00.000Z" },
    { name: "after a gap, right away", body: { executeAfter: "PT10M" }, from: "2026-06-01T10:07:00Z", due: "2026-06-01T10:07:00.000Z" },
    { name: "after a gap, waiting for the window", body: { executeAfter: "PT10M", betweenStart: "12:00", betweenEnd: "13:00" }, from: "2026-06-01T13:30:00Z", due: "2026-06-02T12:00:00.000Z" },
  ])("$name", ({ body, from, due }) => {
    const rule = readRecurrence(body, "UTC");
    expect(iso(nextOccurrence(rule, t(from), t("2026-06-01T00:00:00Z"), always))).toBe(due);
  });

  it("takes the longest interval and the shortest gap, and ends the period past the last time the wire can name", () => {
    expect(readRecurrence({ executeAfter: "PT1M" }, "UTC").mode).toEqual({ kind: "after", ms: 60_000 });
    expect(readRecurrence({ executeAfter: "PT504H" }, "UTC").mode).toEqual({ kind: "after", ms: 504 * 3_600_000 });
    const rule = readRecurrence({ executeInterval: "P21D" }, "UTC");
    expect(iso(nextOccurrence(rule, t("2026-06-02T00:00:00Z"), t("2026-06-01T00:00:00Z"), always))).toBe("2026-06-22T00:00:00.000Z");
    expect(nextOccurrence(rule, t("9999-12-31T00:00:01Z"), t("9999-12-31T00:00:00Z"), always)).toBeUndefined();
    // A start moved into its window is held to the same last time: 16:00 in Los Angeles on 9999-12-31 is 10000-01-01 in UTC.
    const adjusted = readRecurrence({ startDate: "9999-12-31", executeAt: "15:00", betweenStart: "16:00", betweenEnd: "16:40", adjustStartTime: true }, "America/Los_Angeles");
    expect(nextOccurrence(adjusted, t("9999-12-30T00:00:00Z"), t("9999-12-30T00:00:00Z"), always)).toBeUndefined();
  });

  it("keeps local time across a daylight-saving change", () => {
    const rule = readRecurrence({ executeAt: "08:00" }, "Europe/Vienna");
    expect(iso(nextOccurrence(rule, t("2026-03-28T08:00:00Z"), 0, always))).toBe("2026-03-29T06:00:00.000Z");
  });

  it("finds a day years ahead that only a calendar allows", () => {
    const rule = readRecurrence({ executeInterval: "PT1H", betweenStart: "09:00", betweenEnd: "17:00", executeCalendarList: [{ calendar: "C", event: "E" }] }, "Europe/Vienna");
    const only = (date: { year: number; month: number; day: number }) => date.year === 2035 && date.month === 6 && date.day === 5;
    expect(iso(nextOccurrence(rule, t("2026-06-01T00:00:00Z"), t("2026-06-01T00:00:00Z"), only))).toBe("2035-06-05T07:00:00.000Z");
    expect(nextOccurrence(rule, t("2035-06-06T00:00:00Z"), t("2026-06-01T00:00:00Z"), only)).toBeUndefined();
  });

  it("ends a period whose interval never meets its window after a bounded search", () => {
    // Every 24 hours from 10:00, with a window of the minute 11:00: no activation ever falls in it.
    const rule = readRecurrence({ executeInterval: "P1D", betweenStart: "11:00", betweenEnd: "11:00", executeCalendarList: [{ calendar: "C", event: "E" }] }, "UTC");
    let daysAsked = 0;
    const everyDay = () => ++daysAsked > 0;
    expect(nextOccurrence(rule, t("2026-06-01T10:00:00Z"), t("2026-06-01T10:00:00Z"), everyDay)).toBeUndefined();
    expect(daysAsked).toBeLessThanOrEqual(1000);
  });

  it("asks the calendar for each day, with match rules applied by the caller", () => {
    const rule = readRecurrence({ executeAt: "08:00", executeCalendarList: [{ calendar: "cale.x", event: "e" }] }, "UTC");
    expect(rule.calendars).toEqual({ entries: [{ calendar: "CALE.X", event: "E" }], match: "one" });
    const onlyThe5th = (date: { day: number }) => date.day === 5;
    expect(iso(nextOccurrence(rule, t("2026-06-01T00:00:00Z"), 0, onlyThe5th))).toBe("2026-06-05T08:00:00.000Z");
  });
});
