import { describe, expect, it } from "vitest";
import { chainedWorkflow } from "../data/chained-workflow";
import { longestPathMs } from "./longest-path";

function workflowBody(lines: string[], conditions: [to: number, from: number][]): Record<string, unknown> {
  return {
    general_attributes: { name: "W", type: "JOBP" },
    workflow_definitions: lines.map((name, i) => ({ line_number: String(i + 1), object_name: name, object_type: name === "START" ? "<START>" : name === "END" ? "<END>" : "JOBS" })),
    line_conditions: conditions.map(([to, from]) => ({ workflow_line_number: String(to), predecessor_line_number: String(from) })),
  };
}

describe("longestPathMs", () => {
  it("follows the longest branch of a diamond", () => {
    // START → A → B → D, START → C → D; END follows D.
    const body = workflowBody(["START", "A", "B", "C", "D", "END"], [[2, 1], [3, 2], [4, 1], [5, 3], [5, 4], [6, 5]]);
    expect(longestPathMs(body, 10)).toBe(30_000);
  });

  it("spans three tasks for a workflow of chains of three", () => {
    const rows = chainedWorkflow("W", 10);
    const flow = rows.find((row) => row.type === "JOBP");
    if (flow === undefined) throw new Error("no workflow");
    expect(longestPathMs(JSON.parse(flow.body), 60)).toBe(180_000);
  });

  it("refuses a workflow whose <END> waits on a cycle", () => {
    const body = workflowBody(["START", "A", "B", "END"], [[2, 3], [3, 2], [4, 3]]);
    expect(() => longestPathMs(body, 1)).toThrow(/never reached/);
  });
});
