import { describe, expect, it } from "vitest";
import { readWorkflowGraph } from "./workflow-definition";
import { downstreamLines, workflowRestartPlan } from "./workflow-restart";

const task = (line: number, name: string, type = "JOBS") => ({ line_number: String(line), object_name: name, object_type: type, active: "1" });
const after = (to: number, from: number, expected_status = "ANY_OK") => ({ workflow_line_number: String(to), predecessor_line_number: String(from), expected_status });

/**
 * START(1) → A(2) → B(3) → D(5) → E(6) → END(8)
 *            A(2) → C(4) ────────↗ E(6)
 *                   B(3) ─ANY_ABEND→ F(7) → END
 */
const graph = readWorkflowGraph({
  workflow_definitions: [task(1, "S", "<START>"), task(2, "A"), task(3, "B"), task(4, "C"), task(5, "D"), task(6, "E"), task(7, "F"), task(8, "END", "<END>")],
  line_conditions: [after(3, 2), after(4, 2), after(5, 3), after(6, 5), after(6, 4), after(7, 3, "ANY_ABEND"), after(8, 6), after(8, 7)],
});

describe("workflowRestartPlan", () => {
  it.each([
    ["from line 3: every later line runs again", 3, "from_line", { rerun: [3, 4, 5, 6, 7], notRun: [2] }],
    ["downstream of B: B, what it leads to (also its error branch); the parallel C keeps its result", 3, "downstream", { rerun: [3, 5, 6, 7], notRun: [2, 4] }],
    ["downstream of C: C and the fan-in E", 4, "downstream", { rerun: [4, 6], notRun: [2, 3, 5, 7] }],
    ["downstream of the first task: everything", 2, "downstream", { rerun: [2, 3, 4, 5, 6, 7], notRun: [] }],
    ["downstream of a last task: only itself", 7, "downstream", { rerun: [7], notRun: [2, 3, 4, 5, 6] }],
  ] as const)("%s", (_, line, scope, plan) => {
    expect(workflowRestartPlan(graph, line, scope)).toEqual(plan);
  });

  it("leaves no task that is not run again behind a task that is", () => {
    for (const line of [2, 3, 4, 5, 6, 7]) {
      const { notRun } = workflowRestartPlan(graph, line, "downstream");
      const reached = downstreamLines(graph, line);
      for (const edge of graph.edges) if (notRun.includes(edge.to)) expect(reached.has(edge.from)).toBe(false);
    }
  });

  it("reaches <END> but never lists <START> or <END> as tasks", () => {
    expect(downstreamLines(graph, 6)).toEqual(new Set([6, 8]));
    expect(workflowRestartPlan(graph, 6, "downstream")).toEqual({ rerun: [6], notRun: [2, 3, 4, 5, 7] });
  });
});
