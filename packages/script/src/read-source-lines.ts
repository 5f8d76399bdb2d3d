import { classifyLine } from "./classify-line";
import { ScriptSyntaxError } from "./script-syntax-error";
import { tokenizeLine } from "./tokenizer";
import type { SourceSpan, Token } from "./tokens";

/** A statement with its continuation lines joined, or (job mode) a line of shell text. */
export type SourceUnit =
  | { readonly kind: "statement"; readonly tokens: readonly Token[]; readonly span: SourceSpan }
  | { readonly kind: "text"; readonly text: string; readonly span: SourceSpan };

// How much of a line a "not a statement" message quotes.
const QUOTE_LIMIT = 60;

/**
 * The first stage of parsing: drops comments and blank lines, tokenizes statement lines and joins
 * a statement ending in `_` with the next `:` line (whose `:` is dropped). Tokens keep their own
 * line and column, so a continued statement still reports positions where the user wrote them.
 * In `script` mode a line that is neither statement nor comment is a syntax error.
 */
export function readSourceLines(lines: readonly string[], mode: "script" | "job"): SourceUnit[] {
  const units: SourceUnit[] = [];
  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? "";
    const lineNumber = index + 1;
    const kind = classifyLine(line);
    if (kind === "comment" || line.trim() === "") continue;

    const column = line.length - line.trimStart().length + 1;
    const written = line.trim();
    const span = { line: lineNumber, column, length: written.length };
    if (kind === "text") {
      if (mode === "script") {
        const characters = Array.from(written);
        // Cut by code points, so an emoji at the cut is not split into half a surrogate pair.
        const quoted = characters.length > QUOTE_LIMIT ? `${characters.slice(0, QUOTE_LIMIT - 3).join("")}...` : written;
        throw new ScriptSyntaxError(`line ${lineNumber} is not a statement: ${quoted}`, span);
      }
      units.push({ kind: "text", text: line, span });
      continue;
    }

    const tokens = tokenizeLine(line, lineNumber);
    for (let last = tokens.at(-1); last?.kind === "continuation"; last = tokens.at(-1)) {
      tokens.pop();
      index += 1;
      const next = lines[index];
      if (next === undefined) {
        throw new ScriptSyntaxError("the statement continues with '_', but the script ends here", last.span);
      }
      if (classifyLine(next) !== "statement") {
        throw new ScriptSyntaxError(
          `the statement continues with '_', but line ${index + 1} does not start with ':'`,
          last.span,
        );
      }
      tokens.push(...tokenizeLine(next, index + 1).slice(1));
    }
    units.push({ kind: "statement", tokens, span });
  }
  return units;
}
