import { Status, isFinalStatus, type OutExecution } from "@baton/contract";
import type { StatusAction } from "../api/change-execution-status";

/** Which actions the state allows; the server checks again and answers 400 (45170) when it changed meanwhile. */
export function availableActions(execution: Pick<OutExecution, "status" | "type">): StatusAction[] {
  const actions: StatusAction[] = [];
  if (execution.status === Status.WAITING_FOR_MANUAL_RELEASE) actions.push("release");
  // Scripts run to their end inside the engine: the server refuses to cancel them. A workflow's
  // task waiting for its predecessors ends with its workflow: the server refuses it alone.
  if (!isFinalStatus(execution.status) && execution.type !== "SCRI" && execution.status !== Status.WAITING_FOR_PREDECESSOR) actions.push("cancel");
  // A period container runs nothing itself: the server refuses to restart it (its activations restart).
  if (isFinalStatus(execution.status) && execution.type !== "C_PERIOD") actions.push("restart");
  return actions;
}
