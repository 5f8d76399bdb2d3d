import { ScriptSyntaxError } from "./script-syntax-error";
import type { Operator, SourceSpan, Token } from "./tokens";
import { isVariableNameCharacter, MAX_VARIABLE_NAME_LENGTH, variableKey } from "./variable-name";

/** Longest statement line, in characters. */
export const MAX_STATEMENT_LENGTH = 1024;

const KEYWORDS: ReadonlySet<string> = new Set([
  "SET", "DEFINE", "PRINT", "IF", "ELSE", "ENDIF", "WHILE", "ENDWHILE", "INC", "PSET", "RSET",
  "PUT_VAR", "PROCESS", "ENDPROCESS", "STOP", "EXIT", "AND", "OR", "NOT",
]);

const PUNCTUATION = {
  ":": "colon", ",": "comma", "(": "lparen", ")": "rparen", "[": "lbracket", "]": "rbracket",
} as const;

// Two-character operators first, so "<=" is not read as "<" then "=".
const OPERATORS: readonly Operator[] = ["<>", "<=", ">=", "=", "<", ">", "+", "-", "*", "/"];

const WHITESPACE = /[ \t\r]+/y;
const NUMBER = /\d+(?:\.\d+)?/y;
const WORD = /[A-Za-z_][A-Za-z0-9_.$@#]*/y;
// What a number runs into when it is really a malformed word like 12AB or 1.2.3.
const WORD_TAIL = /[A-Za-z0-9_.$@#]+/y;

/**
 * Splits one statement line (`:SET &X# = 1`) into tokens with 1-based source spans.
 *
 * Words are keywords when they name a statement or are AND/OR/NOT, identifiers otherwise; the
 * parser decides what an identifier means. A `_` standing alone at the end of the line is a
 * continuation. Throws ScriptSyntaxError on anything that is not a token.
 */
export function tokenizeLine(line: string, lineNumber: number): Token[] {
  const at = (column: number, length: number): SourceSpan => ({ line: lineNumber, column, length });
  const statementLength = line.trimEnd().length;
  if (statementLength > MAX_STATEMENT_LENGTH) {
    throw new ScriptSyntaxError(
      `statement is ${statementLength} characters long; at most ${MAX_STATEMENT_LENGTH} are allowed`,
      at(MAX_STATEMENT_LENGTH + 1, statementLength - MAX_STATEMENT_LENGTH),
    );
  }

  const tokens: Token[] = [];
  let index = 0;
  while (index < line.length) {
    const start = index;
    const char = line.charAt(index);
    const whitespace = matchAt(WHITESPACE, line, index);
    if (whitespace !== undefined) {
      index += whitespace.length;
      continue;
    }

    if (char === ":" || char === "," || char === "(" || char === ")" || char === "[" || char === "]") {
      tokens.push({ kind: PUNCTUATION[char], text: char, span: at(start + 1, 1) });
      index += 1;
      continue;
    }

    const operator = OPERATORS.find((candidate) => line.startsWith(candidate, index));
    if (operator !== undefined) {
      tokens.push({ kind: "operator", operator, text: operator, span: at(start + 1, operator.length) });
      index += operator.length;
      continue;
    }

    if (char === '"' || char === "'") {
      const { text, value } = readString(line, index, at);
      tokens.push({ kind: "string", value, text, span: at(start + 1, text.length) });
      index += text.length;
      continue;
    }

    if (char === "&") {
      const text = readVariable(line, index, at);
      tokens.push({ kind: "variable", name: variableKey(text.slice(1, -1)), text, span: at(start + 1, text.length) });
      index += text.length;
      continue;
    }

    const number = matchAt(NUMBER, line, index);
    if (number !== undefined) {
      const tail = matchAt(WORD_TAIL, line, index + number.length);
      if (tail !== undefined) {
        const written = number + tail;
        throw new ScriptSyntaxError(`malformed number '${written}'`, at(start + 1, written.length));
      }
      tokens.push({ kind: "number", value: Number(number), text: number, span: at(start + 1, number.length) });
      index += number.length;
      continue;
    }

    const word = matchAt(WORD, line, index);
    if (word !== undefined) {
      index += word.length;
      if (word === "_") {
        if (line.slice(index).trim() !== "") {
          throw new ScriptSyntaxError("'_' continues a statement only at the end of a line", at(start + 1, 1));
        }
        tokens.push({ kind: "continuation", text: word, span: at(start + 1, 1) });
        continue;
      }
      const name = word.toUpperCase();
      tokens.push({ kind: KEYWORDS.has(name) ? "keyword" : "identifier", name, text: word, span: at(start + 1, word.length) });
      continue;
    }

    // Quote a whole code point, so an emoji is not shown as half a surrogate pair.
    const written = String.fromCodePoint(line.codePointAt(index) ?? 0);
    throw new ScriptSyntaxError(`unexpected character '${written}'`, at(start + 1, written.length));
  }
  return tokens;
}

function matchAt(pattern: RegExp, line: string, index: number): string | undefined {
  pattern.lastIndex = index;
  return pattern.exec(line)?.[0];
}

/** Reads a quoted string starting at `start`; a doubled quote stands for one quote. */
function readString(
  line: string,
  start: number,
  at: (column: number, length: number) => SourceSpan,
): { text: string; value: string } {
  const quote = line.charAt(start);
  let value = "";
  let index = start + 1;
  while (index < line.length) {
    const char = line.charAt(index);
    if (char !== quote) {
      value += char;
      index += 1;
    } else if (line.charAt(index + 1) === quote) {
      value += quote;
      index += 2;
    } else {
      return { text: line.slice(start, index + 1), value };
    }
  }
  const written = line.slice(start).trimEnd();
  throw new ScriptSyntaxError(`unterminated string ${written} (no closing ${quote})`, at(start + 1, written.length));
}

/** Reads `&NAME#` starting at `start` and returns it as written. */
function readVariable(line: string, start: number, at: (column: number, length: number) => SourceSpan): string {
  let index = start + 1;
  while (isVariableNameCharacter(line.charAt(index))) index += 1;
  const hasHash = line.charAt(index) === "#";
  const written = line.slice(start, hasHash ? index + 1 : index);
  const span = at(start + 1, written.length);
  const name = line.slice(start + 1, index);

  if (name === "") {
    throw new ScriptSyntaxError(
      hasHash ? `variable '${written}' has no name` : "'&' must start a variable name like &NAME#",
      span,
    );
  }
  if (/^[0-9$]/.test(name)) {
    throw new ScriptSyntaxError(`variable name '${written}' must not start with a digit or '$'`, span);
  }
  if (written.length - 1 > MAX_VARIABLE_NAME_LENGTH) {
    throw new ScriptSyntaxError(
      `variable name '${written}' is longer than ${MAX_VARIABLE_NAME_LENGTH} characters`,
      span,
    );
  }
  if (!hasHash) {
    const next = line.charAt(index);
    const found = next === "" || next === " " ? "" : `, found '${String.fromCodePoint(line.codePointAt(index) ?? 0)}'`;
    throw new ScriptSyntaxError(`variable '${written}' must end with '#'${found}`, span);
  }
  return written;
}
