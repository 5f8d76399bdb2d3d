import { Status, isFinalStatus } from "@baton/contract";
import type { Execution } from "../domain/execution";
import { isUniqueViolation, type Store } from "../store/connect";
import { findExecution } from "../store/executions-store";
import type { Clock } from "./clock";
import type { ExecutionRecorder } from "./execution-recorder";

/**
 * Makes the next slot of a container (a schedule, a period container), a child waiting 1698 until
 * its time, with `create`; nothing when the container has ended by now (its caller read it a while
 * ago) or the slot is planned already (a unique violation: another node, a restart). A cancel ends
 * the container first and its waiting slots after: a slot made while a cancel ran may have been
 * missed by it, and ends as the cancel would have ended it. Resolves with the slot left waiting.
 */
export async function makeSlot(deps: { store: Store; clock: Clock; recorder: ExecutionRecorder }, container: Execution, create: () => Promise<Execution>): Promise<Execution | "planned already" | "container ended"> {
  if (await hasEnded(deps.store, container)) return "container ended";
  let slot: Execution;
  try {
    slot = await create();
  } catch (error) {
    if (isUniqueViolation(error)) return "planned already";
    throw error;
  }
  if (!(await hasEnded(deps.store, container))) return slot;
  await deps.recorder.claim(slot, Status.WAITING_FOR_START_TIME, { status: Status.ENDED_CANCEL, endTime: deps.clock.now() });
  return "container ended";
}

async function hasEnded(store: Store, container: Execution): Promise<boolean> {
  const now = await findExecution(store.db, container.client, container.runId);
  return now === undefined || isFinalStatus(now.status);
}
