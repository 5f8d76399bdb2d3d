import { describe, expect, it } from "vitest";
import { isTimeZone, isTimeZoneReference, readTimeZoneObject } from "./time-zone";

const tz = (attributes: Record<string, string>) => ({ general_attributes: { name: "TZ.X" }, time_zone_attributes: attributes });

describe("time zones", () => {
  it.each([
    [{ iana_name: "Europe/Vienna" }, "Europe/Vienna"],
    [{ utc_offset: "+05:30" }, "UTC+5:30"],
    [{ utc_offset: "-08:00" }, "UTC-8:00"],
    [{ utc_offset: "+00:00" }, "UTC+0:00"],
  ])("a TZ object %j stands for %s", (attributes, zone) => {
    expect(readTimeZoneObject(tz(attributes))).toBe(zone);
    expect(isTimeZone(zone)).toBe(true);
  });

  it.each([
    [{}, "either an IANA zone"],
    [{ iana_name: "Europe/Vienna", utc_offset: "+01:00" }, "either an IANA zone"],
    [{ iana_name: "Mars/Base" }, "is not an IANA time zone"],
    [{ utc_offset: "+5" }, "is not an offset"],
    [{ utc_offset: "+15:00" }, "is not an offset"],
  ])("refuses %j", (attributes, message) => {
    expect(() => readTimeZoneObject(tz(attributes))).toThrow(message);
  });

  it.each([
    ["Europe/Vienna", true],
    ["UTC", true],
    ["TZ.VIENNA", true],
    ["Nowhere/Land", false],
    ["", false],
  ])("%s may name a time zone: %s", (value, expected) => {
    expect(isTimeZoneReference(value)).toBe(expected);
  });
});
