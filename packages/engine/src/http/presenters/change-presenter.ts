import { ExecutionEvent } from "@baton/contract";
import type { Execution } from "../../domain/execution";
import type { ExecutionChanged } from "../../domain/execution-changed";
import type { ChangeTexts } from "../../runtime/execution-recorder";
import type { StoredEvent } from "../../store/events-store";
import { presentExecution } from "./execution-presenter";

/** Each change presented once, however many consoles stream it. */
const presented = new WeakMap<ExecutionChanged, ExecutionEvent>();

/** The wire shape of a change (ExecutionEvent), as SSE streams it: the execution as it was at the change. */
export function presentChange(changed: ExecutionChanged): ExecutionEvent {
  let event = presented.get(changed);
  if (event === undefined) {
    event = { seq: changed.seq, client: changed.client, execution: presentExecution(changed.execution, changed.at) };
    presented.set(changed, event);
  }
  return event;
}

/** The texts a change is kept as: its events-table row (OutExecution) and an ended execution's callback body. */
export const changeTexts: ChangeTexts = {
  event: (execution: Execution, at: number) => JSON.stringify(presentExecution(execution, at)),
  callback: (execution: Execution, at: number) => JSON.stringify({ event: "execution.ended", client: execution.client, execution: presentExecution(execution, at) }),
};

/** A row of the events table as listeners replay it: the wire text `changeTexts.event` made, checked. */
export function presentStoredEvent(row: StoredEvent): ExecutionEvent {
  return ExecutionEvent.parse({ seq: row.seq, client: row.client, execution: JSON.parse(row.payload) });
}
