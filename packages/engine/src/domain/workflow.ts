import { statusGroups } from "@baton/contract";
import { isRecord } from "./object-definition";

/** One task of a workflow definition (a line of `workflow_definitions`). */
export interface WorkflowTask {
  line: number;
  objectName: string;
  /** `<START>`, `<END>` or the object type of the task. */
  objectType: string;
  active: boolean;
  row: number;
  column: number;
}

/** A predecessor a task waits for, and the state it expects that predecessor to have ended in. */
export interface Predecessor {
  line: number;
  /** Status group or range name: ANY_OK (default), ANY_ABEND, ANY_STATUS. */
  expected: ExpectedState;
}

export type ExpectedState = "ANY_OK" | "ANY_ABEND" | "ANY_STATUS";

export interface WorkflowDefinition {
  tasks: ReadonlyMap<number, WorkflowTask>;
  /** Predecessors by task line. */
  predecessors: ReadonlyMap<number, readonly Predecessor[]>;
  startLine: number;
  endLine: number;
}

/** Where a task stands, from its latest execution (restarts replace earlier ones). */
export type TaskState = { kind: "running" } | { kind: "ended"; status: number };

/** What the workflow runner does next. */
export interface WorkflowStep {
  /** Tasks to activate now. */
  start: number[];
  /** Tasks that end at once without running, with their status (inactive 1921, skipped 1930). */
  settle: { line: number; status: number }[];
  /** The workflow has reached <END>. */
  finished: boolean;
  /** A task ended in a state no successor accepts: the workflow waits for an operator. */
  blocked: number[];
}

function int(value: unknown, fallback: number): number {
  const n = Number(value);
  return Number.isInteger(n) ? n : fallback;
}

/**
 * Reads a JOBP body. Throws an Error naming the problem when the definition cannot run: no
 * <START> or <END>, duplicate lines, or conditions naming lines that do not exist.
 */
export function readWorkflow(body: Record<string, unknown>): WorkflowDefinition {
  const entries = Array.isArray(body["workflow_definitions"]) ? body["workflow_definitions"].filter(isRecord) : [];
  const tasks = new Map<number, WorkflowTask>();
  for (const entry of entries) {
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

  const predecessors = new Map<number, Predecessor[]>();
  const conditions = Array.isArray(body["line_conditions"]) ? body["line_conditions"].filter(isRecord) : [];
  for (const condition of conditions) {
    const task = int(condition["workflow_line_number"], Number.NaN);
    const predecessor = int(condition["predecessor_line_number"], Number.NaN);
    if (!tasks.has(task) || !tasks.has(predecessor)) throw new Error(`a line condition links line ${predecessor} to line ${task}, which do not both exist`);
    const expected = String(condition["expected_status"] ?? "ANY_OK").toUpperCase();
    if (expected !== "ANY_OK" && expected !== "ANY_ABEND" && expected !== "ANY_STATUS") {
      throw new Error(`line ${task} expects '${expected}' of line ${predecessor}; use ANY_OK, ANY_ABEND or ANY_STATUS`);
    }
    predecessors.set(task, [...(predecessors.get(task) ?? []), { line: predecessor, expected }]);
  }
  // A task without conditions follows <START>; an <END> without conditions waits for every task
  // that no other task follows.
  for (const task of tasks.values()) {
    if (task.line !== start.line && task.line !== end.line && !predecessors.has(task.line)) predecessors.set(task.line, [{ line: start.line, expected: "ANY_OK" }]);
  }
  if (!predecessors.has(end.line)) {
    const followed = new Set([...predecessors.values()].flat().map((p) => p.line));
    const leaves = [...tasks.keys()].filter((line) => line !== end.line && !followed.has(line));
    predecessors.set(end.line, (leaves.length > 0 ? leaves : [start.line]).map((line) => ({ line, expected: "ANY_OK" as const })));
  }
  return { tasks, predecessors, startLine: start.line, endLine: end.line };
}

/** Whether an ended status meets what a successor expects. */
export function meets(status: number, expected: ExpectedState): boolean {
  const groups = statusGroups(status);
  if (expected === "ANY_STATUS") return true;
  if (expected === "ANY_ABEND") return groups.includes("abend");
  return groups.includes("ok");
}

/**
 * The next step of a workflow from the states of its tasks (keyed by line; <START> counts as
 * ended OK). Pure: the runner applies it and asks again when a task ends.
 */
export function nextStep(definition: WorkflowDefinition, states: ReadonlyMap<number, TaskState>): WorkflowStep {
  const step: WorkflowStep = { start: [], settle: [], finished: false, blocked: [] };
  const stateOf = (line: number): TaskState | undefined => (line === definition.startLine ? { kind: "ended", status: 1900 } : states.get(line));
  const abended = (state: TaskState | undefined) => state?.kind === "ended" && statusGroups(state.status).includes("abend");
  // An abnormal end is handled when some successor expects it (an error branch); else it blocks.
  const handled = (line: number, status: number) =>
    [...definition.predecessors.values()].some((preds) => preds.some((p) => p.line === line && p.expected !== "ANY_OK" && meets(status, p.expected)));

  for (const task of definition.tasks.values()) {
    if (task.line === definition.startLine || stateOf(task.line) !== undefined) continue;
    const preds = (definition.predecessors.get(task.line) ?? []).map((p) => ({ p, state: stateOf(p.line) }));
    if (!preds.every((e) => e.state?.kind === "ended")) continue;
    const unmet = preds.filter((e) => e.state?.kind === "ended" && !meets(e.state.status, e.p.expected));
    // An unmet condition skips the task when the other branch took over: the predecessor ended
    // OK where an abend was expected, or its abend is handled by another successor.
    const skip = unmet.length > 0 && unmet.every((e) => e.state?.kind === "ended" && (!abended(e.state) || handled(e.p.line, e.state.status)));
    if (unmet.length > 0 && !skip) continue;
    if (task.line === definition.endLine) step.finished = true;
    else if (skip) step.settle.push({ line: task.line, status: 1930 });
    else if (!task.active) step.settle.push({ line: task.line, status: 1921 });
    else step.start.push(task.line);
  }

  for (const [line, state] of states) {
    if (state.kind === "ended" && abended(state) && !handled(line, state.status)) step.blocked.push(line);
  }
  return step;
}
