/** A task of a workflow definition (a line of `workflow_definitions`). */
export interface WorkflowTask {
  line: number;
  objectName: string;
  /** `<START>`, `<END>` or the object type of the task. */
  objectType: string;
  active: boolean;
  /** Where the workflow editor placed the task; the graph keeps that place. */
  row: number;
  column: number;
}

export type ExpectedState = "ANY_OK" | "ANY_ABEND" | "ANY_STATUS";

/** A line condition: `to` starts when `from` ended in the expected state. */
export interface WorkflowEdge {
  from: number;
  to: number;
  expected: ExpectedState;
  /** Not written in the definition: the engine's rule for tasks without conditions added it. */
  implicit: boolean;
}

export interface WorkflowDefinition {
  tasks: WorkflowTask[];
  edges: WorkflowEdge[];
  startLine: number;
  endLine: number;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function int(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) ? n : fallback;
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function expectedOf(value: unknown): ExpectedState {
  const text = String(value ?? "ANY_OK").toUpperCase();
  return text === "ANY_ABEND" || text === "ANY_STATUS" ? text : "ANY_OK";
}

/**
 * Reads a JOBP body as the engine does (docs/semantics.md "Workflows"): row and column default to
 * 1 and the line number; a task without conditions follows <START>; an <END> without conditions
 * waits for every task no other task follows. Throws an Error naming the problem when the body
 * has no <START> or <END>, so the graph says why it cannot be drawn.
 */
export function readWorkflowDefinition(body: Record<string, unknown>): WorkflowDefinition {
  const tasks = new Map<number, WorkflowTask>();
  for (const entry of records(body["workflow_definitions"])) {
    const line = int(entry["line_number"], Number.NaN);
    if (!Number.isInteger(line) || line < 1 || tasks.has(line)) continue;
    tasks.set(line, {
      line,
      objectName: String(entry["object_name"] ?? "").toUpperCase(),
      objectType: String(entry["object_type"] ?? "").toUpperCase(),
      active: String(entry["active"] ?? "1") !== "0",
      row: int(entry["row"], 1),
      column: int(entry["column"], line),
    });
  }
  const start = [...tasks.values()].find((t) => t.objectType === "<START>");
  const end = [...tasks.values()].find((t) => t.objectType === "<END>");
  if (start === undefined || end === undefined) throw new Error("The workflow definition has no <START> or no <END> task, so it cannot be drawn.");

  const edges: WorkflowEdge[] = [];
  for (const condition of records(body["line_conditions"])) {
    const to = int(condition["workflow_line_number"], Number.NaN);
    const from = int(condition["predecessor_line_number"], Number.NaN);
    if (tasks.has(to) && tasks.has(from)) edges.push({ from, to, expected: expectedOf(condition["expected_status"]), implicit: false });
  }
  const hasPredecessor = new Set(edges.map((e) => e.to));
  for (const task of tasks.values()) {
    if (task.line !== start.line && task.line !== end.line && !hasPredecessor.has(task.line)) {
      edges.push({ from: start.line, to: task.line, expected: "ANY_OK", implicit: true });
    }
  }
  if (!hasPredecessor.has(end.line)) {
    const followed = new Set(edges.map((e) => e.from));
    const leaves = [...tasks.keys()].filter((line) => line !== end.line && !followed.has(line));
    for (const from of leaves.length > 0 ? leaves : [start.line]) edges.push({ from, to: end.line, expected: "ANY_OK", implicit: true });
  }
  return { tasks: [...tasks.values()].sort((a, b) => a.line - b.line), edges, startLine: start.line, endLine: end.line };
}
