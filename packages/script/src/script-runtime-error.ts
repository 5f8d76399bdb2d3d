import type { SourceSpan } from "./tokens";

/**
 * A failure while a script runs. Functions and value conversions throw it without a span; the
 * evaluator adds the span of the expression or statement it was working on, so the error always
 * reaches `ScriptResult.error` with a line and column.
 */
export class ScriptRuntimeError extends Error {
  override readonly name = "ScriptRuntimeError";
  readonly span: SourceSpan | undefined;

  constructor(message: string, span?: SourceSpan) {
    super(message);
    this.span = span;
  }
}
