import { describe, expect, it } from "vitest";
import { readWorkflow } from "./workflow";
import { estimateWorkflow, type TaskRun } from "./workflow-ert";

// START(1) → A(2) → C(4) → END(5), START → B(3) → C: B is the longer branch.
const definition = readWorkflow({
  workflow_definitions: [
    { line_number: "1", object_name: "START", object_type: "<START>" },
    { line_number: "2", object_name: "A", object_type: "JOBS" },
    { line_number: "3", object_name: "B", object_type: "JOBS" },
    { line_number: "4", object_name: "C", object_type: "JOBS" },
    { line_number: "5", object_name: "END", object_type: "<END>" },
  ],
  line_conditions: [
    { workflow_line_number: "2", predecessor_line_number: "1" },
    { workflow_line_number: "3", predecessor_line_number: "1" },
    { workflow_line_number: "4", predecessor_line_number: "2" },
    { workflow_line_number: "4", predecessor_line_number: "3" },
    { workflow_line_number: "5", predecessor_line_number: "4" },
  ],
});

const T0 = 1_000_000;
const s = (seconds: number) => T0 + seconds * 1000;
const run = (runId: number, fields: Partial<TaskRun>): TaskRun => ({ runId, status: 1550, startTime: null, endTime: null, ertSeconds: undefined, ...fields });

describe("estimateWorkflow", () => {
  it("before anything ran: tasks start when their last predecessor ends, the longest branch is critical", () => {
    const estimate = estimateWorkflow(definition, new Map(), new Map([[2, 10], [3, 30], [4, 5]]), { start: T0, ended: false }, T0);
    expect(estimate.tasks.map((t) => [t.line, t.ertSeconds, (t.start - T0) / 1000])).toEqual([
      [1, 0, 0],
      [2, 10, 0],
      [3, 30, 0],
      [4, 5, 30],
      [5, 0, 35],
    ]);
    expect(estimate.criticalPath).toEqual([1, 3, 4, 5]);
    expect(estimate).toMatchObject({ ertSeconds: 35, rrtSeconds: 35 });
  });

  it("takes actual runtimes of ended tasks and at least the elapsed time of running ones", () => {
    const runs = new Map([
      [2, run(12, { status: 1900, startTime: s(0), endTime: s(50), ertSeconds: 10 })],
      [3, run(13, { startTime: s(0), ertSeconds: 30 })],
    ]);
    // At 60 s: A took 50 s, B has run 60 s (beyond its 30 s estimate), C is not started.
    const estimate = estimateWorkflow(definition, runs, new Map([[4, 5]]), { start: T0, ended: false }, s(60));
    expect(estimate.tasks.find((t) => t.line === 3)).toMatchObject({ runId: 13, ertSeconds: 60, started: true });
    expect(estimate.tasks.find((t) => t.line === 4)).toMatchObject({ runId: undefined, ertSeconds: 5, start: s(60), started: false });
    expect(estimate.criticalPath).toEqual([1, 3, 4, 5]);
    expect(estimate).toMatchObject({ ertSeconds: 65, rrtSeconds: 5 });
  });

  it("the critical path moves to the branch that actually took longer", () => {
    const runs = new Map([
      [2, run(12, { status: 1900, startTime: s(0), endTime: s(100) })],
      [3, run(13, { status: 1900, startTime: s(0), endTime: s(20) })],
    ]);
    expect(estimateWorkflow(definition, runs, new Map(), { start: T0, ended: false }, s(100)).criticalPath).toEqual([1, 2, 4, 5]);
  });

  it("counts 60 s for a task without any estimate, nothing for inactive or skipped ones", () => {
    const runs = new Map([[2, run(12, { status: 1930, endTime: s(0) })]]);
    const estimate = estimateWorkflow(definition, runs, new Map([[3, 10]]), { start: T0, ended: false }, T0);
    expect(estimate.tasks.find((t) => t.line === 2)?.ertSeconds).toBe(0);
    expect(estimate.tasks.find((t) => t.line === 4)?.ertSeconds).toBe(60);
    expect(estimate.ertSeconds).toBe(70);
  });

  it("has no remaining runtime once the workflow has ended", () => {
    const runs = new Map([
      [2, run(12, { status: 1900, startTime: s(0), endTime: s(3) })],
      [3, run(13, { status: 1900, startTime: s(0), endTime: s(4) })],
      [4, run(14, { status: 1900, startTime: s(4), endTime: s(6) })],
    ]);
    expect(estimateWorkflow(definition, runs, new Map(), { start: T0, ended: true }, s(500))).toMatchObject({ ertSeconds: 6, rrtSeconds: 0 });
  });

  it("of a workflow waiting for its start time: the work alone, tasks planned from that time, however long ago it was activated", () => {
    // Planned to start at 600 s, read at 0 s and again at 300 s: the ERT is what its tasks take.
    for (const now of [T0, s(300)]) {
      const estimate = estimateWorkflow(definition, new Map(), new Map([[2, 10], [3, 30], [4, 5]]), { start: s(600), ended: false }, now);
      expect(estimate.ertSeconds).toBe(35);
      expect(estimate.tasks.find((t) => t.line === 4)?.start).toBe(s(630));
      expect(estimate.rrtSeconds).toBe(Math.round((s(635) - now) / 1000));
    }
  });

  it("of a blocked workflow: stays put while it waits for an operator, though the expected end moves on", () => {
    // A failed at 10 s and blocks C; B ended at 30 s. Read at 100 s and at 1000 s.
    const runs = new Map([
      [2, run(12, { status: 1800, startTime: s(0), endTime: s(10), ertSeconds: 10 })],
      [3, run(13, { status: 1900, startTime: s(0), endTime: s(30), ertSeconds: 30 })],
    ]);
    const at = (now: number) => estimateWorkflow(definition, runs, new Map([[4, 5]]), { start: T0, ended: false }, now);
    expect(at(s(100))).toMatchObject({ ertSeconds: 35, rrtSeconds: 5 });
    expect(at(s(1000))).toMatchObject({ ertSeconds: 35, rrtSeconds: 5 });
  });

  it("of a workflow whose blocked task was restarted: the operator's wait is still no work", () => {
    // A failed at 10 s and blocked C; at 1000 s an operator restarted it, and the new run took 12 s.
    const runs = new Map([
      [2, run(22, { status: 1900, startTime: s(1000), endTime: s(1012), ertSeconds: 10 })],
      [3, run(13, { status: 1900, startTime: s(0), endTime: s(30), ertSeconds: 30 })],
    ]);
    const running = estimateWorkflow(definition, runs, new Map([[4, 5]]), { start: T0, ended: false }, s(1013));
    expect(running).toMatchObject({ ertSeconds: 35, rrtSeconds: 5 });
    expect(running.criticalPath).toEqual([1, 2, 4, 5]);
    const ended = new Map([...runs, [4, run(14, { status: 1900, startTime: s(1013), endTime: s(1020) })]]);
    expect(estimateWorkflow(definition, ended, new Map(), { start: T0, ended: true }, s(1020))).toMatchObject({ ertSeconds: 37, rrtSeconds: 0 });
  });
});
