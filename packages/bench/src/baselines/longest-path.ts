import { readWorkflowGraph } from "@baton/contract";

/**
 * Milliseconds from a workflow's start to its <END> when every task takes `taskSeconds` and starts
 * as soon as its predecessors end: one topological pass (Kahn) over the definition's graph. The
 * least any forecast of the workflow must do, so the forecast bench's baseline.
 */
export function longestPathMs(body: Record<string, unknown>, taskSeconds: number): number {
  const graph = readWorkflowGraph(body);
  const successors = new Map<number, number[]>();
  const waitingFor = new Map<number, number>(graph.tasks.map((task) => [task.line, 0]));
  for (const edge of graph.edges) {
    const next = successors.get(edge.from);
    if (next === undefined) successors.set(edge.from, [edge.to]);
    else next.push(edge.to);
    waitingFor.set(edge.to, (waitingFor.get(edge.to) ?? 0) + 1);
  }
  const duration = (line: number) => (line === graph.startLine || line === graph.endLine ? 0 : taskSeconds * 1000);
  const readyAt = new Map<number, number>();
  const ends = new Map<number, number>();
  const ready = graph.tasks.filter((task) => waitingFor.get(task.line) === 0).map((task) => task.line);
  for (let line = ready.pop(); line !== undefined; line = ready.pop()) {
    const end = (readyAt.get(line) ?? 0) + duration(line);
    ends.set(line, end);
    for (const next of successors.get(line) ?? []) {
      readyAt.set(next, Math.max(readyAt.get(next) ?? 0, end));
      const left = (waitingFor.get(next) ?? 0) - 1;
      waitingFor.set(next, left);
      if (left === 0) ready.push(next);
    }
  }
  const end = ends.get(graph.endLine);
  if (end === undefined) throw new Error("the workflow's <END> is never reached (a cycle?)");
  return end;
}
