import type { Text } from "@codemirror/state";
import type { Diagnostic } from "@codemirror/lint";
import type { ScriptProblem } from "../api/run-script";

/** Document offset of a 1-based line and column, kept inside the document. */
export function offsetOf(doc: Text, line: number, column: number): number {
  const target = doc.line(Math.min(Math.max(line, 1), doc.lines));
  return Math.min(target.from + Math.max(column, 1) - 1, target.to);
}

/**
 * One error diagnostic per problem, from its column to the end of its line. At the end of a line
 * the last character is marked, so the mark stays visible.
 */
export function toDiagnostics(doc: Text, problems: readonly ScriptProblem[]): Diagnostic[] {
  return problems.map((problem) => {
    const target = doc.line(Math.min(Math.max(problem.line, 1), doc.lines));
    let from = offsetOf(doc, problem.line, problem.column);
    if (from === target.to && target.length > 0) from = target.to - 1;
    return { from, to: target.to, severity: "error", message: problem.message, source: "Baton" };
  });
}
