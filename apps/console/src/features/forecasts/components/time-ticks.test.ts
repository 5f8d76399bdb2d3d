import { describe, expect, it } from "vitest";
import { timeTicks } from "./time-ticks";

describe("timeTicks", () => {
  it("chooses the smallest step that keeps labels apart and stays inside the range", () => {
    const start = new Date(2026, 4, 1, 6, 20).getTime();
    const ticks = timeTicks({ start, end: start + 4 * 3_600_000 }, 800, 90);
    // 4 h over 800 px: 30 min would be 100 px apart.
    expect(ticks.map((t) => t.label)).toEqual(["2026-05-01 06:30", "07:00", "07:30", "08:00", "08:30", "09:00", "09:30", "10:00"]);
    expect(ticks.every((t) => t.x >= 0 && t.x <= 1)).toBe(true);
  });

  it("labels day steps with the date", () => {
    const start = new Date(2026, 4, 1, 0, 0).getTime();
    expect(timeTicks({ start, end: start + 3 * 86_400_000 }, 300, 90).map((t) => t.label)).toEqual(["2026-05-01", "2026-05-02", "2026-05-03", "2026-05-04"]);
  });
});

describe("timeTicks below a minute", () => {
  it("shows seconds when ticks are seconds apart", () => {
    const start = new Date(2026, 4, 1, 6, 0, 0).getTime();
    expect(timeTicks({ start, end: start + 60_000 }, 400, 90).map((t) => t.label)).toEqual(["2026-05-01 06:00:00", "06:00:15", "06:00:30", "06:00:45", "06:01:00"]);
  });
});

describe("timeTicks as the chart zooms", () => {
  it("picks steps of hours for three days in view, naming each new day", () => {
    const start = new Date(2026, 4, 1, 6, 0).getTime();
    const labels = timeTicks({ start, end: start + 3 * 86_400_000 }, 900).map((t) => t.label);
    expect(labels).toEqual(["2026-05-01 12:00", "2026-05-02 00:00", "12:00", "2026-05-03 00:00", "12:00", "2026-05-04 00:00"]);
  });

  it("picks steps of minutes for a few minutes in view, and names the date where the day changes", () => {
    const start = new Date(2026, 4, 1, 23, 57, 30).getTime();
    const labels = timeTicks({ start, end: start + 5 * 60_000 }, 900).map((t) => t.label);
    expect(labels).toEqual(["2026-05-01 23:58", "23:59", "2026-05-02 00:00", "00:01", "00:02"]);
  });

  it("names the date at the first tick in view, wherever the view starts", () => {
    const start = new Date(2026, 4, 2, 14, 7).getTime();
    const [first, second] = timeTicks({ start, end: start + 3_600_000 }, 900);
    expect(first?.label).toBe("2026-05-02 14:15");
    expect(second?.label).toBe("14:30");
  });
});
