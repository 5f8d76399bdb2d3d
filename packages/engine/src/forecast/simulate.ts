import { MinHeap } from "./min-heap";

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
  /**
   * Will not run (its workflow has ended without it): it gets no times, nothing after it starts,
   * and its container does not wait for it.
   */
  neverRuns?: boolean | undefined;
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
 * 0 slots, a predecessor that never ends or blocks) are left out of the result, as are those that
 * never run; a container that started keeps its start. Keys are unique.
 */
export function simulate(tasks: readonly PlannedTask[], limits: SimulationLimits = UNLIMITED): Map<string, PlacedTask> {
  return new Simulation(tasks, limits).run();
}

/** A task that is ready, from `at`; `order` is its place in the tasks given. */
interface Ready {
  task: PlannedTask;
  order: number;
  at: number;
}

const sooner = (a: Ready, b: Ready) => a.at < b.at || (a.at === b.at && a.order < b.order);

/**
 * The due tasks that wait for the same limited queue and agent (undefined: none or unlimited):
 * they have room or not together, so a step looks at lanes, not at every task waiting.
 */
interface Lane {
  queue: string | undefined;
  agent: string | undefined;
  due: MinHeap<Ready>;
}

interface Running {
  key: string;
  end: number;
  /** Tasks that end together end in the order they started. */
  seq: number;
  lane: Lane;
}

/**
 * One run of `simulate`. Each step starts, in rounds, what is due and has room, then moves to the
 * next end or start time. A round takes the tasks that were due when it began, soonest ready
 * first and then in the order given; what starting a container makes ready waits for the next
 * round. Ready tasks, due tasks and running ones are kept in heaps, so that a step costs the
 * lanes and log n rather than every task that waits (12,000 tasks on a queue of one slot took
 * 24 s when each step sorted all the tasks that were ready, 0.2 s since). Time only moves on
 * (runtimes are not negative), so a task once due stays due.
 */
class Simulation {
  readonly #byKey: Map<string, { task: PlannedTask; order: number }>;
  readonly #successors = new Map<string, string[]>();
  readonly #children = new Map<string, string[]>();
  /** Predecessors that have not ended, by task. */
  readonly #waitingFor = new Map<string, number>();
  /** Tasks of a container that have not ended. */
  readonly #open = new Map<string, number>();
  readonly #placed = new Map<string, PlacedTask>();
  readonly #started = new Map<string, number>();
  readonly #ended = new Set<string>();
  readonly #ready = new Set<string>();
  /** Ready tasks not yet taken into a round. */
  readonly #pending = new MinHeap<Ready>(sooner);
  readonly #lanes = new Map<string, Lane>();
  readonly #waitingLanes = new Set<Lane>();
  readonly #running = new MinHeap<Running>((a, b) => a.end < b.end || (a.end === b.end && a.seq < b.seq));
  readonly #inQueue = new Map<string, number>();
  readonly #onAgent = new Map<string, number>();
  #seq = 0;

  constructor(
    private readonly tasks: readonly PlannedTask[],
    private readonly limits: SimulationLimits,
  ) {
    this.#byKey = new Map(tasks.flatMap((task, order) => (task.neverRuns === true ? [] : [[task.key, { task, order }]])));
    for (const { task } of this.#byKey.values()) {
      const predecessors = new Set(task.predecessors);
      this.#waitingFor.set(task.key, predecessors.size);
      for (const p of predecessors) append(this.#successors, p, task.key);
      if (task.parentKey !== undefined) append(this.#children, task.parentKey, task.key);
    }
    for (const [key, children] of this.#children) this.#open.set(key, children.length);
  }

  run(): Map<string, PlacedTask> {
    for (const t of this.tasks) this.#considerReady(t.key);
    let now = Number.NEGATIVE_INFINITY;
    for (;;) {
      while (this.#round(now));
      const next = Math.min(this.#running.peek()?.end ?? Number.POSITIVE_INFINITY, this.#pending.peek()?.at ?? Number.POSITIVE_INFINITY);
      if (!Number.isFinite(next)) break;
      now = next;
      for (let r = this.#running.peek(); r !== undefined && r.end <= now; r = this.#running.peek()) {
        this.#running.pop();
        this.#count(r.lane, -1);
        this.#finish(r.key, r.end);
      }
    }
    for (const [key, at] of this.#started) if (!this.#placed.has(key)) this.#placed.set(key, { start: at, end: undefined });
    return this.#placed;
  }

  /** Starts, soonest first, the due tasks that have room at `now`; whether it started any. */
  #round(now: number): boolean {
    for (let r = this.#pending.peek(); r !== undefined && r.at <= now; r = this.#pending.peek()) {
      this.#pending.pop();
      const lane = this.#laneOf(r.task);
      lane.due.push(r);
      this.#waitingLanes.add(lane);
    }
    // Lanes by their first task; room only shrinks within a moment, so a lane found full stays out of the round.
    const lanes = new MinHeap<Lane>((a, b) => sooner(first(a), first(b)));
    for (const lane of this.#waitingLanes) if (this.#fits(lane)) lanes.push(lane);
    let startedSome = false;
    for (let lane = lanes.pop(); lane !== undefined; lane = lanes.pop()) {
      const next = this.#fits(lane) ? lane.due.pop() : undefined;
      if (next === undefined) continue;
      this.#start(next.task, now, lane);
      startedSome = true;
      if (lane.due.size === 0) this.#waitingLanes.delete(lane);
      else lanes.push(lane);
    }
    return startedSome;
  }

  #considerReady(key: string): void {
    const entry = this.#byKey.get(key);
    if (entry === undefined || this.#started.has(key) || this.#ready.has(key) || (this.#waitingFor.get(key) ?? 0) > 0) return;
    const { task } = entry;
    const parentStart = task.parentKey === undefined ? undefined : this.#started.get(task.parentKey);
    if (task.parentKey !== undefined && parentStart === undefined) return;
    let at = Math.max(task.notBefore, parentStart ?? task.notBefore);
    for (const p of task.predecessors) at = Math.max(at, this.#placed.get(p)?.end ?? task.notBefore);
    this.#ready.add(key);
    this.#pending.push({ task, order: entry.order, at });
  }

  #finish(key: string, at: number): void {
    this.#placed.set(key, { start: this.#started.get(key) ?? at, end: at });
    const task = this.#byKey.get(key)?.task;
    // Not counted as ended, so that no successor (a join behind it too) and no container end follows it.
    if (task?.blocks === true) return;
    const first = !this.#ended.has(key);
    this.#ended.add(key);
    for (const next of this.#successors.get(key) ?? []) {
      if (first) this.#waitingFor.set(next, (this.#waitingFor.get(next) ?? 1) - 1);
      this.#considerReady(next);
    }
    // A container ends with its last task.
    const parent = task?.parentKey;
    if (parent === undefined) return;
    const open = (this.#open.get(parent) ?? 1) - (first ? 1 : 0);
    this.#open.set(parent, open);
    if (open === 0) this.#finish(parent, at);
  }

  #start(task: PlannedTask, at: number, lane: Lane): void {
    this.#ready.delete(task.key);
    this.#started.set(task.key, at);
    if (task.container) {
      const kids = this.#children.get(task.key) ?? [];
      if (kids.length === 0) this.#finish(task.key, at);
      for (const kid of kids) this.#considerReady(kid);
      return;
    }
    this.#count(lane, 1);
    this.#running.push({ key: task.key, end: at + task.ertSeconds * 1000, seq: this.#seq++, lane });
  }

  /** The lane of a task: its queue and agent where they have a limit. */
  #laneOf(task: PlannedTask): Lane {
    const queue = task.queue !== undefined && this.limits.queueSlots(task.queue) !== undefined ? task.queue : undefined;
    const agent = task.agent !== undefined && this.limits.agentMaxJobs(task.agent) !== undefined ? task.agent : undefined;
    const key = JSON.stringify([queue ?? null, agent ?? null]);
    const known = this.#lanes.get(key);
    if (known !== undefined) return known;
    const lane: Lane = { queue, agent, due: new MinHeap<Ready>(sooner) };
    this.#lanes.set(key, lane);
    return lane;
  }

  #fits(lane: Lane): boolean {
    return (
      (lane.queue === undefined || (this.#inQueue.get(lane.queue) ?? 0) < (this.limits.queueSlots(lane.queue) ?? Number.POSITIVE_INFINITY)) &&
      (lane.agent === undefined || (this.#onAgent.get(lane.agent) ?? 0) < (this.limits.agentMaxJobs(lane.agent) ?? Number.POSITIVE_INFINITY))
    );
  }

  /** Takes (1) or gives back (-1) a slot of the lane's queue and a job of its agent. */
  #count(lane: Lane, by: 1 | -1): void {
    if (lane.queue !== undefined) this.#inQueue.set(lane.queue, (this.#inQueue.get(lane.queue) ?? 0) + by);
    if (lane.agent !== undefined) this.#onAgent.set(lane.agent, (this.#onAgent.get(lane.agent) ?? 0) + by);
  }
}

/** The first task due in a lane (lanes in a round are never empty). */
function first(lane: Lane): Ready {
  const ready = lane.due.peek();
  if (ready === undefined) throw new Error("an empty lane in a round");
  return ready;
}

function append(lists: Map<string, string[]>, key: string, value: string): void {
  const list = lists.get(key);
  if (list === undefined) lists.set(key, [value]);
  else list.push(value);
}
