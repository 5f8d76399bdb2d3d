/**
 * A task of a forecast: one object run, placed in time by the simulation. Workflows are
 * containers: they start when their predecessors end, their tasks start with them, and they end
 * with their last task.
 */
export interface PlannedTask {
  key: string;
  /** The container (workflow) the task belongs to, if any. */
  parentKey?: string | undefined;
  /** Tasks of the same container that must end before this one starts. */
  predecessors: readonly string[];
  /** Runtime in seconds (ignored for containers). */
  ertSeconds: number;
  container: boolean;
  /** Epoch ms before which the task does not start (a start time, a calendar day). */
  notBefore: number;
  agent?: string | undefined;
  queue?: string | undefined;
  /**
   * Ended in a state no successor takes (a workflow blocked on it): placed, but it lets nothing
   * after it go on until an operator acts, neither its successors nor the end of its container.
   */
  blocks?: boolean | undefined;
}

/** Limits the simulation respects: slots of queues and parallel jobs of agents (undefined: unlimited). */
export interface SimulationLimits {
  queueSlots(queue: string): number | undefined;
  agentMaxJobs(agent: string): number | undefined;
}

export interface PlacedTask {
  start: number;
  /** None for a container whose tasks never all end (one blocks it, or can never start). */
  end: number | undefined;
}

const UNLIMITED: SimulationLimits = { queueSlots: () => undefined, agentMaxJobs: () => undefined };

/**
 * Places every task in time: a task is ready when its predecessors have ended and its container
 * has started, and starts at the first moment from then on that its queue and agent have room.
 * Tasks ready at the same moment start in the order given. Tasks that can never start (a queue of
 * 0 slots, a predecessor that never ends or blocks) are left out of the result; a container that
 * started keeps its start.
 */
export function simulate(tasks: readonly PlannedTask[], limits: SimulationLimits = UNLIMITED): Map<string, PlacedTask> {
  const byKey = new Map(tasks.map((t, order) => [t.key, { task: t, order }]));
  const successors = new Map<string, string[]>();
  const children = new Map<string, string[]>();
  for (const t of tasks) {
    for (const p of t.predecessors) successors.set(p, [...(successors.get(p) ?? []), t.key]);
    if (t.parentKey !== undefined) children.set(t.parentKey, [...(children.get(t.parentKey) ?? []), t.key]);
  }
  const placed = new Map<string, PlacedTask>();
  const started = new Map<string, number>();
  const ended = new Set<string>();
  const readyAt = new Map<string, number>();
  const running: { key: string; end: number }[] = [];
  const inQueue = new Map<string, number>();
  const onAgent = new Map<string, number>();

  const considerReady = (key: string) => {
    const entry = byKey.get(key);
    if (entry === undefined || started.has(key) || readyAt.has(key)) return;
    const { task } = entry;
    if (!task.predecessors.every((p) => ended.has(p))) return;
    const parentStart = task.parentKey === undefined ? undefined : started.get(task.parentKey);
    if (task.parentKey !== undefined && parentStart === undefined) return;
    readyAt.set(key, Math.max(task.notBefore, parentStart ?? task.notBefore, ...task.predecessors.map((p) => placed.get(p)?.end ?? task.notBefore)));
  };
  const finish = (key: string, at: number) => {
    placed.set(key, { start: started.get(key) ?? at, end: at });
    const task = byKey.get(key)?.task;
    // Not counted as ended, so that no successor (a join behind it too) and no container end follows it.
    if (task?.blocks === true) return;
    ended.add(key);
    for (const next of successors.get(key) ?? []) considerReady(next);
    // A container ends with its last task.
    const parent = task?.parentKey;
    if (parent !== undefined && (children.get(parent) ?? []).every((c) => ended.has(c))) finish(parent, at);
  };
  const fits = (task: PlannedTask) =>
    (task.queue === undefined || (inQueue.get(task.queue) ?? 0) < (limits.queueSlots(task.queue) ?? Number.POSITIVE_INFINITY)) &&
    (task.agent === undefined || (onAgent.get(task.agent) ?? 0) < (limits.agentMaxJobs(task.agent) ?? Number.POSITIVE_INFINITY));
  const start = (task: PlannedTask, at: number) => {
    readyAt.delete(task.key);
    started.set(task.key, at);
    if (task.container) {
      const kids = children.get(task.key) ?? [];
      if (kids.length === 0) finish(task.key, at);
      for (const kid of kids) considerReady(kid);
      return;
    }
    if (task.queue !== undefined) inQueue.set(task.queue, (inQueue.get(task.queue) ?? 0) + 1);
    if (task.agent !== undefined) onAgent.set(task.agent, (onAgent.get(task.agent) ?? 0) + 1);
    running.push({ key: task.key, end: at + task.ertSeconds * 1000 });
  };
  const release = (key: string) => {
    const task = byKey.get(key)?.task;
    if (task?.queue !== undefined) inQueue.set(task.queue, (inQueue.get(task.queue) ?? 1) - 1);
    if (task?.agent !== undefined) onAgent.set(task.agent, (onAgent.get(task.agent) ?? 1) - 1);
  };

  for (const t of tasks) considerReady(t.key);
  let now = Number.NEGATIVE_INFINITY;
  for (;;) {
    // Start, in order, what is ready by now and has room; containers start at once and may make more ready.
    let startedSome = true;
    while (startedSome) {
      startedSome = false;
      const due = [...readyAt].filter(([, at]) => at <= now).sort((a, b) => a[1] - b[1] || (byKey.get(a[0])?.order ?? 0) - (byKey.get(b[0])?.order ?? 0));
      for (const [key] of due) {
        const task = byKey.get(key)?.task;
        if (task !== undefined && fits(task)) {
          start(task, now);
          startedSome = true;
        }
      }
    }
    const nextEnd = Math.min(...running.map((r) => r.end));
    const nextReady = Math.min(...[...readyAt.values()].filter((at) => at > now));
    const next = Math.min(nextEnd, nextReady);
    if (!Number.isFinite(next)) break;
    now = next;
    for (const r of running.filter((x) => x.end <= now)) {
      running.splice(running.indexOf(r), 1);
      release(r.key);
      finish(r.key, r.end);
    }
  }
  for (const [key, at] of started) if (!placed.has(key)) placed.set(key, { start: at, end: undefined });
  return placed;
}
