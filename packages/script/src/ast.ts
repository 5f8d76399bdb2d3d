import type { SourceSpan } from "./tokens";

/**
 * The syntax tree of a script. Every node carries the span of what the user wrote, so runtime
 * errors can point at the statement or expression that failed.
 */

/** A script read by `parseScript`: blocks already matched, functions already checked. */
export interface ParsedScript {
  /** The mode it was parsed in; `job` scripts may contain Text nodes. */
  readonly mode: "script" | "job";
  readonly statements: readonly Statement[];
}

// ---------------------------------------------------------------------------------------------
// Values

/** A number as written: `12`, `2.5`. */
export interface NumberLiteral {
  readonly kind: "number";
  readonly value: number;
  readonly span: SourceSpan;
}

/** A quoted string; `&VAR#` inside it is substituted when it is evaluated. */
export interface StringLiteral {
  readonly kind: "string";
  readonly value: string;
  readonly span: SourceSpan;
}

/** A bare word used as text, like the VARA name in `GET_VAR(VARA.SETTINGS, KEY)` or `WAIT`. */
export interface WordLiteral {
  readonly kind: "word";
  /** As written (the functions that treat it as a name upper-case it themselves). */
  readonly text: string;
  readonly span: SourceSpan;
}

/** `&NAME#` or an array element `&NAME#[index]`. */
export interface VariableReference {
  readonly kind: "variable";
  /** Upper case with `&` and `#`, e.g. `&TARGET#`. */
  readonly name: string;
  readonly index?: ValueExpression;
  readonly span: SourceSpan;
}

/** `NAME(arguments)`; the name is a known function and the argument count fits it. */
export interface FunctionCall {
  readonly kind: "call";
  /** Upper case. */
  readonly name: string;
  readonly args: readonly ValueExpression[];
  readonly span: SourceSpan;
}

export type ArithmeticOperator = "+" | "-" | "*" | "/";

export interface ArithmeticExpression {
  readonly kind: "arithmetic";
  readonly operator: ArithmeticOperator;
  readonly left: ValueExpression;
  readonly right: ValueExpression;
  /** Where the operator is: division by zero is reported there. */
  readonly operatorSpan: SourceSpan;
  readonly span: SourceSpan;
}

/** Unary minus: `-&X#`. */
export interface NegateExpression {
  readonly kind: "negate";
  readonly operand: ValueExpression;
  readonly span: SourceSpan;
}

/** Anything that yields a value: the right side of :SET, :PRINT's text, a function argument. */
export type ValueExpression =
  | NumberLiteral
  | StringLiteral
  | WordLiteral
  | VariableReference
  | FunctionCall
  | ArithmeticExpression
  | NegateExpression;

// ---------------------------------------------------------------------------------------------
// Conditions (only :IF and :WHILE take them; they have no value of their own)

export type ComparisonOperator = "=" | "<>" | "<" | ">" | "<=" | ">=";

export interface Comparison {
  readonly kind: "compare";
  readonly operator: ComparisonOperator;
  readonly left: ValueExpression;
  readonly right: ValueExpression;
  readonly span: SourceSpan;
}

export interface LogicalCondition {
  readonly kind: "logical";
  readonly operator: "AND" | "OR";
  readonly left: Condition;
  readonly right: Condition;
  readonly span: SourceSpan;
}

export interface NotCondition {
  readonly kind: "not";
  readonly operand: Condition;
  readonly span: SourceSpan;
}

export type Condition = Comparison | LogicalCondition | NotCondition;

// ---------------------------------------------------------------------------------------------
// Statements

/** The variable a statement writes: `&V#` or `&A#[i]`. */
export interface AssignmentTarget {
  readonly name: string;
  readonly index?: ValueExpression;
  readonly span: SourceSpan;
}

/** `:SET`, `:PSET` (also recorded for the parent workflow) and `:RSET` (recorded for the activator). */
export interface SetStatement {
  readonly kind: "set";
  readonly keyword: "SET" | "PSET" | "RSET";
  readonly target: AssignmentTarget;
  readonly value: ValueExpression;
  readonly span: SourceSpan;
}

export type VariableType = "string" | "unsigned" | "signed" | "float";

export interface DefineStatement {
  readonly kind: "define";
  readonly name: string;
  readonly type: VariableType;
  /** Array size; absent for a single value. */
  readonly size?: number;
  readonly span: SourceSpan;
}

export interface PrintStatement {
  readonly kind: "print";
  /** Absent for a bare `:PRINT`, which prints an empty line. */
  readonly value?: ValueExpression;
  readonly span: SourceSpan;
}

export interface IfStatement {
  readonly kind: "if";
  readonly condition: Condition;
  readonly then: readonly Statement[];
  /** Absent without `:ELSE`. */
  readonly otherwise?: readonly Statement[];
  readonly span: SourceSpan;
}

export interface WhileStatement {
  readonly kind: "while";
  readonly condition: Condition;
  readonly body: readonly Statement[];
  readonly span: SourceSpan;
}

export interface IncStatement {
  readonly kind: "inc";
  readonly target: AssignmentTarget;
  readonly span: SourceSpan;
}

export interface PutVarStatement {
  readonly kind: "putVar";
  readonly vara: ValueExpression;
  readonly key: ValueExpression;
  /** value1 .. value5. */
  readonly values: readonly ValueExpression[];
  readonly span: SourceSpan;
}

/** `:PROCESS &h#` … `:ENDPROCESS`: the body runs once per row of the handle's data sequence. */
export interface ProcessStatement {
  readonly kind: "process";
  readonly handle: VariableReference;
  readonly body: readonly Statement[];
  readonly span: SourceSpan;
}

export interface StopStatement {
  readonly kind: "stop";
  /** `:STOP MSG, nr, "text"`; absent for `:STOP` and `:STOP NOMSG`. */
  readonly message?: { readonly number: ValueExpression; readonly text: ValueExpression };
  readonly span: SourceSpan;
}

export interface ExitStatement {
  readonly kind: "exit";
  readonly returnCode?: ValueExpression;
  readonly span: SourceSpan;
}

/**
 * `:RESTART name[, text]`: a restart point. A restart from it runs the page's statements before
 * its first restart point and those from this one on (`restartFrom`); a run passing it prints the
 * text, if any.
 */
export interface RestartStatement {
  readonly kind: "restart";
  /** Upper case, at most 8 characters. */
  readonly point: string;
  readonly text?: ValueExpression;
  readonly span: SourceSpan;
}

/** A shell line of a job's process page (job mode only), substituted when it is reached. */
export interface TextLine {
  readonly kind: "text";
  readonly text: string;
  readonly span: SourceSpan;
}

export type Statement =
  | SetStatement
  | DefineStatement
  | PrintStatement
  | IfStatement
  | WhileStatement
  | IncStatement
  | PutVarStatement
  | ProcessStatement
  | StopStatement
  | ExitStatement
  | RestartStatement
  | TextLine;
