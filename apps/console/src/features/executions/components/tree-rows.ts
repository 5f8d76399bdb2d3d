import type { OutExecution } from "@baton/contract";

/** Type codes of executions that have children: workflows, schedules, period containers, agent group containers, groups. */
const CONTAINER_TYPES: ReadonlySet<string> = new Set(["JOBP", "JSCH", "C_PERIOD", "C_HOSTG", "JOBG"]);

export function hasChildren(execution: Pick<OutExecution, "type">): boolean {
  return CONTAINER_TYPES.has(execution.type);
}

/** What is loaded of one node's children. */
export interface LoadedChildren {
  rows: readonly OutExecution[];
  /** How many children the server counts. */
  total: number;
  status: "pending" | "error" | "success";
  error: unknown;
  hasMore: boolean;
  loadingMore: boolean;
}

/** A task of the workflow's definition that has no execution (yet): it never started, or is inactive. */
export interface PlannedTask {
  line: number;
  name: string;
  /** The object type of the task (JOBS, JOBP, ...). */
  type: string;
  active: boolean;
  /** The engine's ERT for the line (GET .../ert `estimated_erts[-line]`), the one the graph shows. */
  ertSeconds?: number | undefined;
}

export type TreeRow =
  | { kind: "task"; key: string; depth: number; execution: OutExecution; expandable: boolean; expanded: boolean }
  | { kind: "planned"; key: string; depth: number; parentRunId: number; task: PlannedTask }
  /** A large fan-out, counted by state (fan-out-summary.ts) until the operator lists it. */
  | { kind: "fan-out"; key: string; depth: number; parentRunId: number; children: LoadedChildren }
  | { kind: "more"; key: string; depth: number; parentRunId: number; loaded: number; total: number; loading: boolean }
  | { kind: "loading"; key: string; depth: number; parentRunId: number }
  | { kind: "error"; key: string; depth: number; parentRunId: number; error: unknown }
  | { kind: "empty"; key: string; depth: number; parentRunId: number };

/** What the rows of the children are made of, whichever rows they hang from. */
export interface ChildrenInput {
  childrenOf: (runId: number) => LoadedChildren | undefined;
  expanded: ReadonlySet<number>;
  /** Large fan-outs the operator chose to list in full. */
  listed: ReadonlySet<number>;
  /** Above this many children a node below the root shows counts instead of rows until listed. */
  fanOutLimit: number;
  /** No run opens: its children are rows of their own (the list showing every execution). */
  flat?: boolean | undefined;
}

export interface TreeInput extends ChildrenInput {
  rootRunId: number;
  /**
   * The root workflow's tasks from its definition, in line order: the root's children are then
   * shown in flow order, with a row for each task that has no execution.
   */
  plan?: readonly PlannedTask[] | undefined;
}

/** Workflow tasks by line number, each line's executions oldest first (the task, then its restarts). */
export function inFlowOrder(executions: readonly OutExecution[]): OutExecution[] {
  return [...executions].sort((a, b) => (a.line_number ?? Infinity) - (b.line_number ?? Infinity) || a.run_id - b.run_id);
}

/**
 * A workflow's tasks in flow order: each task of the plan with its executions, or a planned row
 * when it has none; executions of lines the definition no longer has follow. With pages still to
 * load, a line without a loaded execution may have one not loaded yet, so no planned rows are made.
 */
function withPlan(children: LoadedChildren, plan: readonly PlannedTask[] | undefined): (OutExecution | PlannedTask)[] {
  const ordered = inFlowOrder(children.rows);
  if (plan === undefined || children.hasMore) return ordered;
  const byLine = new Map<number, OutExecution[]>();
  for (const execution of ordered) byLine.set(execution.line_number ?? 0, [...(byLine.get(execution.line_number ?? 0) ?? []), execution]);
  const planned = new Set(plan.map((task) => task.line));
  return [...plan.flatMap((task): (OutExecution | PlannedTask)[] => byLine.get(task.line) ?? [task]), ...ordered.filter((execution) => !planned.has(execution.line_number ?? 0))];
}

/**
 * The rows under one node: its loaded children (flow order for a workflow, server order, newest
 * first, otherwise), each expanded one's rows under it, a "load more" row where pages remain, and
 * a count row in place of a large fan-out unless it is the root's (`alwaysList`).
 */
function childRows(rows: TreeRow[], input: ChildrenInput, parent: { runId: number; type: string }, depth: number, alwaysList: boolean, plan?: readonly PlannedTask[]): void {
  const { childrenOf, listed, fanOutLimit } = input;
  const parentRunId = parent.runId;
  const children = childrenOf(parentRunId);
  const at = `${parentRunId}`;
  if (children === undefined || children.status === "pending") {
    rows.push({ kind: "loading", key: `${at}:loading`, depth, parentRunId });
    return;
  }
  if (children.status === "error" && children.rows.length === 0) {
    rows.push({ kind: "error", key: `${at}:error`, depth, parentRunId, error: children.error });
    return;
  }
  if (children.rows.length === 0 && (plan === undefined || plan.length === 0)) {
    rows.push({ kind: "empty", key: `${at}:empty`, depth, parentRunId });
    return;
  }
  if (!alwaysList && Math.max(children.total, children.rows.length) > fanOutLimit && !listed.has(parentRunId)) {
    rows.push({ kind: "fan-out", key: `${at}:fan-out`, depth, parentRunId, children });
    return;
  }
  const entries = plan !== undefined || parent.type === "JOBP" ? withPlan(children, plan) : children.rows;
  for (const entry of entries) {
    if (!("run_id" in entry)) {
      rows.push({ kind: "planned", key: `${at}:line:${entry.line}`, depth, parentRunId, task: entry });
      continue;
    }
    pushExecution(rows, input, entry, depth);
  }
  if (children.hasMore) {
    rows.push({ kind: "more", key: `${at}:more`, depth, parentRunId, loaded: children.rows.length, total: children.total, loading: children.loadingMore });
  }
}

/** An execution's row and, when it is expanded, the rows of its children under it. */
function pushExecution(rows: TreeRow[], input: ChildrenInput, execution: OutExecution, depth: number): void {
  const expandable = hasChildren(execution) && input.flat !== true;
  const isExpanded = expandable && input.expanded.has(execution.run_id);
  rows.push({ kind: "task", key: `${execution.run_id}`, depth, execution, expandable, expanded: isExpanded });
  if (isExpanded) childRows(rows, input, { runId: execution.run_id, type: execution.type }, depth + 1, false);
}

/**
 * The rows of the tree in display order: each node's loaded children under it, a "load more" row
 * where pages remain, and a count row in place of a large fan-out. The root's own children are
 * always listed: they are what the page is about; a root workflow's in flow order with its plan.
 */
export function treeRows({ rootRunId, plan, ...input }: TreeInput): TreeRow[] {
  const rows: TreeRow[] = [];
  childRows(rows, input, { runId: rootRunId, type: plan === undefined ? "" : "JOBP" }, 0, true, plan);
  return rows;
}

/**
 * The rows of a list of executions (the executions list's top-level runs) with the children of
 * each expanded one under it, as the tree shows them.
 */
export function listRows(top: readonly OutExecution[], input: ChildrenInput): TreeRow[] {
  const rows: TreeRow[] = [];
  for (const execution of top) pushExecution(rows, input, execution, 0);
  return rows;
}
