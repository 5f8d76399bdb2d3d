import { Position, type NodeHandle } from "@xyflow/react";
import type { WorkflowTask } from "@baton/contract";

/**
 * How a workflow definition is drawn, shared by the graph of an execution and the graph of a
 * workflow object: tasks at the row and column the definition gives them, fixed node sizes.
 */

/** Space one column and one row of the workflow editor take in the graph, in pixels. */
export const COLUMN_WIDTH = 215;
export const ROW_HEIGHT = 140;

export type WorkflowNodeKind = "start" | "end" | "task";

/** The dot-separated leading parts all `names` share, keeping at least the last part of each. */
export function sharedNamePrefix(names: readonly string[]): string {
  const split = names.map((name) => name.split("."));
  const first = split[0];
  if (first === undefined) return "";
  let count = 0;
  while (split.every((parts) => parts.length > count + 1 && parts[count] === first[count])) count++;
  return count === 0 ? "" : `${first.slice(0, count).join(".")}.`;
}

/**
 * Places each task where the workflow editor put it: column → x, row → y, the smallest column
 * and row at the origin. No layout is guessed; tasks that share a cell are the definition's doing.
 */
export function placeTasks(tasks: readonly WorkflowTask[]): Map<number, { x: number; y: number }> {
  const minColumn = Math.min(...tasks.map((t) => t.column));
  const minRow = Math.min(...tasks.map((t) => t.row));
  return new Map(tasks.map((t) => [t.line, { x: (t.column - minColumn) * COLUMN_WIDTH, y: (t.row - minRow) * ROW_HEIGHT }]));
}

const TASK_SIZE = { width: 185, height: 112 };
const ENDPOINT_SIZE = { width: 124, height: 52 };

/**
 * Every node has a fixed size and its handles are declared, so the graph library needs no first
 * render of all nodes to measure them: with 10,000 tasks only those in view are ever rendered.
 */
export function nodeSize(kind: WorkflowNodeKind): { width: number; height: number } {
  return kind === "task" ? TASK_SIZE : ENDPOINT_SIZE;
}

/** Edges come in at the middle of the left side and leave at the middle of the right side. */
export function nodeHandles(kind: WorkflowNodeKind): NodeHandle[] {
  const { width, height } = nodeSize(kind);
  return [
    { type: "target", position: Position.Left, x: 0, y: height / 2, width: 1, height: 1 },
    { type: "source", position: Position.Right, x: width - 1, y: height / 2, width: 1, height: 1 },
  ];
}

/** Where a node goes for a task placed at (x, y): <START> and <END> are smaller and centred in the cell a task would take. */
export function nodePosition(task: { kind: WorkflowNodeKind; x: number; y: number }): { x: number; y: number } {
  const own = nodeSize(task.kind);
  return { x: task.x + (TASK_SIZE.width - own.width) / 2, y: task.y + (TASK_SIZE.height - own.height) / 2 };
}

/** As tall as the definition's rows need at full size (nodes placed from y 0), at most most of the screen. */
export function graphHeight(ys: readonly number[]): string {
  const rows = Math.floor(Math.max(0, ...ys) / ROW_HEIGHT) + 1;
  return `min(68vh, ${rows * ROW_HEIGHT + 140}px)`;
}
