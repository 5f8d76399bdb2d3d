/** Where a token or error sits in the script: 1-based line and column, length in characters. */
export interface SourceSpan {
  readonly line: number;
  readonly column: number;
  readonly length: number;
}

export type Operator = "=" | "<>" | "<" | ">" | "<=" | ">=" | "+" | "-" | "*" | "/";

interface TokenBase {
  /** The token exactly as written. */
  readonly text: string;
  readonly span: SourceSpan;
}

/** A statement name (SET, IF, …) or logical word (AND, OR, NOT), or any other bare word. */
export interface WordToken extends TokenBase {
  readonly kind: "keyword" | "identifier";
  /** The word in upper case: the language ignores case in names. */
  readonly name: string;
}

export interface VariableToken extends TokenBase {
  readonly kind: "variable";
  /** The variable in upper case with its `&` and `#`, e.g. `&TARGET#`. */
  readonly name: string;
}

export interface StringToken extends TokenBase {
  readonly kind: "string";
  /** The content without quotes, doubled quotes made single. */
  readonly value: string;
}

export interface NumberToken extends TokenBase {
  readonly kind: "number";
  readonly value: number;
}

export interface OperatorToken extends TokenBase {
  readonly kind: "operator";
  readonly operator: Operator;
}

export interface PunctuationToken extends TokenBase {
  /**
   * `continuation` is a trailing `_`: the statement goes on on the next `:` line. Brackets index
   * array elements (`&A#[2]`).
   */
  readonly kind: "colon" | "comma" | "lparen" | "rparen" | "lbracket" | "rbracket" | "continuation";
}

export type Token =
  | WordToken
  | VariableToken
  | StringToken
  | NumberToken
  | OperatorToken
  | PunctuationToken;

export type TokenKind = Token["kind"];
