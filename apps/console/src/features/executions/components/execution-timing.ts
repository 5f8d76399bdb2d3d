import { Status, isFinalStatus, type OutErtEstimations, type OutExecution } from "@baton/contract";
import { elapsedSeconds, formatDateTime, formatDuration } from "../../../lib/format";

/**
 * Containers that start runs until cancelled (a schedule) or until their rule ends (the period
 * container of a recurring execution): their lifetime is no run's work, so no end can be expected
 * and no estimate applies. The ERT a period container is activated with is its object's, each run's.
 */
const RUNS_UNTIL_CANCELLED: ReadonlySet<string> = new Set(["JSCH", "C_PERIOD"]);

export interface ExecutionTiming {
  /** Actual runtime once ended, elapsed time while running; undefined before the start. */
  runtimeSeconds: number | undefined;
  /**
   * The estimate of the run's work. Once ended, the ERT it was activated with (none when its
   * object had none): what it ended against never changes. While it goes on, for a workflow the
   * engine's (its tasks along the critical path, never the time it waited), else the same ERT at
   * activation. None for a container that runs until cancelled.
   */
  ertSeconds: number | undefined;
  running: boolean;
  /** Epoch ms the execution is expected to end, while it runs or waits for its start time. */
  expectedEnd: number | undefined;
  /** A blocked workflow ends only after an operator acts: no end can be expected. */
  blocked: boolean;
  /** Epoch ms a run waiting for its start time is planned to start (the engine's planned_start_time). */
  plannedStart: number | undefined;
  /** Epoch ms since when a blocked run is blocked (the engine's blocked_since). */
  blockedSince: number | undefined;
  /** A schedule or period container: it goes on until cancelled (RUNS_UNTIL_CANCELLED). */
  untilCancelled: boolean;
}

/** An ISO time of the API as epoch ms; undefined when absent or unreadable. */
function epoch(iso: string | undefined): number | undefined {
  if (iso === undefined) return undefined;
  const ms = Date.parse(iso);
  return Number.isNaN(ms) ? undefined : ms;
}

/**
 * Runtime, estimate and expected end of an execution. A workflow's expected end is the engine's
 * remaining runtime (RRT) counted from when it was read, so it stays put between reads instead of
 * moving with the clock; any other execution is expected to end its ERT after its start, or after
 * its planned start while it waits for one. The engine's ERT answer is for runs still going: for an
 * ended workflow it counts what ran, so it is not read as its estimate.
 */
export function executionTiming(execution: OutExecution, ert: { data: OutErtEstimations; readAt: number } | undefined, now: number): ExecutionTiming {
  const ended = isFinalStatus(execution.status);
  const untilCancelled = RUNS_UNTIL_CANCELLED.has(execution.type);
  const running = !ended && execution.start_time !== undefined;
  const runtimeSeconds = ended ? execution.runtime : elapsedSeconds(execution.start_time, now);
  const workflowErt = ert !== undefined && !ended && execution.type === "JOBP" ? ert : undefined;
  const ertSeconds = untilCancelled ? undefined : workflowErt ? workflowErt.data.ert : execution.estimated_runtime;
  const blockedSince = ended ? undefined : epoch(execution.blocked_since);
  const plannedStart = ended ? undefined : epoch(execution.planned_start_time);
  // Events recorded before the engine said since when still say blocked by their status.
  const blocked = blockedSince !== undefined || execution.status === Status.BLOCKED;
  const start = epoch(execution.start_time) ?? plannedStart;
  let expectedEnd: number | undefined;
  if (blocked || ended || (!running && plannedStart === undefined)) expectedEnd = undefined;
  else if (workflowErt) expectedEnd = workflowErt.readAt + workflowErt.data.rrt * 1000;
  else if (ertSeconds !== undefined && start !== undefined) expectedEnd = start + ertSeconds * 1000;
  return { runtimeSeconds, ertSeconds, running, expectedEnd, blocked, plannedStart, blockedSince, untilCancelled };
}

/**
 * When a container's next run starts: the earliest planned start of its runs waiting for their
 * start time (a period container's next activation, a schedule's next slot); undefined when none
 * is planned (an activation that follows the end of the running one is planned when it ends).
 */
export function nextRunOf(children: readonly OutExecution[]): number | undefined {
  const planned = children.flatMap((child) => (child.status === Status.WAITING_FOR_START_TIME ? (epoch(child.planned_start_time) ?? []) : []));
  return planned.length === 0 ? undefined : Math.min(...planned);
}

/** "2026-05-01 14:32:10 (starts in 4 min 10 s)": when a waiting run starts, and how soon, counted live. */
export function plannedStartText(plannedStart: number, now: number): string {
  const at = formatDateTime(new Date(plannedStart).toISOString());
  const seconds = (plannedStart - now) / 1000;
  // The engine starts it within a moment of its time; until the status changes it is starting.
  return seconds >= 1 ? `${at} (starts in ${formatDuration(seconds)})` : `${at} (due now: starting)`;
}

/** "2026-05-01 14:32:10 (for 3 min 05 s)": since when a run is blocked, and how long that is by now. */
export function blockedSinceText(blockedSince: number, now: number): string {
  return `${formatDateTime(new Date(blockedSince).toISOString())} (for ${formatDuration(Math.max(0, (now - blockedSince) / 1000))})`;
}

/** How the runtime compares to the estimate, in words an operator reads at a glance. */
export function comparedToEstimate(runtimeSeconds: number | undefined, ertSeconds: number | undefined, running: boolean): { percent: number; words: string } | undefined {
  if (runtimeSeconds === undefined || ertSeconds === undefined || ertSeconds <= 0) return undefined;
  const percent = Math.round((runtimeSeconds / ertSeconds) * 100);
  if (percent > 100) return { percent, words: `${percent - 100} % over the estimate` };
  if (running) return { percent, words: `${percent} % of the estimate` };
  return { percent, words: percent === 100 ? "as estimated" : `${100 - percent} % under the estimate` };
}
