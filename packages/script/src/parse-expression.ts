import type {
  ArithmeticOperator,
  ComparisonOperator,
  Condition,
  FunctionCall,
  ValueExpression,
  VariableReference,
} from "./ast";
import { ScriptSyntaxError } from "./script-syntax-error";
import { SCRIPT_FUNCTIONS } from "./script-functions";
import { describe, type TokenCursor } from "./token-cursor";
import type { VariableToken, WordToken } from "./tokens";

/*
 * One grammar for values and conditions, lowest precedence first:
 *
 *   or         := and ("OR" and)*
 *   and        := not ("AND" not)*
 *   not        := "NOT" not | comparison
 *   comparison := additive (("=" | "<>" | "<" | ">" | "<=" | ">=") additive)?
 *   additive   := term (("+" | "-") term)*
 *   term       := unary (("*" | "/") unary)*
 *   unary      := ("-" | "+") unary | primary
 *   primary    := number | string | variable ("[" or "]")? | NAME "(" (or ("," or)*)? ")" | WORD | "(" or ")"
 *
 * Parentheses may hold either, so `(&A# + 1) * 2` and `(&A# = 1 OR &B# = 2) AND &C# = 3` both
 * read naturally. Whether a node is a value or a condition is checked where it is used, which
 * gives messages like "'&A# = 1' is a condition, but a value is needed here".
 */

type Parsed = ValueExpression | Condition;

const COMPARISONS: readonly ComparisonOperator[] = ["=", "<>", "<", ">", "<=", ">="];

/** Parses a value (right side of :SET, :PRINT's text, an argument) and checks it is not a condition. */
export function parseValue(cursor: TokenCursor): ValueExpression {
  return valueOf(cursor, () => parseOr(cursor));
}

/** Parses a condition for :IF and :WHILE and checks it is not a bare value. */
export function parseCondition(cursor: TokenCursor): Condition {
  const start = cursor.position;
  const node = parseOr(cursor);
  if (isCondition(node)) return node;
  throw new ScriptSyntaxError(
    `'${cursor.writtenFrom(start)}' is not a condition; compare it with =, <>, <, >, <= or >=`,
    node.span,
  );
}

/** The rest of a variable reference whose token was just read: nothing, or its `[index]`. */
export function parseVariable(cursor: TokenCursor, token: VariableToken): VariableReference {
  const start = cursor.position - 1;
  const open = cursor.accept("lbracket");
  if (open === undefined) return { kind: "variable", name: token.name, span: token.span };
  const index = cursor.nested(open.span, () => parseValue(cursor));
  if (cursor.accept("rbracket") === undefined) {
    throw cursor.errorAtNext((found) => `expected ']' to close the index of ${token.text}, found ${found}`);
  }
  return { kind: "variable", name: token.name, index, span: cursor.spanFrom(start) };
}

function isCondition(node: Parsed): node is Condition {
  return node.kind === "compare" || node.kind === "logical" || node.kind === "not";
}

/** Parses with `parse` and refuses a condition. */
function valueOf(cursor: TokenCursor, parse: () => Parsed): ValueExpression {
  const start = cursor.position;
  return requireValue(cursor, parse(), start);
}

/** Parses with `parse` and refuses a bare value. */
function conditionOf(cursor: TokenCursor, parse: () => Parsed): Condition {
  const start = cursor.position;
  return requireCondition(cursor, parse(), start);
}

/** `node`, read from token `start` up to the cursor, must be a value. */
function requireValue(cursor: TokenCursor, node: Parsed, start: number): ValueExpression {
  if (!isCondition(node)) return node;
  throw new ScriptSyntaxError(`'${cursor.writtenFrom(start)}' is a condition, but a value is needed here`, node.span);
}

/** `node`, read from token `start` up to the cursor, must be a condition (operand of AND, OR, NOT). */
function requireCondition(cursor: TokenCursor, node: Parsed, start: number): Condition {
  if (isCondition(node)) return node;
  const written = cursor.writtenFrom(start);
  throw new ScriptSyntaxError(
    `'${written}' is a value, but AND, OR and NOT need conditions such as ${written} = 1`,
    node.span,
  );
}

function parseOr(cursor: TokenCursor): Parsed {
  return parseLogical(cursor, "OR", () => parseAnd(cursor));
}

function parseAnd(cursor: TokenCursor): Parsed {
  return parseLogical(cursor, "AND", () => parseNot(cursor));
}

function parseLogical(cursor: TokenCursor, operator: "AND" | "OR", operand: () => Parsed): Parsed {
  const start = cursor.position;
  let left = operand();
  while (cursor.peekKeyword(operator)) {
    // Check the left side before taking the operator, so the message quotes only the operand.
    const leftCondition = requireCondition(cursor, left, start);
    cursor.next();
    const right = conditionOf(cursor, operand);
    left = { kind: "logical", operator, left: leftCondition, right, span: cursor.spanFrom(start) };
  }
  return left;
}

function parseNot(cursor: TokenCursor): Parsed {
  const start = cursor.position;
  const not = cursor.accept("keyword", "NOT");
  if (not === undefined) return parseComparison(cursor);
  const operand = cursor.nested(not.span, () => conditionOf(cursor, () => parseNot(cursor)));
  return { kind: "not", operand, span: cursor.spanFrom(start) };
}

function parseComparison(cursor: TokenCursor): Parsed {
  const start = cursor.position;
  const left = parseAdditive(cursor);
  const token = cursor.peek();
  const operator = token?.kind === "operator" ? COMPARISONS.find((candidate) => candidate === token.operator) : undefined;
  if (operator === undefined) return left;
  const leftValue = requireValue(cursor, left, start);
  cursor.next();
  const right = valueOf(cursor, () => parseAdditive(cursor));
  return { kind: "compare", operator, left: leftValue, right, span: cursor.spanFrom(start) };
}

function parseAdditive(cursor: TokenCursor): Parsed {
  return parseArithmetic(cursor, ["+", "-"], () => parseTerm(cursor));
}

function parseTerm(cursor: TokenCursor): Parsed {
  return parseArithmetic(cursor, ["*", "/"], () => parseUnary(cursor));
}

function parseArithmetic(cursor: TokenCursor, operators: readonly ArithmeticOperator[], operand: () => Parsed): Parsed {
  const start = cursor.position;
  let left = operand();
  for (;;) {
    const token = cursor.peek();
    const operator = token?.kind === "operator" ? operators.find((candidate) => candidate === token.operator) : undefined;
    if (token === undefined || operator === undefined) return left;
    const leftValue = requireValue(cursor, left, start);
    cursor.next();
    const right = valueOf(cursor, operand);
    left = { kind: "arithmetic", operator, left: leftValue, right, operatorSpan: token.span, span: cursor.spanFrom(start) };
  }
}

function parseUnary(cursor: TokenCursor): Parsed {
  const start = cursor.position;
  const token = cursor.peek();
  if (token?.kind === "operator" && (token.operator === "-" || token.operator === "+")) {
    cursor.next();
    const operand = cursor.nested(token.span, () => valueOf(cursor, () => parseUnary(cursor)));
    return token.operator === "+" ? operand : { kind: "negate", operand, span: cursor.spanFrom(start) };
  }
  return parsePrimary(cursor);
}

function parsePrimary(cursor: TokenCursor): Parsed {
  const start = cursor.position;
  const token = cursor.next();
  switch (token?.kind) {
    case "number":
      if (!Number.isFinite(token.value)) throw new ScriptSyntaxError(`number '${token.text}' is too large`, token.span);
      return { kind: "number", value: token.value, span: token.span };
    case "string":
      return { kind: "string", value: token.value, span: token.span };
    case "variable":
      return parseVariable(cursor, token);
    case "identifier":
      if (cursor.peek()?.kind === "lparen") return parseCall(cursor, token, start);
      if (SCRIPT_FUNCTIONS.has(token.name)) {
        throw new ScriptSyntaxError(`function ${token.text} needs parentheses: ${token.text}(...)`, token.span);
      }
      // A bare word is text, as in GET_VAR(VARA.SETTINGS, KEY) or ACTIVATE_UC_OBJECT(JOB, WAIT).
      return { kind: "word", text: token.text, span: token.span };
    case "lparen": {
      const inner = cursor.nested(token.span, () => parseOr(cursor));
      if (cursor.accept("rparen") === undefined) {
        throw cursor.errorAtNext((found) => `expected ')' to close the '(' at column ${token.span.column}, found ${found}`);
      }
      return inner;
    }
    default:
      throw new ScriptSyntaxError(`expected a value, found ${describe(token)}`, token?.span ?? cursor.nextSpan());
  }
}

function parseCall(cursor: TokenCursor, nameToken: WordToken, start: number): FunctionCall {
  const fn = SCRIPT_FUNCTIONS.get(nameToken.name);
  if (fn === undefined) throw new ScriptSyntaxError(`unknown function ${nameToken.text}`, nameToken.span);
  const open = cursor.next();
  const args: ValueExpression[] = [];
  if (cursor.accept("rparen") === undefined) {
    cursor.nested(open?.span ?? nameToken.span, () => {
      do {
        args.push(parseValue(cursor));
      } while (cursor.accept("comma") !== undefined);
    });
    if (cursor.accept("rparen") === undefined) {
      throw cursor.errorAtNext((found) => `expected ',' or ')' in the arguments of ${nameToken.text}, found ${found}`);
    }
  }
  if (args.length < fn.minArgs || args.length > fn.maxArgs) {
    throw new ScriptSyntaxError(
      `${nameToken.text} takes ${argumentRange(fn.minArgs, fn.maxArgs)}, found ${args.length}`,
      nameToken.span,
    );
  }
  return { kind: "call", name: nameToken.name, args, span: cursor.spanFrom(start) };
}

function argumentRange(min: number, max: number): string {
  const plural = (count: number) => `${count} argument${count === 1 ? "" : "s"}`;
  if (max === Number.POSITIVE_INFINITY) return `at least ${plural(min)}`;
  if (min === max) return plural(min);
  return `${min} to ${max} arguments`;
}
