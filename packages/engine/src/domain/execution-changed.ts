import type { Execution } from "./execution";

/**
 * A committed change of an execution, as the engine inside speaks of it: the execution as it is
 * after the change, when the change was made, and the change's place in the sequence of events
 * (the events table's seq, which listeners that reconnect resume from). Its wire shape
 * (ExecutionEvent, OutExecution) is made at the edges only: the events table, SSE, callbacks.
 */
export interface ExecutionChanged {
  seq: number;
  client: number;
  /** When the change was recorded (epoch ms). */
  at: number;
  execution: Execution;
}
