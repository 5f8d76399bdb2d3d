import { Status, isFinalStatus, type OutErtEstimations, type OutExecution } from "@baton/contract";
import { elapsedSeconds } from "../../../lib/format";

export interface ExecutionTiming {
  /** Actual runtime once ended, elapsed time while running; undefined before the start. */
  runtimeSeconds: number | undefined;
  /** The estimate: for a workflow the engine's (start to estimated end), else the object's ERT at activation. */
  ertSeconds: number | undefined;
  running: boolean;
  /** Epoch ms the execution is expected to end, while it runs. */
  expectedEnd: number | undefined;
  /** A blocked workflow ends only after an operator acts: no end can be expected. */
  blocked: boolean;
}

/**
 * Runtime, estimate and expected end of an execution. A workflow's expected end is the engine's
 * remaining runtime (RRT) counted from when it was read, so it stays put between reads instead of
 * moving with the clock; any other execution is expected to end its ERT after its start.
 */
export function executionTiming(execution: OutExecution, ert: { data: OutErtEstimations; readAt: number } | undefined, now: number): ExecutionTiming {
  const ended = isFinalStatus(execution.status);
  const running = !ended && execution.start_time !== undefined;
  const runtimeSeconds = ended ? execution.runtime : elapsedSeconds(execution.start_time, now);
  const ertSeconds = ert !== undefined && execution.type === "JOBP" ? ert.data.ert : execution.estimated_runtime;
  const blocked = execution.status === Status.BLOCKED;
  let expectedEnd: number | undefined;
  if (blocked) expectedEnd = undefined;
  else if (running && ert !== undefined && execution.type === "JOBP") expectedEnd = ert.readAt + ert.data.rrt * 1000;
  else if (running && ertSeconds !== undefined && execution.start_time !== undefined) expectedEnd = Date.parse(execution.start_time) + ertSeconds * 1000;
  return { runtimeSeconds, ertSeconds, running, expectedEnd, blocked };
}

/** How the runtime compares to the estimate, in words an operator reads at a glance. */
export function comparedToEstimate(runtimeSeconds: number | undefined, ertSeconds: number | undefined, running: boolean): { percent: number; words: string } | undefined {
  if (runtimeSeconds === undefined || ertSeconds === undefined || ertSeconds <= 0) return undefined;
  const percent = Math.round((runtimeSeconds / ertSeconds) * 100);
  if (percent > 100) return { percent, words: `${percent - 100} % over the estimate` };
  if (running) return { percent, words: `${percent} % of the estimate` };
  return { percent, words: percent === 100 ? "as estimated" : `${100 - percent} % under the estimate` };
}
