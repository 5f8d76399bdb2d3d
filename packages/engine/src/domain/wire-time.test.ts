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

  it("writes every time as the ISO text would: leap days, century years, before 1970, years of fewer and more than four digits", () => {
    const dates = ["2000-02-29T23:59:59.999Z", "2100-02-28T12:00:00Z", "2100-03-01T00:00:00Z", "1900-03-01T00:00:00Z", "1969-12-31T23:59:59.999Z", "0000-01-01T00:00:00Z", "0000-02-29T00:00:00Z", "0099-12-31T23:59:59Z", "9999-12-31T23:59:59.999Z"];
    const times = [...dates.map(Date.parse), -1, -62_167_219_200_001, 253_402_300_800_000, 8.64e15, -8.64e15];
    for (const time of times) expect(wireTime(time), String(time)).toBe(general(time));
    // Every 3 days, 7 hours, 13 minutes and 17.5 seconds over 1,200 years: every day of the month and hour of the day.
    for (let time = Date.parse("1400-01-01T00:00:00Z"); time < Date.parse("2600-01-01T00:00:00Z"); time += 3 * 86_400_000 + 25_997_500) {
      if (wireTime(time) !== general(time)) expect(wireTime(time), String(time)).toBe(general(time));
    }
  });

  it("refuses a time that is no time, as the ISO text does", () => {
    expect(() => wireTime(Number.NaN)).toThrow(RangeError);
    expect(() => wireTime(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => wireTime("not a date")).toThrow(RangeError);
  });
});
