import { describe, expect, it } from "vitest";
import { formatLocalInput, parseLocalInput, toUtcParam } from "./date-input";

describe("time frame values", () => {
  it("writes UTC without fractions, as the API's pattern wants", () => {
    expect(toUtcParam(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)))).toBe("2025-01-02T03:04:05Z");
  });

  it("shows local time in ISO order on a 24-hour clock and reads it back to the same UTC value", () => {
    for (const utc of ["2025-01-02T03:04:00Z", "2025-07-15T23:59:30Z", "2024-03-31T01:30:00Z", "2025-11-22T17:16:00Z"]) {
      const local = formatLocalInput(utc);
      expect(local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}(:\d{2})?$/);
      expect(parseLocalInput(local)).toBe(utc);
    }
    expect(formatLocalInput(toUtcParam(new Date(2026, 4, 1, 18, 5)))).toBe("2026-05-01 18:05");
    expect(formatLocalInput(toUtcParam(new Date(2026, 4, 1, 0, 0, 9)))).toBe("2026-05-01 00:00:09");
  });

  it("reads what an operator types: a T or a space, seconds or not, a date alone for its midnight", () => {
    const at = (...parts: [number, number, number, number?, number?, number?]) => toUtcParam(new Date(parts[0], parts[1] - 1, parts[2], parts[3] ?? 0, parts[4] ?? 0, parts[5] ?? 0));
    expect(parseLocalInput("2026-05-01 18:05")).toBe(at(2026, 5, 1, 18, 5));
    expect(parseLocalInput(" 2026-05-01T18:05:30 ")).toBe(at(2026, 5, 1, 18, 5, 30));
    expect(parseLocalInput("2026-5-1 6:05")).toBe(at(2026, 5, 1, 6, 5));
    expect(parseLocalInput("2026-05-01")).toBe(at(2026, 5, 1));
  });

  it("gives no bound for an empty text and refuses what is not a moment", () => {
    expect(parseLocalInput("")).toBe("");
    expect(parseLocalInput("   ")).toBe("");
    for (const text of ["tomorrow", "05/01/2026 06:30 PM", "2026-05-01 6:30 PM", "2026-05-01 24:00", "2026-13-01 10:00", "2026-02-31 10:00", "2026-05-01 10:60"]) {
      expect(parseLocalInput(text), text).toBeNull();
    }
    expect(formatLocalInput("")).toBe("");
    expect(formatLocalInput("not a date")).toBe("");
  });
});
