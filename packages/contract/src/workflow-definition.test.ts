import { describe, expect, it } from "vitest";
import { readWorkflowGraph } from "./workflow-definition";

const task = (line: number, name: string, type = "JOBS", extra: Record<string, unknown> = {}) => ({ line_number: String(line), object_name: name, object_type: type, active: "1", ...extra });

describe("readWorkflowGraph", () => {
  it("keeps rows and columns, defaulting to row 1 and the line number as column", () => {
    const definition = readWorkflowGraph({
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
    const definition = readWorkflowGraph({
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

  it("reads inactive tasks", () => {
    const definition = readWorkflowGraph({
      workflow_definitions: [task(1, "S", "<START>"), task(2, "A", "JOBS", { active: "0" }), task(3, "E", "<END>")],
      line_conditions: [{ workflow_line_number: "3", predecessor_line_number: "2" }],
    });
    expect(definition.tasks[1]?.active).toBe(false);
    expect(definition.edges.map((e) => `${e.from}>${e.to}`)).toEqual(["2>3", "1>2"]);
  });

  it.each([
    [{ workflow_definitions: [task(1, "A")] }, "needs a <START> and an <END>"],
    [{ workflow_definitions: [task(1, "S", "<START>"), task(1, "E", "<END>")] }, "line 1 appears twice"],
    [{ workflow_definitions: [task(1, "S", "<START>"), task(2, "E", "<END>")], line_conditions: [{ workflow_line_number: "2", predecessor_line_number: "9" }] }, "which do not both exist"],
    [{ workflow_definitions: [task(1, "S", "<START>"), task(2, "E", "<END>")], line_conditions: [{ workflow_line_number: "2", predecessor_line_number: "1", expected_status: "SOMETIMES" }] }, "use ANY_OK, ANY_ABEND or ANY_STATUS"],
  ])("says why %j cannot run", (body, message) => {
    expect(() => readWorkflowGraph(body)).toThrow(message);
  });
});
