import { StreamLanguage, type StreamParser, type StringStream } from "@codemirror/language";
import { highlightingByClass } from "./code-editor";

/** The functions of the language (highlighted even before their `(` is typed). */
const FUNCTIONS = new Set([
  "ACTIVATE_UC_OBJECT",
  "ADD_DAYS",
  "CANCEL_UC_OBJECT",
  "FORMAT",
  "GET_PROCESS_LINE",
  "GET_UC_OBJECT_STATUS",
  "GET_VAR",
  "PREP_PROCESS_VAR",
  "STR_CAT",
  "STR_FIND",
  "STR_LC",
  "STR_LENGTH",
  "STR_SUB",
  "STR_SUBSTITUTE",
  "STR_TRIM",
  "STR_UC",
  "SYS_DATE",
  "SYS_LDATE",
  "SYS_LTIME",
  "SYS_TIME",
]);

const LOGICAL_WORDS = new Set(["AND", "OR", "NOT"]);

/** `&NAME#`: 1–31 name characters, not starting with a digit or `$`, closed by `#`. */
const VARIABLE = /^&[A-Za-z_@§][A-Za-z0-9$_@§]{0,30}#/;
const STATEMENT = /^:\s*[A-Za-z_]+/;
const WORD = /^[A-Za-z_$@§][A-Za-z0-9_$@§#.]*/;
const NUMBER = /^\d+(?:\.\d+)?/;
const OPERATOR = /^(?:<>|<=|>=|[=<>+\-*/])/;

/**
 * Token styles, named after highlighting tags so that the stream parser attaches those tags
 * (`variableName.special` is the tag `special(variableName)`).
 */
const ScriptToken = {
  statement: "keyword",
  comment: "comment",
  string: "string",
  number: "number",
  variable: "variableName.special",
  function: "variableName.function",
  operator: "operator",
  logical: "operatorKeyword",
} as const;
type ScriptTokenStyle = (typeof ScriptToken)[keyof typeof ScriptToken];

interface ScriptTokenState {
  /** `start` before the line's first token; `statement` on a `:` line; `text` on any other line. */
  line: "start" | "statement" | "text";
  /** The open quote while inside a string. */
  quote: '"' | "'" | null;
}

/** Inside a string: text up to the closing quote (doubled quotes stay inside) or up to a variable, which is substituted. */
function stringPart(stream: StringStream, state: ScriptTokenState): ScriptTokenStyle {
  if (stream.match(VARIABLE)) return ScriptToken.variable;
  while (!stream.eol()) {
    if (stream.match(VARIABLE, false)) return ScriptToken.string;
    const ch = stream.next();
    if (ch === state.quote) {
      if (stream.peek() === state.quote) {
        stream.next();
        continue;
      }
      state.quote = null;
      return ScriptToken.string;
    }
  }
  return ScriptToken.string;
}

/** A line-oriented tokenizer: `!` comment lines, `:STATEMENT` lines, and text lines where only variables stand out. */
export const scriptParser: StreamParser<ScriptTokenState> = {
  name: "baton-script",
  startState: () => ({ line: "start", quote: null }),
  copyState: (state) => ({ ...state }),
  token(stream, state) {
    if (stream.sol()) {
      state.line = "start";
      state.quote = null;
    }
    if (state.quote !== null) return stringPart(stream, state);
    if (stream.eatSpace()) return null;
    if (state.line === "start") {
      if (stream.peek() === "!") {
        stream.skipToEnd();
        return ScriptToken.comment;
      }
      if (stream.match(STATEMENT)) {
        state.line = "statement";
        return ScriptToken.statement;
      }
      state.line = "text";
    }
    if (stream.match(VARIABLE)) return ScriptToken.variable;
    if (state.line === "text") {
      stream.next();
      while (!stream.eol() && stream.peek() !== "&") stream.next();
      return null;
    }
    const ch = stream.peek();
    if (ch === '"' || ch === "'") {
      stream.next();
      state.quote = ch;
      return ScriptToken.string;
    }
    if (stream.match(NUMBER)) return ScriptToken.number;
    const word = stream.match(WORD);
    if (word !== null && typeof word === "object") {
      const name = word[0].toUpperCase();
      if (LOGICAL_WORDS.has(name)) return ScriptToken.logical;
      if (FUNCTIONS.has(name) || stream.match(/^\s*\(/, false)) return ScriptToken.function;
      return null;
    }
    if (stream.match(OPERATOR)) return ScriptToken.operator;
    stream.next();
    return null;
  },
  languageData: { commentTokens: { line: "!" } },
};

export const scriptLanguage = StreamLanguage.define(scriptParser);

/** CSS class of each highlighting tag the parser produces, keyed by the tag's name. */
const CLASS_BY_TAG: Readonly<Record<string, string>> = {
  keyword: "cm-script-statement",
  comment: "cm-script-comment",
  string: "cm-script-string",
  number: "cm-script-number",
  "special(variableName)": "cm-script-variable",
  "function(variableName)": "cm-script-function",
  operator: "cm-script-operator",
  operatorKeyword: "cm-script-logical",
};

/** The parser's tokens as the classes script-editor-theme colours. */
export const scriptHighlighting = highlightingByClass(CLASS_BY_TAG);
