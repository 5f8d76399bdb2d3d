import type { ForecastEntry } from "../store/forecasts-store";
import type { Interval } from "./agent-gaps";
import type { ForecastTask } from "./execution-plan";
import { simulate, type SimulationLimits } from "./simulate";

/** The entries of a forecast and the span they cover (null without any placed entry). */
export interface PlacedForecast {
  entries: ForecastEntry[];
  estimatedStart: number | null;
  estimatedEnd: number | null;
}

/** Where a file transfer writes: entries show it as the transfer's destination agent. */
export type TransferDestination = (name: string) => Promise<string | undefined>;

/**
 * Simulates the tasks and numbers what is shown of them from 1 in plan order (containers before
 * their tasks); <START>/<END> markers are placed but not shown. Tasks that can never start keep
 * no times (those behind a blocked task too), a container that never ends only its start. Jobs
 * show their agent, platform and login as the destination; transfers their source agent as source
 * and their target agent as destination.
 */
export async function placeEntries(tasks: readonly ForecastTask[], limits: SimulationLimits, destinationOf: TransferDestination): Promise<PlacedForecast> {
  const placed = simulate(tasks, limits);
  const shown = tasks.filter((t) => t.hidden !== true);
  const ids = new Map(shown.map((t, index) => [t.key, index + 1]));
  const entries: ForecastEntry[] = [];
  for (const task of shown) {
    const place = placed.get(task.key);
    const transfer = task.type === "JOBF";
    entries.push({
      id: ids.get(task.key) ?? 0,
      parent: task.parentKey === undefined ? 0 : (ids.get(task.parentKey) ?? 0),
      name: task.name,
      objectType: task.type,
      containerType: task.containerType ?? null,
      estimatedStart: place?.start ?? null,
      estimatedEnd: place?.end ?? null,
      estimatedRuntime: place?.end === undefined ? null : Math.round((place.end - place.start) / 1000),
      agentSource: transfer ? (task.agent ?? null) : null,
      agentDestination: (transfer ? await destinationOf(task.name) : task.agent) ?? null,
      platformDestination: task.platform ?? null,
      loginSource: null,
      loginDestination: task.login ?? null,
      status: task.status ?? null,
    });
  }
  // reduce, not Math.min(...): a client forecast may hold more entries than a call takes arguments.
  const starts = entries.flatMap((e) => (e.estimatedStart === null ? [] : [e.estimatedStart]));
  const ends = entries.flatMap((e) => (e.estimatedEnd === null ? [] : [e.estimatedEnd]));
  return {
    entries,
    estimatedStart: starts.length === 0 ? null : starts.reduce((a, b) => Math.min(a, b)),
    estimatedEnd: ends.length === 0 ? null : ends.reduce((a, b) => Math.max(a, b)),
  };
}

/** When the entries keep an agent busy (as source or destination), optionally only entries whose name `matches`. */
export function busyIntervals(entries: readonly ForecastEntry[], agent: string, matches: (name: string) => boolean = () => true): Interval[] {
  return entries.flatMap((e) =>
    (e.agentDestination === agent || e.agentSource === agent) && e.estimatedStart !== null && e.estimatedEnd !== null && matches(e.name) ? [{ from: e.estimatedStart, to: e.estimatedEnd }] : [],
  );
}
