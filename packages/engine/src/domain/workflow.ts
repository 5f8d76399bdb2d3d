import { Status, isFinalStatus, readWorkflowGraph, statusGroups, type ExpectedState, type WorkflowTask } from "@baton/contract";

export type { ExpectedState, WorkflowTask } from "@baton/contract";

/** A predecessor a task waits for, and the state it expects that predecessor to have ended in. */
export interface Predecessor {
  line: number;
  /** Status group or range name: ANY_OK (default), ANY_ABEND, ANY_STATUS. */
  expected: ExpectedState;
}

export interface WorkflowDefinition {
  tasks: ReadonlyMap<number, WorkflowTask>;
  /** Predecessors by task line. */
  predecessors: ReadonlyMap<number, readonly Predecessor[]>;
  startLine: number;
  endLine: number;
}

/** Where a task stands, from its latest execution (restarts replace earlier ones). */
export type TaskState = { kind: "running" } | { kind: "ended"; status: number };

/**
 * The state of a task from the status of its latest execution; undefined while it waits for its
 * predecessors (1700: activated with its workflow, not started).
 */
export function taskStateOf(status: number): TaskState | undefined {
  if (status === Status.WAITING_FOR_PREDECESSOR) return undefined;
  return isFinalStatus(status) ? { kind: "ended", status } : { kind: "running" };
}

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

/**
 * Reads a JOBP body (the contract's one reading: readWorkflowGraph). Throws an Error naming the
 * problem when the definition cannot run.
 */
export function readWorkflow(body: Record<string, unknown>): WorkflowDefinition {
  const graph = readWorkflowGraph(body);
  const predecessors = new Map<number, Predecessor[]>();
  for (const edge of graph.edges) {
    const known = predecessors.get(edge.to);
    const predecessor = { line: edge.from, expected: edge.expected };
    if (known === undefined) predecessors.set(edge.to, [predecessor]);
    else known.push(predecessor);
  }
  return { tasks: new Map(graph.tasks.map((t) => [t.line, t])), predecessors, startLine: graph.startLine, endLine: graph.endLine };
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
