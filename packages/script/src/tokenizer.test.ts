import { describe, expect, it } from "vitest";
import { ScriptSyntaxError } from "./script-syntax-error";
import { tokenizeLine } from "./tokenizer";
import type { Token } from "./tokens";

/** kind, text and column of each token: enough to read a table at a glance. */
function brief(tokens: Token[]): Array<[string, string, number]> {
  return tokens.map((token) => [token.kind, token.text, token.span.column]);
}

describe("tokenizeLine", () => {
  it.each<[string, Array<[string, string, number]>]>([
    [":SET &X# = 1", [["colon", ":", 1], ["keyword", "SET", 2], ["variable", "&X#", 6], ["operator", "=", 10], ["number", "1", 12]]],
    ['  :print "hi"', [["colon", ":", 3], ["keyword", "print", 4], ["string", '"hi"', 10]]],
    [
      ":SET &R# = STR_CAT(&A#, 'x')",
      [
        ["colon", ":", 1], ["keyword", "SET", 2], ["variable", "&R#", 6], ["operator", "=", 10],
        ["identifier", "STR_CAT", 12], ["lparen", "(", 19], ["variable", "&A#", 20], ["comma", ",", 23],
        ["string", "'x'", 25], ["rparen", ")", 28],
      ],
    ],
    [
      ":IF &A# <> 1 AND NOT &B# >= 2.5",
      [
        ["colon", ":", 1], ["keyword", "IF", 2], ["variable", "&A#", 5], ["operator", "<>", 9], ["number", "1", 12],
        ["keyword", "AND", 14], ["keyword", "NOT", 18], ["variable", "&B#", 22], ["operator", ">=", 26],
        ["number", "2.5", 29],
      ],
    ],
    [
      ":SET &N# = (1+2)*3/4-5",
      [
        ["colon", ":", 1], ["keyword", "SET", 2], ["variable", "&N#", 6], ["operator", "=", 10], ["lparen", "(", 12],
        ["number", "1", 13], ["operator", "+", 14], ["number", "2", 15], ["rparen", ")", 16], ["operator", "*", 17],
        ["number", "3", 18], ["operator", "/", 19], ["number", "4", 20], ["operator", "-", 21], ["number", "5", 22],
      ],
    ],
    [":IF 1<2 OR 3>4 OR 5<=6", [
      ["colon", ":", 1], ["keyword", "IF", 2], ["number", "1", 5], ["operator", "<", 6], ["number", "2", 7],
      ["keyword", "OR", 9], ["number", "3", 12], ["operator", ">", 13], ["number", "4", 14], ["keyword", "OR", 16],
      ["number", "5", 19], ["operator", "<=", 20], ["number", "6", 22],
    ]],
    [':PRINT STR_CAT("a", _', [
      ["colon", ":", 1], ["keyword", "PRINT", 2], ["identifier", "STR_CAT", 8], ["lparen", "(", 15],
      ["string", '"a"', 16], ["comma", ",", 19], ["continuation", "_", 21],
    ]],
    [":PUT_VAR VARA.SETTINGS, key, value\r", [
      ["colon", ":", 1], ["keyword", "PUT_VAR", 2], ["identifier", "VARA.SETTINGS", 10], ["comma", ",", 23],
      ["identifier", "key", 25], ["comma", ",", 28], ["identifier", "value", 30],
    ]],
    [":SET &_$@§9# = FOO_", [
      ["colon", ":", 1], ["keyword", "SET", 2], ["variable", "&_$@§9#", 6], ["operator", "=", 14], ["identifier", "FOO_", 16],
    ]],
    [":INC &A#[&I# + 1]", [
      ["colon", ":", 1], ["keyword", "INC", 2], ["variable", "&A#", 6], ["lbracket", "[", 9], ["variable", "&I#", 10],
      ["operator", "+", 14], ["number", "1", 16], ["rbracket", "]", 17],
    ]],
    ["", []],
  ])("%j", (line, expected) => {
    expect(brief(tokenizeLine(line, 1))).toEqual(expected);
  });

  it("puts the line number and length in every span", () => {
    const tokens = tokenizeLine(':SET &LONGER_NAME# = "a b"', 17);

    expect(tokens.map((token) => token.span)).toEqual([
      { line: 17, column: 1, length: 1 },
      { line: 17, column: 2, length: 3 },
      { line: 17, column: 6, length: 13 },
      { line: 17, column: 20, length: 1 },
      { line: 17, column: 22, length: 5 },
    ]);
  });

  it.each<[string, string]>([
    ['"plain"', "plain"],
    ['"say ""hi"""', 'say "hi"'],
    ["'it''s'", "it's"],
    ["'mixed \"quotes\"'", 'mixed "quotes"'],
    ['""', ""],
    ['"é€😀 &X#"', "é€😀 &X#"],
  ])("reads the string %s as %j", (literal, value) => {
    expect(tokenizeLine(`:PRINT ${literal}`, 1)[2]).toEqual({
      kind: "string",
      text: literal,
      value,
      span: { line: 1, column: 8, length: literal.length },
    });
  });

  it("gives names in upper case and values already converted", () => {
    const [, keyword, variable, , identifier, , number] = tokenizeLine(":set &target# = str_cat(12.50", 1);

    expect(keyword).toMatchObject({ kind: "keyword", name: "SET", text: "set" });
    expect(variable).toMatchObject({ kind: "variable", name: "&TARGET#", text: "&target#" });
    expect(identifier).toMatchObject({ kind: "identifier", name: "STR_CAT", text: "str_cat" });
    expect(number).toMatchObject({ kind: "number", value: 12.5, text: "12.50" });
  });

  it("accepts a variable name of exactly 32 characters after &", () => {
    const name = `&${"A".repeat(31)}#`;

    expect(tokenizeLine(`:INC ${name}`, 1)[2]).toMatchObject({ kind: "variable", text: name });
  });

  it.each<[string, string, number, number]>([
    [':PRINT "abc', 'unterminated string "abc (no closing ")', 8, 4],
    [":PRINT 'it''s", "unterminated string 'it''s (no closing ')", 8, 6],
    [":SET &X# = 1 ; 2", "unexpected character ';'", 14, 1],
    [":SET &X# = 😀", "unexpected character '😀'", 12, 2],
    [`:SET &${"B".repeat(32)}# = 1`, `variable name '&${"B".repeat(32)}#' is longer than 32 characters`, 6, 34],
    [":SET &1X# = 1", "variable name '&1X#' must not start with a digit or '$'", 6, 4],
    [":SET &$X# = 1", "variable name '&$X#' must not start with a digit or '$'", 6, 4],
    [":SET &ABC = 1", "variable '&ABC' must end with '#'", 6, 4],
    [":SET &AB-C# = 1", "variable '&AB' must end with '#', found '-'", 6, 3],
    [":SET & = 1", "'&' must start a variable name like &NAME#", 6, 1],
    [":SET &# = 1", "variable '&#' has no name", 6, 2],
    [":SET &X# = 12AB", "malformed number '12AB'", 12, 4],
    [":SET &X# = 1.2.3", "malformed number '1.2.3'", 12, 5],
    [':PRINT "a" _ "b"', "'_' continues a statement only at the end of a line", 12, 1],
  ])("rejects %j", (line, message, column, length) => {
    const error = catchSyntaxError(() => tokenizeLine(line, 4));

    expect(error.message).toBe(message);
    expect({ line: error.line, column: error.column, length: error.length }).toEqual({ line: 4, column, length });
  });

  it("rejects a statement longer than 1024 characters", () => {
    const line = `:PRINT "${"x".repeat(1100)}"`;

    const error = catchSyntaxError(() => tokenizeLine(line, 2));

    expect(error.message).toBe("statement is 1109 characters long; at most 1024 are allowed");
    expect(error.column).toBe(1025);
  });
});

function catchSyntaxError(action: () => unknown): ScriptSyntaxError {
  try {
    action();
  } catch (error) {
    if (error instanceof ScriptSyntaxError) return error;
    throw error;
  }
  throw new Error("expected a ScriptSyntaxError");
}
