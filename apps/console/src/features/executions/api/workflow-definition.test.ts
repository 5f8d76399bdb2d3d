import { describe, expect, it } from "vitest";
import { readWorkflowDefinition } from "./workflow-definition";

const task = (line: number, name: string, type = "JOBS", extra: Record<string, unknown> = {}) => ({ line_number: String(line), object_name: name, object_type: type, active: "1", ...extra });

describe("readWorkflowDefinition", () => {
  it("keeps rows and columns, defaulting to row 1 and the line number as column", () => {
    const definition = readWorkflowDefinition({
      workflow_definitions: [task(1, "START", "<START>", { row: "1", column: "1" }), task(2, "a.job", "jobs", { row: "3", column: "2" }), task(3, "END", "<END>")],
      line_conditions: [],
    });
    expect(definition.tasks).toEqual([
      { line: 1, objectName: "START", objectType: "<START>", active: true, row: 1, column: 1 },
      { line: 2, objectName: "A.JOB", objectType: "JOBS", active: true, row: 3, column: 2 },
      { line: 3, objectName: "END", objectType: "<END>", active: true, row: 1, column: 3 },
    ]);
    expect([definition.startLine, definition.endLine]).toEqual([1, 3]);
  });

  it("adds the engine's edges: unconditioned tasks follow <START>, an unconditioned <END> waits for the leaves", () => {
    const definition = readWorkflowDefinition({
      workflow_definitions: [task(1, "S", "<START>"), task(2, "A"), task(3, "B"), task(4, "C"), task(5, "E", "<END>")],
      line_conditions: [{ workflow_line_number: "3", predecessor_line_number: "2" }, { workflow_line_number: "4", predecessor_line_number: "2", expected_status: "any_abend" }],
    });
    expect(definition.edges.map((e) => [e.from, e.to, e.expected, e.implicit])).toEqual([
      [2, 3, "ANY_OK", false],
      [2, 4, "ANY_ABEND", false],
      [1, 2, "ANY_OK", true],
      [3, 5, "ANY_OK", true],
      [4, 5, "ANY_OK", true],
    ]);
  });

  it("reads inactive tasks and leaves out conditions naming lines that do not exist", () => {
    const definition = readWorkflowDefinition({
      workflow_definitions: [task(1, "S", "<START>"), task(2, "A", "JOBS", { active: "0" }), task(3, "E", "<END>")],
      line_conditions: [{ workflow_line_number: "2", predecessor_line_number: "9" }, { workflow_line_number: "3", predecessor_line_number: "2" }],
    });
    expect(definition.tasks[1]?.active).toBe(false);
    expect(definition.edges.map((e) => `${e.from}>${e.to}`)).toEqual(["2>3", "1>2"]);
  });

  it("says why a definition without <START> or <END> cannot be drawn", () => {
    expect(() => readWorkflowDefinition({ workflow_definitions: [task(1, "A")] })).toThrow(/no <START> or no <END>/);
  });
});
