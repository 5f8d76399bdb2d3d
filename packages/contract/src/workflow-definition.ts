/**
 * How a JOBP body (`workflow_definitions`, `line_conditions`) reads as a graph. One reading for the
 * engine, which runs workflows by it, and the console, which draws them by it.
 */
import { isRecord } from "./is-record";

/** A task of a workflow definition (a line of `workflow_definitions`). */
export interface WorkflowTask {
  line: number;
  objectName: string;
  /** `<START>`, `<END>` or the object type of the task. */
  objectType: string;
  active: boolean;
  /** Where the workflow editor placed the task (row default 1, column default the line number). */
  row: number;
  column: number;
}

/** Status group or range name a successor expects of its predecessor. */
export type ExpectedState = "ANY_OK" | "ANY_ABEND" | "ANY_STATUS";

/** A line condition: `to` starts when `from` ended in the expected state. */
export interface WorkflowEdge {
  from: number;
  to: number;
  expected: ExpectedState;
  /** Not written in the definition: added by the rule for tasks without conditions. */
  implicit: boolean;
}

export interface WorkflowGraph {
  /** In line order. */
  tasks: WorkflowTask[];
  edges: WorkflowEdge[];
  startLine: number;
  endLine: number;
}


function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function int(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) ? n : fallback;
}

/**
 * Reads a JOBP body. A task without conditions follows <START>; an <END> without conditions waits
 * for every task no other task follows. Throws an Error naming the problem when the definition
 * cannot run: no <START> or <END>, a line without a valid number or twice, conditions naming lines
 * that do not exist, an expected state other than ANY_OK, ANY_ABEND or ANY_STATUS.
 */
export function readWorkflowGraph(body: Record<string, unknown>): WorkflowGraph {
  const tasks = new Map<number, WorkflowTask>();
  for (const entry of records(body["workflow_definitions"])) {
    const line = int(entry["line_number"], Number.NaN);
    if (!Number.isInteger(line) || line < 1) throw new Error(`a workflow task has no valid line_number (${String(entry["line_number"])})`);
    if (tasks.has(line)) throw new Error(`line ${line} appears twice in workflow_definitions`);
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
  if (start === undefined || end === undefined) throw new Error("a workflow needs a <START> and an <END> task");

  const edges: WorkflowEdge[] = [];
  for (const condition of records(body["line_conditions"])) {
    const to = int(condition["workflow_line_number"], Number.NaN);
    const from = int(condition["predecessor_line_number"], Number.NaN);
    if (!tasks.has(to) || !tasks.has(from)) throw new Error(`a line condition links line ${from} to line ${to}, which do not both exist`);
    const expected = String(condition["expected_status"] ?? "ANY_OK").toUpperCase();
    if (expected !== "ANY_OK" && expected !== "ANY_ABEND" && expected !== "ANY_STATUS") {
      throw new Error(`line ${to} expects '${expected}' of line ${from}; use ANY_OK, ANY_ABEND or ANY_STATUS`);
    }
    edges.push({ from, to, expected, implicit: false });
  }
  const hasPredecessor = new Set(edges.map((e) => e.to));
  for (const task of tasks.values()) {
    if (task.line !== start.line && task.line !== end.line && !hasPredecessor.has(task.line)) edges.push({ from: start.line, to: task.line, expected: "ANY_OK", implicit: true });
  }
  if (!hasPredecessor.has(end.line)) {
    const followed = new Set(edges.map((e) => e.from));
    const leaves = [...tasks.keys()].filter((line) => line !== end.line && !followed.has(line));
    for (const from of leaves.length > 0 ? leaves : [start.line]) edges.push({ from, to: end.line, expected: "ANY_OK", implicit: true });
  }
  return { tasks: [...tasks.values()].sort((a, b) => a.line - b.line), edges, startLine: start.line, endLine: end.line };
}
