import { readWorkflowGraph, type WorkflowGraph } from "@baton/contract";
import { counted } from "../../../lib/counted";
import { countLineEdits } from "./line-edits";

/** What changed in an object between two versions of its file, in the terms of the object rather than of lines. */
export interface ObjectChangeSummary {
  /** "added": only the newer side has the file; "deleted": only the older one. */
  kind: "added" | "deleted" | "changed";
  tasksAdded: string[];
  tasksRemoved: string[];
  edgesAdded: number;
  edgesRemoved: number;
  /** Leaf paths outside the scripts and the workflow whose values differ, e.g. `job_attributes.agent`. */
  attributesChanged: string[];
  scriptLinesAdded: number;
  scriptLinesRemoved: number;
}

/** Members summed up on their own: the script pages and the workflow's tasks and edges. */
const SCRIPTS = "scripts";
const WORKFLOW_MEMBERS = ["workflow_definitions", "line_conditions"];

type Body = Record<string, unknown>;

function isRecord(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The object body of a file's text (`{"jobs": {...}}` → `{...}`); {} for an absent side (""). Throws on text that is not one. */
function readBody(text: string): Body {
  if (text.trim() === "") return {};
  const parsed: unknown = JSON.parse(text);
  const body = isRecord(parsed) ? Object.values(parsed)[0] : undefined;
  if (!isRecord(body)) throw new Error("the file is not an object definition");
  return body;
}

function hasWorkflow(body: Body): boolean {
  return WORKFLOW_MEMBERS.some((member) => member in body);
}

/** The workflow of a body; an empty one when the body has none; null when it cannot be read. */
function workflowOf(body: Body): WorkflowGraph | null {
  if (!hasWorkflow(body)) return { tasks: [], edges: [], startLine: 0, endLine: 0 };
  try {
    return readWorkflowGraph(body);
  } catch {
    return null;
  }
}

/** How many more times each value occurs in `after` than in `before` (positive) or fewer (negative). */
function countBalance(before: readonly string[], after: readonly string[]): Map<string, number> {
  const balance = new Map<string, number>();
  for (const value of before) balance.set(value, (balance.get(value) ?? 0) - 1);
  for (const value of after) balance.set(value, (balance.get(value) ?? 0) + 1);
  return balance;
}

function expand(balance: Map<string, number>, sign: 1 | -1): string[] {
  return [...balance].flatMap(([value, count]) => (count * sign > 0 ? Array<string>(count * sign).fill(value) : []));
}

/** Tasks by object name (START and END aside), edges as "from → to (expected)" by name: renumbered lines are not changes. */
function workflowParts(graph: WorkflowGraph): { tasks: string[]; edges: string[] } {
  const names = new Map(graph.tasks.map((task) => [task.line, task.objectName]));
  const tasks = graph.tasks.filter((task) => task.line !== graph.startLine && task.line !== graph.endLine).map((task) => task.objectName);
  const edges = graph.edges.filter((edge) => !edge.implicit).map((edge) => `${names.get(edge.from)}>${names.get(edge.to)}:${edge.expected}`);
  return { tasks, edges };
}

/** Leaf values by path (`a.b[0].c`); an empty object or array is a leaf of its own. */
function leaves(value: unknown, path: string, into: Map<string, string>): Map<string, string> {
  if (Array.isArray(value) && value.length > 0) value.forEach((item, index) => leaves(item, `${path}[${index}]`, into));
  else if (isRecord(value) && Object.keys(value).length > 0) {
    for (const [key, member] of Object.entries(value)) leaves(member, path === "" ? key : `${path}.${key}`, into);
  } else into.set(path, JSON.stringify(value));
  return into;
}

function attributeLeaves(body: Body, skip: readonly string[]): Map<string, string> {
  return leaves(Object.fromEntries(Object.entries(body).filter(([key]) => !skip.includes(key))), "", new Map());
}

/** The lines of each script page kind (`process`, `pre_process`, …) over all pages, in order. */
function scriptLines(body: Body): Map<string, string[]> {
  const byPage = new Map<string, string[]>();
  const pages: unknown = body[SCRIPTS];
  for (const page of Array.isArray(pages) ? pages : []) {
    if (!isRecord(page)) continue;
    for (const [kind, lines] of Object.entries(page)) {
      const texts = Array.isArray(lines) ? lines.map(String) : typeof lines === "string" ? lines.split("\n") : [];
      byPage.set(kind, [...(byPage.get(kind) ?? []), ...texts]);
    }
  }
  return byPage;
}

/**
 * Compares two versions of an object file (JSON as the repository keeps it; "" for a side without
 * the file). Throws when a side is not an object definition. A workflow that cannot be read is
 * compared as attributes instead.
 */
export function summarizeObjectChange(oursText: string, theirsText: string): ObjectChangeSummary {
  const ours = readBody(oursText);
  const theirs = readBody(theirsText);
  const kind = oursText.trim() === "" ? "added" : theirsText.trim() === "" ? "deleted" : "changed";

  const graphOurs = workflowOf(ours);
  const graphTheirs = workflowOf(theirs);
  const workflowRead = graphOurs !== null && graphTheirs !== null;
  let tasks = new Map<string, number>();
  let edges = new Map<string, number>();
  if (workflowRead) {
    const before = workflowParts(graphOurs);
    const after = workflowParts(graphTheirs);
    tasks = countBalance(before.tasks, after.tasks);
    edges = countBalance(before.edges, after.edges);
  }

  const skip = workflowRead ? [SCRIPTS, ...WORKFLOW_MEMBERS] : [SCRIPTS];
  const leavesOurs = attributeLeaves(ours, skip);
  const leavesTheirs = attributeLeaves(theirs, skip);
  const paths = new Set([...leavesOurs.keys(), ...leavesTheirs.keys()]);
  const attributesChanged = [...paths].filter((path) => leavesOurs.get(path) !== leavesTheirs.get(path)).sort();

  const scriptsOurs = scriptLines(ours);
  const scriptsTheirs = scriptLines(theirs);
  let scriptLinesAdded = 0;
  let scriptLinesRemoved = 0;
  for (const page of new Set([...scriptsOurs.keys(), ...scriptsTheirs.keys()])) {
    const edits = countLineEdits(scriptsOurs.get(page) ?? [], scriptsTheirs.get(page) ?? []);
    scriptLinesAdded += edits.added;
    scriptLinesRemoved += edits.removed;
  }

  return {
    kind,
    tasksAdded: expand(tasks, 1),
    tasksRemoved: expand(tasks, -1),
    edgesAdded: expand(edges, 1).length,
    edgesRemoved: expand(edges, -1).length,
    attributesChanged,
    scriptLinesAdded,
    scriptLinesRemoved,
  };
}

/** "3 added, 1 removed" / "1 added" / "2 removed" after a counted noun. */
function addedRemoved(added: number, removed: number, one: string, many: string): string | null {
  if (added > 0 && removed > 0) return `${counted(added, one, many)} added, ${removed} removed`;
  if (added > 0) return `${counted(added, one, many)} added`;
  if (removed > 0) return `${counted(removed, one, many)} removed`;
  return null;
}

/** The summary in one line of text, e.g. "2 tasks added: A, B · 1 edge removed · 3 attributes changed · 5 script lines added, 1 removed". */
export function describeObjectChange(summary: ObjectChangeSummary): string {
  const parts: string[] = [];
  if (summary.kind === "added") parts.push("New object");
  if (summary.kind === "deleted") parts.push("Object deleted");
  if (summary.tasksAdded.length > 0) parts.push(`${counted(summary.tasksAdded.length, "task", "tasks")} added: ${summary.tasksAdded.join(", ")}`);
  if (summary.tasksRemoved.length > 0) parts.push(`${counted(summary.tasksRemoved.length, "task", "tasks")} removed: ${summary.tasksRemoved.join(", ")}`);
  const edges = addedRemoved(summary.edgesAdded, summary.edgesRemoved, "edge", "edges");
  if (edges) parts.push(edges);
  // A whole object added or deleted: every attribute differs, which says nothing more.
  if (summary.kind === "changed" && summary.attributesChanged.length > 0) parts.push(`${counted(summary.attributesChanged.length, "attribute", "attributes")} changed`);
  const scripts = addedRemoved(summary.scriptLinesAdded, summary.scriptLinesRemoved, "script line", "script lines");
  if (scripts) parts.push(scripts);
  return parts.length > 0 ? parts.join(" · ") : "No difference in the definition";
}
