import type { ObjectBody } from "@baton/contract";
import { isRecord } from "./object-definition";

/** A time event (EVNT): checked every `intervalSeconds`, fires its process page when the check says so. */
export interface TimeEvent {
  intervalSeconds: number;
  /** Hits after which the event ends (0 = until cancelled). */
  maxHits: number;
}

/** The variable a check page sets to "FIRE" when the event's condition holds. */
export const EVENT_VARIABLE = "&EVENT#";

/** `event_attributes` {event_type "TIME", interval_seconds, max_hits}; throws an Error naming what is wrong. */
export function readTimeEvent(body: ObjectBody): TimeEvent {
  const attributes = isRecord(body["event_attributes"]) ? body["event_attributes"] : {};
  const type = String(attributes["event_type"] ?? "TIME").toUpperCase();
  if (type !== "TIME") throw new Error(`event_type '${type}' is not available (TIME)`);
  const interval = Number(attributes["interval_seconds"] ?? 60);
  if (!Number.isInteger(interval) || interval < 1) throw new Error(`interval_seconds must be a whole number of seconds, at least 1 (${String(attributes["interval_seconds"])})`);
  const maxHits = Number(attributes["max_hits"] ?? 0);
  if (!Number.isInteger(maxHits) || maxHits < 0) throw new Error(`max_hits must be 0 or more (${String(attributes["max_hits"])})`);
  return { intervalSeconds: interval, maxHits };
}
