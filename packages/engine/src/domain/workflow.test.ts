import { describe, expect, it } from "vitest";
import { nextStep, readWorkflow, type TaskState } from "./workflow";

/** START(1) → A(2) → B(3), C(4) in parallel → END(5) waits for both. */
const diamond = readWorkflow({
  workflow_definitions: [
    { line_number: "1", object_name: "START", object_type: "<START>" },
    { line_number: "2", object_name: "A", object_type: "JOBS" },
    { line_number: "3", object_name: "B", object_type: "JOBS" },
    { line_number: "4", object_name: "C", object_type: "SCRI", active: "0" },
    { line_number: "5", object_name: "END", object_type: "<END>" },
  ],
  line_conditions: [
    { workflow_line_number: "2", line_number: "1", predecessor_line_number: "1" },
    { workflow_line_number: "3", line_number: "1", predecessor_line_number: "2" },
    { workflow_line_number: "4", line_number: "1", predecessor_line_number: "2" },
    { workflow_line_number: "5", line_number: "1", predecessor_line_number: "3" },
    { workflow_line_number: "5", line_number: "2", predecessor_line_number: "4" },
  ],
});

/** START(1) → A(2); on OK → OK.PATH(3), on abend → ERR.PATH(4); END(5) after either. */
const branches = readWorkflow({
  workflow_definitions: [
    { line_number: 1, object_name: "START", object_type: "<START>" },
    { line_number: 2, object_name: "A", object_type: "JOBS" },
    { line_number: 3, object_name: "OK.PATH", object_type: "JOBS" },
    { line_number: 4, object_name: "ERR.PATH", object_type: "JOBS" },
    { line_number: 5, object_name: "END", object_type: "<END>" },
  ],
  line_conditions: [
    { workflow_line_number: 3, predecessor_line_number: 2 },
    { workflow_line_number: 4, predecessor_line_number: 2, expected_status: "ANY_ABEND" },
    { workflow_line_number: 5, predecessor_line_number: 3, expected_status: "ANY_STATUS" },
    { workflow_line_number: 5, predecessor_line_number: 4, expected_status: "ANY_STATUS" },
  ],
});

const ended = (status: number): TaskState => ({ kind: "ended", status });
const running: TaskState = { kind: "running" };
const states = (entries: [number, TaskState][]) => new Map(entries);

describe("nextStep", () => {
  it.each([
    { name: "starts the first task", wf: diamond, states: [], step: { start: [2], settle: [], finished: false, blocked: [] } },
    { name: "waits for a running task", wf: diamond, states: [[2, running]], step: { start: [], settle: [], finished: false, blocked: [] } },
    { name: "fans out; an inactive task ends 1921", wf: diamond, states: [[2, ended(1900)]], step: { start: [3], settle: [{ line: 4, status: 1921 }], finished: false, blocked: [] } },
    { name: "fan-in waits for every predecessor", wf: diamond, states: [[2, ended(1900)], [3, running], [4, ended(1921)]], step: { start: [], settle: [], finished: false, blocked: [] } },
    { name: "finishes at <END>", wf: diamond, states: [[2, ended(1900)], [3, ended(1900)], [4, ended(1921)]], step: { start: [], settle: [], finished: true, blocked: [] } },
    { name: "an unhandled abend blocks", wf: diamond, states: [[2, ended(1800)]], step: { start: [], settle: [], finished: false, blocked: [2] } },
    { name: "an abend blocks after the rest ran", wf: diamond, states: [[2, ended(1900)], [3, ended(1850)], [4, ended(1921)]], step: { start: [], settle: [], finished: false, blocked: [3] } },
    { name: "a restarted task that ended OK unblocks", wf: diamond, states: [[2, ended(1900)], [3, ended(1900)], [4, ended(1921)]], step: { start: [], settle: [], finished: true, blocked: [] } },
    { name: "OK takes the OK branch and skips the error branch", wf: branches, states: [[2, ended(1900)]], step: { start: [3], settle: [{ line: 4, status: 1930 }], finished: false, blocked: [] } },
    { name: "an abend takes the error branch and skips the OK branch", wf: branches, states: [[2, ended(1800)]], step: { start: [4], settle: [{ line: 3, status: 1930 }], finished: false, blocked: [] } },
    { name: "either branch leads to <END>", wf: branches, states: [[2, ended(1800)], [3, ended(1930)], [4, ended(1900)]], step: { start: [], settle: [], finished: true, blocked: [] } },
  ])("$name", ({ wf, states: entries, step }) => {
    expect(nextStep(wf, states(entries as [number, TaskState][]))).toEqual(step);
  });
});

describe("readWorkflow", () => {
  it("reads tasks with their rows, columns and active flags", () => {
    expect(diamond.tasks.get(4)).toEqual({ line: 4, objectName: "C", objectType: "SCRI", active: false, row: 1, column: 4 });
    expect(diamond.predecessors.get(5)).toEqual([{ line: 3, expected: "ANY_OK" }, { line: 4, expected: "ANY_OK" }]);
  });

  it("puts tasks without conditions after <START> and an <END> without conditions after the last tasks", () => {
    const wf = readWorkflow({ workflow_definitions: [{ line_number: 1, object_type: "<START>" }, { line_number: 2, object_name: "X", object_type: "JOBS" }, { line_number: 3, object_type: "<END>" }] });
    expect(nextStep(wf, new Map())).toEqual({ start: [2], settle: [], finished: false, blocked: [] });
    expect(nextStep(wf, states([[2, ended(1900)]]))).toMatchObject({ finished: true });
  });

  it.each([
    [{ workflow_definitions: [{ line_number: 1, object_type: "JOBS" }] }, /<START> and an <END>/],
    [{ workflow_definitions: [{ line_number: 1, object_type: "<START>" }, { line_number: 1, object_type: "<END>" }] }, /appears twice/],
    [{ workflow_definitions: [{ line_number: 1, object_type: "<START>" }, { line_number: 2, object_type: "<END>" }], line_conditions: [{ workflow_line_number: 2, predecessor_line_number: 9 }] }, /do not both exist/],
    [{ workflow_definitions: [{ line_number: 1, object_type: "<START>" }, { line_number: 2, object_type: "<END>" }], line_conditions: [{ workflow_line_number: 2, predecessor_line_number: 1, expected_status: "MAYBE" }] }, /ANY_OK, ANY_ABEND or ANY_STATUS/],
  ])("refuses an unrunnable definition", (body, message) => {
    expect(() => readWorkflow(body)).toThrow(message);
  });
});
