import type { SourceSpan } from "./tokens";

/** A script that cannot be read; the message quotes what the user wrote. */
export class ScriptSyntaxError extends Error {
  override readonly name = "ScriptSyntaxError";
  readonly line: number;
  readonly column: number;
  readonly length: number;

  constructor(message: string, span: SourceSpan) {
    super(message);
    this.line = span.line;
    this.column = span.column;
    this.length = span.length;
  }
}
