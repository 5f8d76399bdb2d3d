import { isRecord, OBJECT_NAME_PATTERN, type ObjectBody } from "@baton/contract";
import { FixedOffsetZone, IANAZone } from "luxon";

/** Whether luxon knows the zone: an IANA name (Europe/Vienna) or a fixed offset (UTC+5:30). */
export function isTimeZone(zone: string): boolean {
  return IANAZone.isValidZone(zone) || FixedOffsetZone.parseSpecifier(zone) !== null;
}

/** Where a time zone is asked for, this names an IANA zone or a TZ object. */
export function isTimeZoneReference(value: string): boolean {
  return isTimeZone(value) || OBJECT_NAME_PATTERN.test(value.toUpperCase());
}

/**
 * The zone a TZ object stands for: `time_zone_attributes.iana_name` (Europe/Vienna, with its
 * daylight-saving rules) or `time_zone_attributes.utc_offset` ("+05:30", no daylight saving).
 * Throws an Error naming what is wrong.
 */
export function readTimeZoneObject(body: ObjectBody): string {
  const attributes = isRecord(body["time_zone_attributes"]) ? body["time_zone_attributes"] : {};
  const iana = String(attributes["iana_name"] ?? "").trim();
  const offset = String(attributes["utc_offset"] ?? "").trim();
  if ((iana === "") === (offset === "")) throw new Error("a TZ object names either an IANA zone (iana_name) or a fixed offset (utc_offset)");
  if (iana !== "") {
    if (!IANAZone.isValidZone(iana)) throw new Error(`iana_name '${iana}' is not an IANA time zone such as Europe/Vienna`);
    return iana;
  }
  const match = /^([+-])(\d{2}):(\d{2})$/.exec(offset);
  if (!match || Number(match[2]) > 14 || Number(match[3]) > 59) throw new Error(`utc_offset '${offset}' is not an offset such as +05:30 or -08:00`);
  return `UTC${match[1]}${Number(match[2])}:${match[3]}`;
}
