import { describe, expect, it } from "vitest";
import { readWorkflowGraph } from "@baton/contract";
import { readRestartNote } from "../api/get-restart-note";
import { failedTaskLine, notRunAgainText, restartPlan, scopeOptions, scopeTarget, taskResults } from "./restart-plan";

const task = (line: number, name: string, type = "JOBS") => ({ line_number: String(line), object_name: name, object_type: type, active: "1" });
const after = (to: number, from: number) => ({ workflow_line_number: String(to), predecessor_line_number: String(from) });

/** START(1) → LOAD(2) → CHECK(3) → REPORT(5) → END(6), LOAD(2) → ARCHIVE(4) → END. */
const graph = readWorkflowGraph({
  workflow_definitions: [task(1, "START", "<START>"), task(2, "LOAD"), task(3, "CHECK"), task(4, "ARCHIVE"), task(5, "REPORT"), task(6, "END", "<END>")],
  line_conditions: [after(3, 2), after(4, 2), after(5, 3), after(6, 5), after(6, 4)],
});
const flow = { name: "NIGHTLY", type: "JOBP" };
/** This run: LOAD and ARCHIVE ended OK, CHECK failed, then was restarted and failed again; REPORT never ran. */
const results = taskResults([
  { run_id: 11, line_number: 2, status: 1900 },
  { run_id: 12, line_number: 3, status: 1900 },
  { run_id: 13, line_number: 4, status: 1900 },
  { run_id: 14, line_number: 3, status: 1800 },
]);
const lines = (tasks: { line: number }[]) => tasks.map((t) => t.line);

describe("restartPlan", () => {
  it("takes a line's latest execution as the task's result and finds the failed task", () => {
    expect(results.get(3)).toEqual({ runId: 14, status: 1800 });
    expect(failedTaskLine(graph, results)).toBe(3);
    expect(failedTaskLine(graph, taskResults([{ run_id: 1, line_number: 2, status: 1900 }]))).toBeUndefined();
  });

  it("gives a task still waiting for its predecessors (1700) no result", () => {
    expect(taskResults([{ run_id: 15, line_number: 5, status: 1700 }]).has(5)).toBe(false);
  });

  it("says a whole restart runs every task", () => {
    const plan = restartPlan(flow, { kind: "whole" }, graph, results, []);
    expect(plan.headline).toBe("Workflow NIGHTLY runs again as a whole: every task from <START> on.");
    expect([lines(plan.rerun), lines(plan.notRun)]).toEqual([[2, 3, 4, 5], []]);
  });

  it("restarting from the failed task's line runs every later line, the parallel ARCHIVE too", () => {
    const plan = restartPlan(flow, { kind: "task", line: 3, downstreamOnly: false }, graph, results, []);
    expect(plan.headline).toBe("In a new run of workflow NIGHTLY, the tasks from line 3 (CHECK) on run again; 1 task is not run again (1922) and keeps the result of this run.");
    expect([lines(plan.rerun), lines(plan.notRun)]).toEqual([[3, 4, 5], [2]]);
    expect(plan.notRun[0]).toEqual({ line: 2, name: "LOAD", result: { runId: 11, status: 1900 } });
    expect(plan.warnings).toEqual([]);
  });

  it("rerunning CHECK and what is downstream of it keeps LOAD and ARCHIVE", () => {
    const plan = restartPlan(flow, { kind: "task", line: 3, downstreamOnly: true }, graph, results, []);
    expect(plan.headline).toBe("In a new run of workflow NIGHTLY, task CHECK (line 3) and the tasks downstream of it run again; 2 tasks are not run again (1922) and keep the result of this run.");
    expect([lines(plan.rerun), lines(plan.notRun)]).toEqual([[3, 5], [2, 4]]);
  });

  it("warns when a task that is not run again did not end OK or never ran", () => {
    const plan = restartPlan(flow, { kind: "task", line: 4, downstreamOnly: true }, graph, results, []);
    expect([lines(plan.rerun), lines(plan.notRun)]).toEqual([[4], [2, 3, 5]]);
    expect(plan.warnings).toEqual([
      "CHECK (line 3) ended 1800 ENDED_NOT_OK in this run; it is not run again and counts as ended OK for the tasks after it.",
      "REPORT (line 5) did not run in this run; it is not run again and counts as ended OK for the tasks after it.",
    ]);
  });

  it("reruns a task and what is downstream of it in a new run of its workflow, from the task's page", () => {
    const scope = { kind: "workflow_downstream", workflowRunId: 10, line: 3 } as const;
    expect(restartPlan(flow, scope, graph, results, []).headline).toBe(restartPlan(flow, { kind: "task", line: 3, downstreamOnly: true }, graph, results, []).headline);
    expect([scopeOptions(scope), scopeTarget(scope)]).toEqual([{ restartPoint: "3", downstreamOnly: true }, 10]);
    expect(scopeTarget({ kind: "task", line: 3, downstreamOnly: true })).toBeUndefined();
  });

  it("says which lines of a job run from a restart point", () => {
    const job = { name: "EXTRACT", type: "JOBS" };
    expect(restartPlan(job, { kind: "point", point: "RP2" }, undefined, new Map(), ["RP1", "RP2"]).headline).toBe(
      "EXTRACT runs the lines before its first restart point RP1, then the lines from restart point RP2 on; the lines in between are not run.",
    );
    expect(restartPlan(job, { kind: "point", point: "RP1" }, undefined, new Map(), ["RP1", "RP2"]).headline).toBe("EXTRACT runs its whole process page again: RP1 is its first restart point.");
    expect(restartPlan(job, { kind: "whole" }, undefined, new Map(), ["RP1"]).headline).toBe("EXTRACT runs again as a whole.");
  });

  it("asks the engine for what the plan says", () => {
    expect(scopeOptions({ kind: "whole" })).toEqual({});
    expect(scopeOptions({ kind: "point", point: "RP2" })).toEqual({ restartPoint: "RP2" });
    expect(scopeOptions({ kind: "task", line: 3, downstreamOnly: false })).toEqual({ restartPoint: "3" });
    expect(scopeOptions({ kind: "task", line: 3, downstreamOnly: true })).toEqual({ restartPoint: "3", downstreamOnly: true });
  });
});

describe("notRunAgainText", () => {
  // As the engine's ACT report of a restarted workflow has it (see get-restart-note.test.ts).
  const note = readRestartNote(10, "U00011424 Workflow restarted from line 3: lines 1, 2 not run again.");
  it("names the restart's line for a task of that run it recorded 1922", () => {
    expect(notRunAgainText({ status: 1922, parent: 10, line_number: 2 }, note)).toBe("ENDED_INACTIVE - not run again: restarted from line 3");
    const downstream = readRestartNote(10, "U00011424 Workflow restarted from line 3 and the tasks downstream of it (lines 3, 5, 6): lines 2, 4 not run again.");
    expect(notRunAgainText({ status: 1922, parent: 10, line_number: 2 }, downstream)).toBe("ENDED_INACTIVE - not run again: restarted from line 3 (downstream only)");
  });

  it("leaves every other task to its own status text", () => {
    expect(notRunAgainText({ status: 1900, parent: 10, line_number: 2 }, note)).toBeUndefined();
    expect(notRunAgainText({ status: 1922, parent: 10, line_number: 4 }, note)).toBeUndefined();
    expect(notRunAgainText({ status: 1922, parent: 11, line_number: 2 }, note)).toBeUndefined();
    expect(notRunAgainText({ status: 1922, parent: 10, line_number: 2 }, undefined)).toBeUndefined();
  });
});
