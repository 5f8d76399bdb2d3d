import { describe, expect, it } from "vitest";
import { simulate, type PlannedTask } from "./simulate";

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

  it("places 1,000 tasks of a workflow", () => {
    const tasks: PlannedTask[] = [task("flow", 0, { container: true })];
    for (let i = 0; i < 1000; i++) tasks.push(task(`flow/${i}`, 60, { parentKey: "flow", predecessors: i < 10 ? [] : [`flow/${i - 10}`], queue: "Q" }));
    const placed = simulate(tasks, { queueSlots: () => 5, agentMaxJobs: () => undefined });
    expect(placed.size).toBe(1001);
    // Five at a time, a minute each: 1,000 tasks take 200 minutes.
    expect(((placed.get("flow")?.end ?? 0) - T0) / 60_000).toBe(200);
  });
});
