import { Status, isFinalStatus, statusGroups, type OutErtEstimations, type OutExecution, type VertexKey } from "@baton/contract";
import type { ExpectedState, WorkflowGraph } from "@baton/contract";
import { placeTasks, sharedNamePrefix, type WorkflowNodeKind } from "../../../components/workflow-layout";
import type { RestartNote } from "../api/get-restart-note";
import { notRunAgainText } from "./restart-plan";

export interface GraphTask {
  id: string;
  line: number;
  name: string;
  /** The name without the prefix every task of the workflow shares (GraphModel.namePrefix). */
  shortName: string;
  kind: WorkflowNodeKind;
  active: boolean;
  x: number;
  y: number;
  /** The line's latest execution (a restart replaces the run it restarted); none before it starts. */
  execution: OutExecution | undefined;
  /** Its status in words when the workflow's restart from a line recorded it as not run again (1922). */
  notRunAgain: string | undefined;
  /** What the task was expected to take: taskErtSeconds, the one ERT every view of the task shows. */
  ertSeconds: number | undefined;
  /** Epoch ms, for tasks not started yet that can start without an operator. */
  estimatedStart: number | undefined;
  /** Not started and behind a blocked task: it starts only after an operator acts, so no start is estimated. */
  waitsForBlock: boolean;
  critical: boolean;
}

export interface GraphLink {
  id: string;
  source: string;
  target: string;
  expected: ExpectedState;
  critical: boolean;
}

export interface GraphModel {
  tasks: GraphTask[];
  links: GraphLink[];
  /** The critical path in order, <START> to <END>; empty while the estimate is unknown. */
  criticalPath: GraphTask[];
  /** Leading name parts ("PAYROLL.DAILY.") all tasks share, left out of the nodes so what differs fits. */
  namePrefix: string;
}

export const nodeId = (line: number): string => `line-${line}`;
const linkKey = (from: number, to: number): string => `${from}>${to}`;

/** Pairs of consecutive lines on the critical path of `workflowRunId`, as "from>to". */
export function criticalLinks(ert: Pick<OutErtEstimations, "longest_path_vertex_keys"> | undefined, workflowRunId: number): Set<string> {
  const path: readonly VertexKey[] = ert?.longest_path_vertex_keys[String(workflowRunId)] ?? [];
  const links = new Set<string>();
  for (let i = 1; i < path.length; i++) {
    const from = path[i - 1];
    const to = path[i];
    if (from !== undefined && to !== undefined) links.add(linkKey(from.lnr, to.lnr));
  }
  return links;
}

/**
 * Whether a task's latest execution has started or ended: a task activated with its workflow and
 * waiting for its predecessors (1700) has not.
 */
export function hasStarted(execution: Pick<OutExecution, "status"> | undefined): boolean {
  return execution !== undefined && execution.status !== Status.WAITING_FOR_PREDECESSOR;
}

/** The latest execution of each line: restarts add executions on the same line with higher run ids. */
export function latestByLine(children: readonly OutExecution[]): Map<number, OutExecution> {
  const latest = new Map<number, OutExecution>();
  for (const child of children) {
    if (!child.line_number) continue;
    const seen = latest.get(child.line_number);
    if (seen === undefined || child.run_id > seen.run_id) latest.set(child.line_number, child);
  }
  return latest;
}

/**
 * A task's ERT, the same in the Tasks tab, the graph, the Gantt and the task's own page: the
 * estimate its execution was activated with (none when its object had none yet), and for a task
 * that has no execution yet the engine's estimate for its line. The ERT answer's figure for a task
 * that ran is its actual or elapsed runtime, which is no estimate, so it is not used for one.
 */
export function taskErtSeconds(execution: OutExecution | undefined, ert: Pick<OutErtEstimations, "estimated_erts"> | undefined, line: number): number | undefined {
  return execution === undefined ? ert?.estimated_erts[String(-line)] : execution.estimated_runtime;
}

/** The ERT maps are keyed by run id, or by the negative line number for tasks without an execution. */
function estimateOf(map: Readonly<Record<string, number>> | undefined, line: number, execution: OutExecution | undefined): number | undefined {
  if (map === undefined) return undefined;
  return map[String(execution?.run_id ?? -line)] ?? map[String(-line)];
}

/** Whether a status meets what a line condition expects (the engine's `meets`, domain/workflow.ts). */
function meets(status: number, expected: ExpectedState): boolean {
  if (expected === "ANY_STATUS") return true;
  return statusGroups(status).includes(expected === "ANY_ABEND" ? "abend" : "ok");
}

/**
 * Lines no task behind can pass until an operator acts, as the engine's `nextStep` reads a block:
 * their latest execution ended abnormally and no successor's condition takes that end (an error
 * branch). The lines behind them (along any condition), not started yet, wait for the block; the
 * engine's estimated start of such a line counts from now, as if nothing stood in its way.
 */
function linesBehindBlock(definition: WorkflowGraph, latest: ReadonlyMap<number, OutExecution>): Set<number> {
  const successors = new Map<number, WorkflowGraph["edges"]>();
  for (const edge of definition.edges) successors.set(edge.from, [...(successors.get(edge.from) ?? []), edge]);
  const blocked = [...latest].flatMap(([line, execution]) => {
    const abended = isFinalStatus(execution.status) && statusGroups(execution.status).includes("abend");
    const handled = (successors.get(line) ?? []).some((edge) => edge.expected !== "ANY_OK" && meets(execution.status, edge.expected));
    return abended && !handled ? [line] : [];
  });
  const behind = new Set<number>();
  const next = [...blocked];
  for (let line = next.pop(); line !== undefined; line = next.pop()) {
    for (const edge of successors.get(line) ?? []) {
      if (behind.has(edge.to) || hasStarted(latest.get(edge.to))) continue;
      behind.add(edge.to);
      next.push(edge.to);
    }
  }
  return behind;
}

/**
 * The graph of a workflow execution: its definition's tasks and conditions with states, ERTs and
 * the critical path; while it is active, which tasks wait for a blocked task; with the note of
 * its restart from a line, which tasks that restart did not run again.
 */
export function graphModel(definition: WorkflowGraph, children: readonly OutExecution[], ert: OutErtEstimations | undefined, workflow: Pick<OutExecution, "run_id" | "status">, restartNote?: RestartNote): GraphModel {
  const workflowRunId = workflow.run_id;
  const places = placeTasks(definition.tasks);
  const latest = latestByLine(children);
  const behindBlock = isFinalStatus(workflow.status) ? new Set<number>() : linesBehindBlock(definition, latest);
  const critical = criticalLinks(ert, workflowRunId);
  const namePrefix = sharedNamePrefix(definition.tasks.filter((t) => t.line !== definition.startLine && t.line !== definition.endLine).map((t) => t.objectName));
  const criticalLines = new Set((ert?.longest_path_vertex_keys[String(workflowRunId)] ?? []).map((v) => v.lnr));
  const tasks = definition.tasks.map((task): GraphTask => {
    const execution = latest.get(task.line);
    const place = places.get(task.line) ?? { x: 0, y: 0 };
    return {
      id: nodeId(task.line),
      line: task.line,
      name: task.objectName,
      shortName: task.objectName.slice(namePrefix.length),
      kind: task.line === definition.startLine ? "start" : task.line === definition.endLine ? "end" : "task",
      active: task.active,
      ...place,
      execution,
      notRunAgain: execution === undefined ? undefined : notRunAgainText(execution, restartNote),
      ertSeconds: taskErtSeconds(execution, ert, task.line),
      estimatedStart: behindBlock.has(task.line) ? undefined : estimateOf(ert?.estimated_start_times, task.line, execution),
      waitsForBlock: behindBlock.has(task.line),
      critical: criticalLines.has(task.line),
    };
  });
  const seen = new Set<string>();
  const links: GraphLink[] = [];
  for (const edge of definition.edges) {
    const id = `${linkKey(edge.from, edge.to)}:${edge.expected}`;
    if (seen.has(id)) continue;
    seen.add(id);
    links.push({ id, source: nodeId(edge.from), target: nodeId(edge.to), expected: edge.expected, critical: critical.has(linkKey(edge.from, edge.to)) });
  }
  const byLine = new Map(tasks.map((t) => [t.line, t]));
  const criticalPath = (ert?.longest_path_vertex_keys[String(workflowRunId)] ?? []).flatMap((v) => byLine.get(v.lnr) ?? []);
  return { tasks, links, criticalPath, namePrefix };
}
