import { ErrorCode } from "@baton/contract";
import { invalid } from "../domain/errors";
import { queueSlots } from "../domain/queue";
import type { Store } from "../store/connect";
import { countQueueSlotsInUse } from "../store/waiting-executions-store";
import { findObject } from "../store/objects-store";

/** The queue every client has without a QUEUE object, and executions run in unless told otherwise. */
export const CLIENT_QUEUE = "CLIENT_QUEUE";

/** Types that hold a queue slot while active; workflows hold none, their tasks do. */
export const SLOT_TYPES = new Set(["JOBS", "SCRI", "JOBF"]);

/**
 * A start may name the queue it runs in: CLIENT_QUEUE, which every client has, or a QUEUE object of
 * the client. Any other name answers 400 naming it, before anything is created: an execution "in" a
 * queue that does not exist would escape every queue's slot limit.
 */
export async function requireQueue(store: Store, client: number, queue: string, path = "queue"): Promise<void> {
  if (queue === CLIENT_QUEUE) return;
  const object = await findObject(store.db, client, queue);
  if (object?.type !== "QUEUE") {
    throw invalid(ErrorCode.INVALID_REQUEST, path, object === undefined ? `queue '${queue}' does not exist in client ${client}` : `'${queue}' is a ${object.type} object, not a queue`, queue);
  }
}

/** Slots left in a queue: QUEUE objects limit with `queue_attributes.max_slots`; other queues are unlimited. */
export async function freeSlots(store: Store, client: number, queue: string, exceptRunId?: number): Promise<number> {
  const object = await findObject(store.db, client, queue);
  const limit = object?.type === "QUEUE" ? queueSlots(object.body) : undefined;
  if (limit === undefined) return Number.POSITIVE_INFINITY;
  return limit - (await countQueueSlotsInUse(store.db, client, queue, exceptRunId));
}
