import { describe, expect, it } from "vitest";
import { COLUMN_WIDTH, ROW_HEIGHT } from "../../../components/workflow-layout";
import { workflowObjectModel } from "./workflow-object-model";

const body = {
  general_attributes: { name: "WF", type: "JOBP" },
  workflow_definitions: [
    { line_number: 1, object_name: "START", object_type: "<START>", row: 1, column: 1 },
    { line_number: 2, object_name: "PAY.LOAD", object_type: "JOBS", row: 1, column: 2 },
    { line_number: 3, object_name: "PAY.CHECK", object_type: "SCRI", row: 2, column: 2, active: "0" },
    { line_number: 4, object_name: "END", object_type: "<END>", row: 1, column: 3 },
  ],
  line_conditions: [{ workflow_line_number: 3, predecessor_line_number: 2, expected_status: "ANY_ABEND" }],
};

describe("workflowObjectModel", () => {
  it("places tasks at their rows and columns and names them without the shared prefix", () => {
    const model = workflowObjectModel(body);
    if (!model.ok) throw new Error("expected a model");
    expect(model.prefix).toBe("PAY.");
    expect(model.start).toEqual({ x: 0, y: 0 });
    const check = model.nodes.find((n) => n.data.task.line === 3);
    expect(check?.data).toMatchObject({ kind: "task", shortName: "CHECK" });
    expect(check?.position).toEqual({ x: COLUMN_WIDTH, y: ROW_HEIGHT });
    expect(check?.ariaLabel).toBe("PAY.CHECK, SCRI, line 3");
    expect(model.nodes.map((n) => n.data.kind)).toEqual(["start", "task", "task", "end"]);
    expect(model.edges.map((e) => e.id)).toContain("2>3:ANY_ABEND");
  });

  it("answers an error for a definition that cannot be read", () => {
    const model = workflowObjectModel({ general_attributes: { name: "WF" }, workflow_definitions: [{ line_number: "x" }] });
    expect(model.ok).toBe(false);
  });
});
