import { isFinalStatus, statusGroups, type OutExecution } from "@baton/contract";

/** One ended run in the trend: its runtime beside the ERT it was activated with. */
export interface TrendPoint {
  runId: number;
  /** "#1234", the axis label. */
  label: string;
  endTime: string;
  /** Seconds from start to end. */
  runtime: number;
  /** Runtime of a run that ended OK, else undefined (drawn as its own series). */
  ok: number | undefined;
  /** Runtime of a run that ended otherwise (aborted, cancelled, ...), else undefined. */
  notOk: number | undefined;
  /** The object's ERT when the run was activated (the run's estimated_runtime), if it had one. */
  ert: number | undefined;
  statusText: string;
}

export interface RuntimeTrend {
  points: TrendPoint[];
  /** The ERT the object's next run starts with (GET objects/{name}/ert), where the trend ends. */
  nextErt: number | undefined;
  /** Median runtime of the runs that ended OK. */
  medianOk: number | undefined;
}

/** The engine's runtime of the run (the number the list and the run's page show), else its start to end. */
function seconds(run: OutExecution): number | undefined {
  if (!run.start_time || !run.end_time) return undefined;
  if (run.runtime !== undefined) return run.runtime;
  const ms = Date.parse(run.end_time) - Date.parse(run.start_time);
  return Number.isFinite(ms) ? Math.max(0, ms / 1000) : undefined;
}

function median(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/**
 * The runtime trend of an object from its runs (newest first, as listed): the ended runs of the
 * object's own type (not the period containers of its recurring starts), oldest first, each with
 * the ERT it was activated with (the same number the executions list and the run's page show),
 * ending with the ERT of the next run, as the vendor's ERT diagram does.
 */
export function runtimeTrend(runs: readonly OutExecution[], objectType: string, nextErt: number | undefined): RuntimeTrend {
  const ended = runs.filter((run) => run.type === objectType && isFinalStatus(run.status));
  const points = ended
    .flatMap((run): TrendPoint[] => {
      const runtime = seconds(run);
      if (runtime === undefined || run.end_time === undefined) return [];
      const groups: readonly string[] = statusGroups(run.status);
      // An inactive or skipped run did no work: its zero would only flatten the trend.
      if (groups.includes("inactive") || groups.includes("skipped")) return [];
      const ok = groups.includes("ok");
      return [{ runId: run.run_id, label: `#${run.run_id}`, endTime: run.end_time, runtime, ok: ok ? runtime : undefined, notOk: ok ? undefined : runtime, ert: run.estimated_runtime, statusText: `${run.status} ${run.status_text}` }];
    })
    .sort((a, b) => Date.parse(a.endTime) - Date.parse(b.endTime) || a.runId - b.runId);
  return { points, nextErt, medianOk: median(points.flatMap((p) => (p.ok === undefined ? [] : [p.ok]))) };
}
