import { describe, expect, it } from "vitest";
import { compactTime } from "./execution-cells";

/** Local times, as the console shows them: the test does not depend on the machine's time zone. */
const local = (year: number, month: number, day: number, hours: number, minutes: number, seconds = 0) => new Date(year, month - 1, day, hours, minutes, seconds);

describe("compactTime", () => {
  const today = local(2026, 11, 27, 15, 0);

  it("shows only the time of today, with seconds unless asked not to", () => {
    expect(compactTime(local(2026, 11, 27, 14, 5, 9).toISOString(), today)).toBe("14:05:09");
    expect(compactTime(local(2026, 11, 27, 14, 5, 9).toISOString(), today, false)).toBe("14:05");
  });

  it("shows month and day on another day of the year, so a run of yesterday never reads as today's", () => {
    expect(compactTime(local(2026, 11, 26, 23, 59, 30).toISOString(), today)).toBe("11-26 23:59");
    expect(compactTime(local(2026, 12, 1, 8, 0).toISOString(), today)).toBe("12-01 08:00");
  });

  it("shows the date alone in another year", () => {
    expect(compactTime(local(2025, 11, 27, 14, 5).toISOString(), today)).toBe("2025-11-27");
  });
});
