export type LineKind = "statement" | "comment" | "text";

/**
 * What a script line is, judged by its first character after leading whitespace: `:` starts a
 * statement, `!` a comment; anything else (blank lines included) is text for the shell.
 */
export function classifyLine(line: string): LineKind {
  const first = line.trimStart().charAt(0);
  if (first === ":") return "statement";
  if (first === "!") return "comment";
  return "text";
}
