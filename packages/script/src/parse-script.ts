import type {
  AssignmentTarget,
  Condition,
  ParsedScript,
  RestartStatement,
  SetStatement,
  Statement,
  StopStatement,
  ValueExpression,
  VariableReference,
  VariableType,
} from "./ast";
import { parseCondition, parseValue, parseVariable } from "./parse-expression";
import { readSourceLines, type SourceUnit } from "./read-source-lines";
import { ScriptSyntaxError } from "./script-syntax-error";
import { describe, TokenCursor } from "./token-cursor";
import type { SourceSpan, WordToken } from "./tokens";

/** Deepest nesting of :IF, :WHILE and :PROCESS blocks. */
export const MAX_BLOCK_DEPTH = 100;
/** Largest array :DEFINE accepts. */
export const MAX_ARRAY_SIZE = 100_000;

const VARIABLE_TYPES: ReadonlyMap<string, VariableType> = new Map([
  ["STRING", "string"], ["UNSIGNED", "unsigned"], ["SIGNED", "signed"], ["FLOAT", "float"],
]);

type BlockKeyword = "IF" | "WHILE" | "PROCESS";
type BlockEnd = "ELSE" | "ENDIF" | "ENDWHILE" | "ENDPROCESS";

const BLOCK_ENDS: Readonly<Record<BlockEnd, BlockKeyword>> = {
  ELSE: "IF", ENDIF: "IF", ENDWHILE: "WHILE", ENDPROCESS: "PROCESS",
};
const CLOSING: Readonly<Record<BlockKeyword, BlockEnd>> = { IF: "ENDIF", WHILE: "ENDWHILE", PROCESS: "ENDPROCESS" };

/** A statement line split into its keyword and the tokens after it. */
interface StatementHead {
  readonly keyword: WordToken;
  readonly name: string;
  readonly cursor: TokenCursor;
  /** The statement from its `:` to the end of its first line. */
  readonly span: SourceSpan;
}

/** A block's statements and the :ELSE or :ENDxxx that ended it (none at the top level). */
interface ParsedBlock {
  readonly statements: Statement[];
  readonly end?: StatementHead;
}

/** An open block, for "has no :ENDIF" and "still open" messages. */
interface Opener {
  readonly keyword: BlockKeyword;
  readonly span: SourceSpan;
}

/**
 * Reads a script into a syntax tree: statements, :IF/:WHILE/:PROCESS blocks matched with their
 * ends, function names and argument counts checked. In `job` mode lines that are neither
 * statements nor comments become Text nodes; in `script` mode they are errors.
 *
 * Throws ScriptSyntaxError at the first problem, with the line and column where it is and a
 * message quoting what was written.
 */
export function parseScript(lines: readonly string[], mode: "script" | "job"): ParsedScript {
  const units = readSourceLines(lines, mode);
  const parser = new BlockParser(units);
  return { mode, statements: parser.parseTopLevel() };
}

class BlockParser {
  private index = 0;

  constructor(private readonly units: readonly SourceUnit[]) {}

  parseTopLevel(): Statement[] {
    // No end is expected at the top, so parseBlock throws on any :ELSE or :ENDxxx here.
    return this.parseBlock(undefined, [], 0).statements;
  }

  /**
   * Statements up to one of `ends` (returned with the head that ended the block). Any other
   * block end, or the end of the script inside a block, is an error naming the open block.
   */
  private parseBlock(
    opener: Opener | undefined,
    ends: readonly BlockEnd[],
    depth: number,
  ): ParsedBlock {
    const statements: Statement[] = [];
    for (let unit = this.units[this.index]; unit !== undefined; unit = this.units[this.index]) {
      this.index += 1;
      if (unit.kind === "text") {
        statements.push({ kind: "text", text: unit.text, span: unit.span });
        continue;
      }
      const head = statementHead(unit);
      const end = blockEnd(head.name);
      if (end !== undefined) {
        if (!ends.includes(end)) throw misplacedEnd(head, end, opener);
        head.cursor.expectEnd(`:${head.keyword.text}`);
        return { statements, end: head };
      }
      statements.push(this.parseStatement(head, depth));
    }
    if (opener !== undefined) {
      throw new ScriptSyntaxError(
        `:${opener.keyword} in line ${opener.span.line} has no :${CLOSING[opener.keyword]}`,
        opener.span,
      );
    }
    return { statements };
  }

  private parseStatement(head: StatementHead, depth: number): Statement {
    const { cursor, span } = head;
    switch (head.name) {
      case "SET":
      case "PSET":
      case "RSET":
        return parseSet(head, head.name);
      case "DEFINE":
        return parseDefine(head);
      case "PRINT": {
        if (cursor.atEnd()) return { kind: "print", span };
        const value = parseValue(cursor);
        cursor.expectEnd("the text to print");
        return { kind: "print", value, span };
      }
      case "INC":
        return { kind: "inc", target: parseTarget(head), span };
      case "PUT_VAR":
        return parsePutVar(head);
      case "STOP":
        return parseStop(head);
      case "EXIT": {
        if (cursor.atEnd()) return { kind: "exit", span };
        const returnCode = parseValue(cursor);
        cursor.expectEnd("the return code");
        return { kind: "exit", returnCode, span };
      }
      case "IF": {
        const condition = parseHeaderCondition(head);
        const opener: Opener = { keyword: "IF", span };
        const then = this.parseNested(opener, ["ELSE", "ENDIF"], depth);
        if (then.end?.name !== "ELSE") return { kind: "if", condition, then: then.statements, span };
        const otherwise = this.parseNested(opener, ["ENDIF"], depth);
        return { kind: "if", condition, then: then.statements, otherwise: otherwise.statements, span };
      }
      case "WHILE": {
        const condition = parseHeaderCondition(head);
        const body = this.parseNested({ keyword: "WHILE", span }, ["ENDWHILE"], depth);
        return { kind: "while", condition, body: body.statements, span };
      }
      case "RESTART":
        if (depth > 0) throw new ScriptSyntaxError(":RESTART sets a restart point of the page and cannot stand inside :IF, :WHILE or :PROCESS", head.keyword.span);
        return parseRestart(head);
      case "PROCESS": {
        const handle = parseHandle(head);
        const body = this.parseNested({ keyword: "PROCESS", span }, ["ENDPROCESS"], depth);
        return { kind: "process", handle, body: body.statements, span };
      }
      default:
        throw new ScriptSyntaxError(`unknown statement :${head.keyword.text}`, head.keyword.span);
    }
  }

  private parseNested(opener: Opener, ends: readonly BlockEnd[], depth: number): ParsedBlock {
    if (depth >= MAX_BLOCK_DEPTH) {
      throw new ScriptSyntaxError(`blocks are nested more than ${MAX_BLOCK_DEPTH} levels deep`, opener.span);
    }
    return this.parseBlock(opener, ends, depth + 1);
  }
}

function statementHead(unit: SourceUnit & { kind: "statement" }): StatementHead {
  const cursor = new TokenCursor(unit.tokens);
  cursor.next(); // the ':' that made the line a statement
  const keyword = cursor.next();
  if (keyword?.kind === "keyword" || keyword?.kind === "identifier") {
    return { keyword, name: keyword.name, cursor, span: unit.span };
  }
  if (keyword === undefined) {
    throw new ScriptSyntaxError("':' must be followed by a statement such as :SET or :PRINT", unit.span);
  }
  throw new ScriptSyntaxError(`expected a statement after ':', found '${keyword.text}'`, keyword.span);
}

function blockEnd(name: string): BlockEnd | undefined {
  return name === "ELSE" || name === "ENDIF" || name === "ENDWHILE" || name === "ENDPROCESS" ? name : undefined;
}

function misplacedEnd(head: StatementHead, end: BlockEnd, opener: Opener | undefined): ScriptSyntaxError {
  const belongsTo = BLOCK_ENDS[end];
  if (opener === undefined) {
    return new ScriptSyntaxError(`:${head.keyword.text} without :${belongsTo}`, head.keyword.span);
  }
  if (end === "ELSE" && opener.keyword === "IF") {
    return new ScriptSyntaxError(`second :ELSE for the :IF in line ${opener.span.line}`, head.keyword.span);
  }
  return new ScriptSyntaxError(
    `:${head.keyword.text} found, but the :${opener.keyword} in line ${opener.span.line} is still open `
      + `(close it with :${CLOSING[opener.keyword]})`,
    head.keyword.span,
  );
}

function parseHeaderCondition(head: StatementHead): Condition {
  if (head.cursor.atEnd()) {
    throw head.cursor.errorAtNext(() => `:${head.keyword.text} needs a condition such as &A# = 1`);
  }
  const condition = parseCondition(head.cursor);
  head.cursor.expectEnd("the condition");
  return condition;
}

/** :SET, :PSET, :RSET `&V# = value`; PSET and RSET pass on whole variables, not elements. */
function parseSet(head: StatementHead, keyword: SetStatement["keyword"]): SetStatement {
  const { cursor } = head;
  const targetStart = cursor.position;
  const target = readTarget(head);
  if (target.index !== undefined && keyword !== "SET") {
    throw new ScriptSyntaxError(`:${head.keyword.text} takes a variable, not an array element`, target.span);
  }
  if (cursor.accept("operator", "=") === undefined) {
    throw cursor.errorAtNext((found) => `expected '=' after ${cursor.writtenFrom(targetStart)}, found ${found}`);
  }
  if (cursor.atEnd()) throw cursor.errorAtNext(() => "expected a value after '=', found the end of the statement");
  const value = parseValue(cursor);
  cursor.expectEnd("the value");
  return { kind: "set", keyword, target, value, span: head.span };
}

/** A target and nothing after it (:INC). */
function parseTarget(head: StatementHead): AssignmentTarget {
  const target = readTarget(head);
  head.cursor.expectEnd(target.name);
  return target;
}

function readTarget(head: StatementHead): AssignmentTarget {
  const { cursor } = head;
  const token = cursor.peek();
  if (token?.kind !== "variable") {
    throw cursor.errorAtNext((found) => `:${head.keyword.text} needs a variable such as &NAME#, found ${found}`);
  }
  cursor.next();
  const reference = parseVariable(cursor, token);
  return reference.index === undefined
    ? { name: reference.name, span: reference.span }
    : { name: reference.name, index: reference.index, span: reference.span };
}

/** :DEFINE &V#, type[, size] */
function parseDefine(head: StatementHead): Statement {
  const { cursor, span } = head;
  const variable = cursor.next();
  if (variable?.kind !== "variable") {
    throw new ScriptSyntaxError(
      `:${head.keyword.text} needs a variable such as &NAME#, found ${describe(variable)}`,
      variable?.span ?? cursor.nextSpan(),
    );
  }
  if (cursor.accept("comma") === undefined) {
    throw cursor.errorAtNext((found) => `expected ',' and a type after ${variable.text}, found ${found}`);
  }
  const typeToken = cursor.next();
  const type = typeToken?.kind === "identifier" ? VARIABLE_TYPES.get(typeToken.name) : undefined;
  if (type === undefined) {
    throw new ScriptSyntaxError(
      `unknown type ${typeToken === undefined ? "(none given)" : `'${typeToken.text}'`}; `
        + "use string, unsigned, signed or float",
      typeToken?.span ?? cursor.nextSpan(),
    );
  }
  if (cursor.accept("comma") === undefined) {
    cursor.expectEnd("the type");
    return { kind: "define", name: variable.name, type, span };
  }
  const sizeToken = cursor.next();
  const size = sizeToken?.kind === "number" ? sizeToken.value : Number.NaN;
  if (!Number.isInteger(size) || size < 1 || size > MAX_ARRAY_SIZE) {
    throw new ScriptSyntaxError(
      `the array size must be a whole number from 1 to ${MAX_ARRAY_SIZE}, found ${describe(sizeToken)}`,
      sizeToken?.span ?? cursor.nextSpan(),
    );
  }
  cursor.expectEnd("the array size");
  return { kind: "define", name: variable.name, type, size, span };
}

/** :PUT_VAR vara, key, value1[, value2 .. value5] */
function parsePutVar(head: StatementHead): Statement {
  const { cursor, span } = head;
  const args = parseArguments(cursor);
  const [vara, key, ...values] = args;
  if (vara === undefined || key === undefined || values.length < 1 || values.length > 5) {
    throw new ScriptSyntaxError(
      `:${head.keyword.text} takes a VARA, a key and 1 to 5 values, found ${args.length} argument${plural(args.length)}`,
      head.keyword.span,
    );
  }
  return { kind: "putVar", vara, key, values, span };
}

/** Longest name of a restart point. */
export const MAX_RESTART_POINT_LENGTH = 8;

/** :RESTART name[, text]; the name is a bare word or number of at most 8 characters. */
function parseRestart(head: StatementHead): RestartStatement {
  const { cursor, span } = head;
  const name = cursor.next();
  const point = name?.kind === "identifier" || name?.kind === "keyword" ? name.name : name?.kind === "number" ? name.text : undefined;
  if (name === undefined || point === undefined) {
    throw new ScriptSyntaxError(`:${head.keyword.text} needs the name of the restart point, found ${describe(name)}`, name?.span ?? cursor.nextSpan());
  }
  if (point.length > MAX_RESTART_POINT_LENGTH) {
    throw new ScriptSyntaxError(`the name of a restart point has at most ${MAX_RESTART_POINT_LENGTH} characters, '${name.text}' has ${point.length}`, name.span);
  }
  if (cursor.accept("comma") === undefined) {
    cursor.expectEnd("the restart point");
    return { kind: "restart", point, span };
  }
  const text = parseValue(cursor);
  cursor.expectEnd("the restart text");
  return { kind: "restart", point, text, span };
}

/**
 * The page as a restart from `point` runs it: the statements before its first restart point, then
 * those from `point` on (the vendor's rule for a page without :GENERATE). Undefined when the page
 * has no restart point of that name (any letter case).
 */
export function restartFrom(script: ParsedScript, point: string): ParsedScript | undefined {
  const { statements } = script;
  const wanted = point.toUpperCase();
  const from = statements.findIndex((statement) => statement.kind === "restart" && statement.point === wanted);
  if (from < 0) return undefined;
  const first = statements.findIndex((statement) => statement.kind === "restart");
  return { mode: script.mode, statements: [...statements.slice(0, first), ...statements.slice(from)] };
}

/** :STOP, :STOP NOMSG or :STOP MSG, number, "text" */
function parseStop(head: StatementHead): StopStatement {
  const { cursor, span } = head;
  if (cursor.atEnd() || cursor.accept("identifier", "NOMSG") !== undefined) {
    cursor.expectEnd("NOMSG");
    return { kind: "stop", span };
  }
  if (cursor.accept("identifier", "MSG") === undefined) {
    throw cursor.errorAtNext((found) => `:${head.keyword.text} takes nothing, NOMSG or MSG, number, "text"; found ${found}`);
  }
  if (cursor.accept("comma") === undefined) {
    throw cursor.errorAtNext((found) => `expected ',' and a number after MSG, found ${found}`);
  }
  const args = parseArguments(cursor);
  const [number, text] = args;
  if (number === undefined || text === undefined || args.length !== 2) {
    throw new ScriptSyntaxError(
      `:${head.keyword.text} MSG takes a number and a text, found ${args.length} value${plural(args.length)}`,
      head.keyword.span,
    );
  }
  return { kind: "stop", message: { number, text }, span };
}

/** :PROCESS &h# — the handle must be a plain variable. */
function parseHandle(head: StatementHead): VariableReference {
  const { cursor } = head;
  const token = cursor.next();
  if (token?.kind !== "variable") {
    throw new ScriptSyntaxError(
      `:${head.keyword.text} needs the variable holding PREP_PROCESS_VAR's handle, found ${describe(token)}`,
      token?.span ?? cursor.nextSpan(),
    );
  }
  cursor.expectEnd(token.text);
  return { kind: "variable", name: token.name, span: token.span };
}

/** Comma-separated values up to the end of the statement. */
function parseArguments(cursor: TokenCursor): ValueExpression[] {
  const args: ValueExpression[] = [];
  if (cursor.atEnd()) return args;
  do {
    args.push(parseValue(cursor));
  } while (cursor.accept("comma") !== undefined);
  cursor.expectEnd("the arguments");
  return args;
}

function plural(count: number): string {
  return count === 1 ? "" : "s";
}
