import { isRecord } from "@baton/contract";
import type { ObjectBody } from "@baton/contract";
import { DateTime } from "luxon";

/** The zone objects use when their definition names none (schedules start in UTC by default). */
export const DEFAULT_TIME_ZONE = "UTC";

/**
 * The time zone an object's definition names, as written: a JSCH's `schedule_attributes.timezone`,
 * else `general_attributes.time_zone` of any type; undefined when it names none. (A TZ object is
 * its own zone and is read with readTimeZoneObject.)
 */
export function timeZoneNamedBy(body: ObjectBody): string | undefined {
  const schedule = body["schedule_attributes"];
  const candidates = [isRecord(schedule) ? schedule["timezone"] : undefined, body.general_attributes["time_zone"]];
  const named = candidates.find((value): value is string => typeof value === "string" && value.trim() !== "");
  return named?.trim();
}

/** A zone at one instant: its offset from UTC and whether daylight-saving time is in effect. */
export interface ZoneAt {
  /** IANA name (Europe/Vienna) or fixed offset (UTC+5:30). */
  zone: string;
  /** "+02:00" */
  utcOffset: string;
  daylightSaving: boolean;
}

/** Evaluates a zone luxon knows (see isTimeZone) at `at` (epoch ms). */
export function zoneAt(zone: string, at: number): ZoneAt {
  const local = DateTime.fromMillis(at, { zone });
  return { zone: local.zoneName ?? zone, utcOffset: local.toFormat("ZZ"), daylightSaving: local.isInDST };
}
