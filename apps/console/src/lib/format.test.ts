import { describe, expect, it } from "vitest";
import { durationInParts, formatDuration, safeNextPath, zoneLabel } from "./format";

describe("formatDuration", () => {
  it.each([
    [undefined, "—"],
    [0, "0 s"],
    [59, "59 s"],
    [65, "1 min 05 s"],
    [7620, "2 h 07 min"],
    [90000, "1 d 01 h"],
  ])("%s → %s", (seconds, text) => expect(formatDuration(seconds)).toBe(text));
});

describe("line breaks in table cells", () => {
  it("keeps a number with its unit, so a duration wraps between its parts", () => expect(durationInParts("17 min 20 s")).toBe("17\u00a0min 20\u00a0s"));
});

describe("safeNextPath", () => {
  it.each([
    [null, "/executions"],
    ["/executions/12?report=ACT", "/executions/12?report=ACT"],
    ["https://evil.example/", "/executions"],
    ["//evil.example/", "/executions"],
    ["/\\evil.example", "/executions"],
    ["/login?next=/x", "/executions"],
  ])("%s → %s", (next, expected) => expect(safeNextPath(next)).toBe(expected));
});

describe("zoneLabel", () => {
  it("names the zone and the offset in force at the time: summer and winter time differ", () => {
    const before = process.env["TZ"];
    process.env["TZ"] = "Europe/Vienna";
    try {
      expect(zoneLabel(new Date("2026-07-01T12:00:00Z"), "Europe/Vienna")).toBe("Europe/Vienna, UTC+02:00");
      expect(zoneLabel(new Date("2026-01-15T12:00:00Z"), "Europe/Vienna")).toBe("Europe/Vienna, UTC+01:00");
      process.env["TZ"] = "America/St_Johns";
      expect(zoneLabel(new Date("2026-01-15T12:00:00Z"), "")).toBe("UTC-03:30");
    } finally {
      if (before === undefined) delete process.env["TZ"];
      else process.env["TZ"] = before;
    }
  });
});
