import { MarkerType, type Edge, type Node } from "@xyflow/react";
import { readWorkflowGraph, type ObjectBody, type WorkflowTask } from "@baton/contract";
import { EXPECTED_WORDS } from "./object-definition-view-members";
import { nodeHandles, nodePosition, nodeSize, placeTasks, sharedNamePrefix, type WorkflowNodeKind } from "../../../components/workflow-layout";

export interface TaskData extends Record<string, unknown> {
  task: WorkflowTask;
  kind: WorkflowNodeKind;
  /** The name without the prefix all tasks share. */
  shortName: string;
}
export type TaskNode = Node<TaskData, "task">;


export type WorkflowObjectModel = { ok: true; nodes: TaskNode[]; edges: Edge[]; prefix: string; start: { x: number; y: number } | undefined } | { ok: false; error: unknown };

/**
 * A workflow object's body as graph nodes and edges: tasks at their rows and columns, edges from
 * the line conditions and the engine's implicit ones. A definition that cannot be read is an error
 * to show, not a crash.
 */
export function workflowObjectModel(body: ObjectBody): WorkflowObjectModel {
  let graph;
  try {
    graph = readWorkflowGraph(body);
  } catch (error) {
    return { ok: false, error };
  }
  const { startLine, endLine } = graph;
  const places = placeTasks(graph.tasks);
  const prefix = sharedNamePrefix(graph.tasks.filter((t) => t.line !== startLine && t.line !== endLine).map((t) => t.objectName));
  const nodes = graph.tasks.map((task): TaskNode => {
    const kind: WorkflowNodeKind = task.line === startLine ? "start" : task.line === endLine ? "end" : "task";
    const place = places.get(task.line) ?? { x: 0, y: 0 };
    return {
      id: `line-${task.line}`,
      type: "task",
      position: nodePosition({ kind, ...place }),
      ...nodeSize(kind),
      // Given as measured too: the library then counts the nodes as ready (fitView waits for that).
      measured: nodeSize(kind),
      handles: nodeHandles(kind),
      data: { task, kind, shortName: task.objectName.slice(prefix.length) },
      ariaLabel: kind === "task" ? `${task.objectName}, ${task.objectType}, line ${task.line}` : kind.toUpperCase(),
      draggable: false,
      connectable: false,
    };
  });
  const edges = graph.edges.map(
    (edge): Edge => ({
      id: `${edge.from}>${edge.to}:${edge.expected}`,
      source: `line-${edge.from}`,
      target: `line-${edge.to}`,
      type: "smoothstep",
      label: EXPECTED_WORDS[edge.expected],
      markerEnd: { type: MarkerType.ArrowClosed },
      style: { strokeWidth: 1.5 },
    }),
  );
  return { ok: true, nodes, edges, prefix, start: places.get(startLine) };
}
