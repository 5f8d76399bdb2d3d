import { isRecord } from "@baton/contract";
import type { ObjectBody } from "@baton/contract";

/** `queue_attributes.max_slots` of a QUEUE object; absent, empty or negative means unlimited. */
export function queueSlots(body: ObjectBody): number | undefined {
  const attributes = body["queue_attributes"];
  const slots = isRecord(attributes) ? Number(attributes["max_slots"]) : Number.NaN;
  return Number.isInteger(slots) && slots >= 0 ? slots : undefined;
}
