import { describe, expect, it } from "vitest";
import { localInputToUtc, toUtcParam, utcToLocalInput } from "./date-input";

describe("time frame values", () => {
  it("writes UTC without fractions, as the API's pattern wants", () => {
    expect(toUtcParam(new Date(Date.UTC(2025, 0, 2, 3, 4, 5, 678)))).toBe("2025-01-02T03:04:05Z");
  });

  it("converts between the local input and UTC both ways", () => {
    for (const utc of ["2025-01-02T03:04:00Z", "2025-07-15T23:59:30Z", "2024-03-31T01:30:00Z"]) {
      const local = utcToLocalInput(utc);
      expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/);
      expect(localInputToUtc(local)).toBe(utc);
    }
  });

  it("gives no bound for empty or unreadable values", () => {
    expect(localInputToUtc("")).toBe("");
    expect(localInputToUtc("tomorrow")).toBe("");
    expect(utcToLocalInput("")).toBe("");
    expect(utcToLocalInput("not a date")).toBe("");
  });
});
