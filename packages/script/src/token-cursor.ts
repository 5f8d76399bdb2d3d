import { ScriptSyntaxError } from "./script-syntax-error";
import type { SourceSpan, Token } from "./tokens";

/**
 * Reads the tokens of one statement (continuation lines already joined) front to back. Keeps the
 * bookkeeping the parsers share: spans of what was read, quoting what the user wrote, and a
 * nesting depth so a line of a thousand `(` is a syntax error instead of a stack overflow.
 */
export class TokenCursor {
  /** Deepest nesting of parentheses, NOT and unary minus in one statement. */
  static readonly MAX_DEPTH = 100;

  private index = 0;
  private depth = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  /** Where the next token is, as an index to pass to `spanFrom` and `writtenFrom`. */
  get position(): number {
    return this.index;
  }

  peek(): Token | undefined {
    return this.tokens[this.index];
  }

  /** Whether the next token is the keyword `name` (upper case). */
  peekKeyword(name: string): boolean {
    const token = this.peek();
    return token?.kind === "keyword" && token.name === name;
  }

  next(): Token | undefined {
    const token = this.tokens[this.index];
    if (token !== undefined) this.index += 1;
    return token;
  }

  atEnd(): boolean {
    return this.index >= this.tokens.length;
  }

  /** Consumes the next token when it has `kind` (and, for words and operators, that name). */
  accept(kind: Token["kind"], name?: string): Token | undefined {
    const token = this.peek();
    if (token === undefined || token.kind !== kind) return undefined;
    if (name !== undefined && nameOf(token) !== name) return undefined;
    this.index += 1;
    return token;
  }

  /** Throws "unexpected ..." when tokens are left; `after` says what was complete. */
  expectEnd(after: string): void {
    const token = this.peek();
    if (token !== undefined) throw new ScriptSyntaxError(`unexpected ${describe(token)} after ${after}`, token.span);
  }

  /** A syntax error about the next token (or the end of the statement when none is left). */
  errorAtNext(message: (found: string) => string): ScriptSyntaxError {
    return new ScriptSyntaxError(message(describe(this.peek())), this.nextSpan());
  }

  /** The span of the next token, or the column just after the last one. */
  nextSpan(): SourceSpan {
    const token = this.peek();
    if (token !== undefined) return token.span;
    const last = this.tokens[this.tokens.length - 1];
    if (last === undefined) return { line: 1, column: 1, length: 1 };
    return { line: last.span.line, column: last.span.column + last.span.length, length: 1 };
  }

  /** From the token at `start` to the last one read; cut to the first line when it spans lines. */
  spanFrom(start: number): SourceSpan {
    const first = this.tokens[start];
    const last = this.tokens[Math.max(start, this.index - 1)];
    if (first === undefined || last === undefined) return this.nextSpan();
    if (first.span.line !== last.span.line) return first.span;
    const length = last.span.column + last.span.length - first.span.column;
    return { line: first.span.line, column: first.span.column, length };
  }

  /** The tokens from `start` to the last one read, spaced as written. */
  writtenFrom(start: number): string {
    let written = "";
    let previous: Token | undefined;
    for (const token of this.tokens.slice(start, this.index)) {
      const gap = previous !== undefined
        && (previous.span.line !== token.span.line || previous.span.column + previous.span.length < token.span.column);
      written += (gap ? " " : "") + token.text;
      previous = token;
    }
    return written;
  }

  /** Runs `parse` one level deeper, refusing nesting beyond MAX_DEPTH at `span`. */
  nested<T>(span: SourceSpan, parse: () => T): T {
    if (this.depth >= TokenCursor.MAX_DEPTH) {
      throw new ScriptSyntaxError(`expression is nested more than ${TokenCursor.MAX_DEPTH} levels deep`, span);
    }
    this.depth += 1;
    try {
      return parse();
    } finally {
      this.depth -= 1;
    }
  }
}

/** How a token (or its absence) reads in a message. */
export function describe(token: Token | undefined): string {
  return token === undefined ? "the end of the statement" : `'${token.text}'`;
}

function nameOf(token: Token): string {
  switch (token.kind) {
    case "keyword":
    case "identifier":
    case "variable":
      return token.name;
    case "operator":
      return token.operator;
    default:
      return token.text;
  }
}
