import { describe, expect, it } from "vitest";
import { wireTime } from "./wire-time";

/** What wireTime must write for any time: the ISO text to the whole second. */
const general = (time: number | string) => new Date(time).toISOString().replace(/\.\d{3}Z$/, "Z");

describe("wireTime", () => {
  it("writes UTC to the whole second, dropping the milliseconds", () => {
    expect(wireTime(Date.parse("2018-04-17T14:39:36.999Z"))).toBe("2018-04-17T14:39:36Z");
    expect(wireTime("2018-04-17T16:39:36.5+02:00")).toBe("2018-04-17T14:39:36Z");
    expect(wireTime(new Date(0))).toBe("1970-01-01T00:00:00Z");
  });

  it("writes every time as the ISO text would, across days, before 1970 and beyond four-digit years", () => {
    const times = [0, -1, -86_400_001, 999, 1000, 86_399_999, 86_400_000, 951_782_400_000, 1_893_456_000_999, 253_402_300_799_999, 253_402_300_800_000, -62_198_755_200_000, -62_198_755_200_001];
    // Alternating days, as rows of a page do, so that the remembered day changes between calls.
    for (const time of [...times, ...times.slice().reverse()]) expect(wireTime(time), String(time)).toBe(general(time));
    for (let time = 1_700_000_000_000; time < 1_700_000_000_000 + 3 * 86_400_000; time += 3_599_321) expect(wireTime(time)).toBe(general(time));
  });

  it("refuses a time that is no time, as the ISO text does", () => {
    expect(() => wireTime(Number.NaN)).toThrow(RangeError);
    expect(() => wireTime("not a date")).toThrow(RangeError);
  });
});
