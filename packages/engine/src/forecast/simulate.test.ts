import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { simulate, type PlacedTask, type PlannedTask, type SimulationLimits } from "./simulate";

const T0 = 1_700_000_000_000;
const task = (key: string, ertSeconds: number, extra: Partial<PlannedTask> = {}): PlannedTask => ({ key, predecessors: [], ertSeconds, container: false, notBefore: T0, ...extra });
/** Start and end of each task in seconds after T0. */
function times(tasks: PlannedTask[], limits?: Parameters<typeof simulate>[1]) {
  return Object.fromEntries([...simulate(tasks, limits)].map(([key, p]) => [key, [(p.start - T0) / 1000, p.end === undefined ? null : (p.end - T0) / 1000]]));
}

describe("simulate", () => {
  it("runs a sequence one after the other", () => {
    expect(times([task("a", 10), task("b", 20, { predecessors: ["a"] }), task("c", 5, { predecessors: ["b"] })])).toEqual({ a: [0, 10], b: [10, 30], c: [30, 35] });
  });

  it("runs a fan-out in parallel and a fan-in after the last branch", () => {
    expect(times([task("a", 10), task("b", 30, { predecessors: ["a"] }), task("c", 5, { predecessors: ["a"] }), task("d", 1, { predecessors: ["b", "c"] })])).toEqual({
      a: [0, 10],
      b: [10, 40],
      c: [10, 15],
      d: [40, 41],
    });
  });

  it("lets a full queue hold tasks back until a slot frees", () => {
    const tasks = [task("a", 10, { queue: "Q" }), task("b", 10, { queue: "Q" }), task("c", 10, { queue: "Q" })];
    expect(times(tasks, { queueSlots: (q) => (q === "Q" ? 2 : undefined), agentMaxJobs: () => undefined })).toEqual({ a: [0, 10], b: [0, 10], c: [10, 20] });
  });

  it("respects an agent's maximum of parallel jobs", () => {
    const tasks = [task("a", 10, { agent: "A1" }), task("b", 5, { agent: "A1" }), task("c", 5, { agent: "A2" })];
    expect(times(tasks, { queueSlots: () => undefined, agentMaxJobs: (a) => (a === "A1" ? 1 : undefined) })).toEqual({ a: [0, 10], b: [10, 15], c: [0, 5] });
  });

  it("starts a workflow's tasks with it and ends it with its last task, nested", () => {
    const tasks = [
      task("flow", 0, { container: true }),
      task("flow/1", 10, { parentKey: "flow" }),
      task("flow/2", 0, { parentKey: "flow", container: true, predecessors: ["flow/1"] }),
      task("flow/2/1", 7, { parentKey: "flow/2" }),
      task("flow/3", 3, { parentKey: "flow", predecessors: ["flow/2"] }),
      task("after", 1, { predecessors: ["flow"] }),
    ];
    expect(times(tasks)).toEqual({ flow: [0, 20], "flow/1": [0, 10], "flow/2": [10, 17], "flow/2/1": [10, 17], "flow/3": [17, 20], after: [20, 21] });
  });

  it("does not start a task before its start time", () => {
    expect(times([task("a", 10, { notBefore: T0 + 3_600_000 }), task("b", 5)])).toEqual({ a: [3600, 3610], b: [0, 5] });
  });

  it("leaves out tasks that can never start", () => {
    const tasks = [task("a", 10, { queue: "CLOSED" }), task("b", 5, { predecessors: ["a"] }), task("c", 5)];
    expect(times(tasks, { queueSlots: (q) => (q === "CLOSED" ? 0 : undefined), agentMaxJobs: () => undefined })).toEqual({ c: [0, 5] });
  });

  it("places a task that blocks its workflow but nothing after it: its successors wait, its workflow has no end", () => {
    const tasks = [
      task("flow", 0, { container: true }),
      task("flow/1", 10, { parentKey: "flow", blocks: true }),
      task("flow/2", 5, { parentKey: "flow", predecessors: ["flow/1"] }),
      task("flow/3", 5, { parentKey: "flow" }),
      task("flow/4", 1, { parentKey: "flow", predecessors: ["flow/2", "flow/3"] }),
      task("after", 1, { predecessors: ["flow"] }),
    ];
    expect(times(tasks)).toEqual({ flow: [0, null], "flow/1": [0, 10], "flow/3": [0, 5] });
  });

  it("leaves out a task that never runs and what follows it; its workflow ends without them", () => {
    const tasks = [
      task("flow", 0, { container: true }),
      task("flow/1", 10, { parentKey: "flow" }),
      task("flow/2", 5, { parentKey: "flow", neverRuns: true, predecessors: ["flow/1"] }),
      task("flow/3", 5, { parentKey: "flow", neverRuns: true, predecessors: ["flow/2"] }),
      task("after", 1, { predecessors: ["flow"] }),
    ];
    expect(times(tasks)).toEqual({ flow: [0, 10], "flow/1": [0, 10], after: [10, 11] });
  });

  it("places 1,000 tasks of a workflow", () => {
    const tasks: PlannedTask[] = [task("flow", 0, { container: true })];
    for (let i = 0; i < 1000; i++) tasks.push(task(`flow/${i}`, 60, { parentKey: "flow", predecessors: i < 10 ? [] : [`flow/${i - 10}`], queue: "Q" }));
    const placed = simulate(tasks, { queueSlots: () => 5, agentMaxJobs: () => undefined });
    expect(placed.size).toBe(1001);
    // Five at a time, a minute each: 1,000 tasks take 200 minutes.
    expect(((placed.get("flow")?.end ?? 0) - T0) / 60_000).toBe(200);
  });

  it("places 12,000 tasks ready at once on a queue of one slot, one after the other", () => {
    // What an object forecast of a workflow of 12,000 lines after <START> (a client forecast of such runs) simulates.
    const lines = Array.from({ length: 12_000 }, (_, i) => `flow/${i + 2}`);
    const tasks = [
      task("flow", 0, { container: true }),
      task("flow/1", 0, { parentKey: "flow" }),
      ...lines.map((key) => task(key, 60, { parentKey: "flow", predecessors: ["flow/1"], queue: "Q", agent: "LOCAL" })),
      task("flow/end", 0, { parentKey: "flow", predecessors: lines }),
    ];
    const placed = simulate(tasks, { queueSlots: () => 1, agentMaxJobs: () => undefined });
    // In the order given, a minute each.
    expect(((placed.get("flow/12001")?.start ?? 0) - T0) / 60_000).toBe(11_999);
    expect(((placed.get("flow")?.end ?? 0) - T0) / 60_000).toBe(12_000);
  });

  it("places random tasks as the straightforward simulation does", () => {
    fc.assert(
      fc.property(randomTasks, randomLimits, (tasks, limits) => {
        // Tasks that never run are as good as not there.
        expect(simulate(tasks, limits)).toEqual(referenceSimulate(tasks.filter((t) => t.neverRuns !== true), limits));
      }),
      { numRuns: 1000 },
    );
  });
});

/**
 * Up to 12 tasks, some of them containers holding others; predecessors among the tasks before
 * (of any container), shared queues (one closed) and agents, start times and runtimes that
 * coincide, tasks that block or never run; given in a random order. Plans never give a task other than a
 * container tasks of its own, but the simulation accepts it.
 */
const randomTasks = fc
  .array(
    fc.record({
      container: fc.boolean(),
      parent: fc.nat(),
      predecessors: fc.array(fc.nat(), { maxLength: 2 }),
      ertSeconds: fc.constantFrom(0, 5, 10, 30),
      delay: fc.constantFrom(0, 0, 5, 20),
      queue: fc.oneof({ arbitrary: fc.constantFrom(undefined, "Q1", "Q2"), weight: 12 }, { arbitrary: fc.constant("CLOSED"), weight: 1 }),
      agent: fc.constantFrom(undefined, "A1", "A2"),
      blocks: fc.oneof({ arbitrary: fc.constant(false), weight: 20 }, { arbitrary: fc.constant(true), weight: 1 }),
      neverRuns: fc.oneof({ arbitrary: fc.constant(false), weight: 20 }, { arbitrary: fc.constant(true), weight: 1 }),
      rank: fc.nat(),
    }),
    { minLength: 1, maxLength: 12 },
  )
  .map((shapes) => {
    const tasks = shapes.map((shape, i): PlannedTask & { rank: number } => {
      // Mostly a container before it, now and then any task before it.
      const containers = shapes.slice(0, i).flatMap((s, j) => (s.container ? [`t${j}`, `t${j}`] : []));
      const parents = [undefined, ...containers, ...(shape.parent % 10 === 0 ? shapes.slice(0, i).map((_, j) => `t${j}`) : [])];
      const parentKey = parents[shape.parent % parents.length];
      const predecessors = i === 0 ? [] : [...new Set(shape.predecessors.map((p) => `t${p % i}`))];
      const { container, ertSeconds, queue, agent, blocks, neverRuns, rank } = shape;
      return { key: `t${i}`, parentKey, predecessors, ertSeconds, container, notBefore: T0 + shape.delay * 1000, queue, agent, blocks, neverRuns, rank };
    });
    return tasks.sort((a, b) => a.rank - b.rank).map(({ rank: _, ...t }): PlannedTask => t);
  });

const slots = fc.constantFrom(undefined, 1, 2);
const randomLimits = fc.record({ Q1: slots, Q2: slots, A1: slots, A2: slots }).map(
  (l): SimulationLimits => ({ queueSlots: (q) => (q === "CLOSED" ? 0 : q === "Q1" ? l.Q1 : l.Q2), agentMaxJobs: (a) => (a === "A1" ? l.A1 : l.A2) }),
);

/**
 * The simulation as first written, the specification `simulate` keeps: it scans every ready task
 * at each step, which is quadratic in the tasks that wait for a queue.
 */
function referenceSimulate(tasks: readonly PlannedTask[], limits: SimulationLimits): Map<string, PlacedTask> {
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
    if (task?.blocks === true) return;
    ended.add(key);
    for (const next of successors.get(key) ?? []) considerReady(next);
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
    const next = Math.min(...running.map((r) => r.end), ...[...readyAt.values()].filter((at) => at > now));
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

