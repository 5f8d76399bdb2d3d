import { describe, expect, it } from "vitest";
import { StringStream } from "@codemirror/language";
import { scriptParser } from "./script-language";

/** The tokens of each line as [text, style] pairs, whitespace left out. */
function tokenize(...lines: string[]): Array<Array<[string, string | null]>> {
  const state = scriptParser.startState?.(2) ?? { line: "start", quote: null };
  return lines.map((line) => {
    const stream = new StringStream(line, 4, 2);
    const tokens: Array<[string, string | null]> = [];
    while (!stream.eol()) {
      stream.start = stream.pos;
      const style = scriptParser.token(stream, state);
      const text = stream.current();
      if (text.trim() !== "") tokens.push([text, style]);
    }
    return tokens;
  });
}

describe("script highlighting", () => {
  it("tells statements, variables, operators and numbers apart", () => {
    expect(tokenize(":SET &N# = 2 + 3.5")).toEqual([
      [
        [":SET", "keyword"],
        ["&N#", "variableName.special"],
        ["=", "operator"],
        ["2", "number"],
        ["+", "operator"],
        ["3.5", "number"],
      ],
    ]);
  });

  it("marks variables inside strings and keeps doubled quotes in the string", () => {
    expect(tokenize(`:PRINT "sum is &N#!"`, ":PRINT 'it''s'")).toEqual([
      [
        [":PRINT", "keyword"],
        ['"', "string"],
        ["sum is ", "string"],
        ["&N#", "variableName.special"],
        ['!"', "string"],
      ],
      [
        [":PRINT", "keyword"],
        ["'", "string"],
        ["it''s'", "string"],
      ],
    ]);
  });

  it("knows functions by name or by their parenthesis, and logical words", () => {
    expect(tokenize(":IF STR_LENGTH(&A#) > 0 AND MY_FN (1) = 1 OR GET_VAR")).toEqual([
      [
        [":IF", "keyword"],
        ["STR_LENGTH", "variableName.function"],
        ["(", null],
        ["&A#", "variableName.special"],
        [")", null],
        [">", "operator"],
        ["0", "number"],
        ["AND", "operatorKeyword"],
        ["MY_FN", "variableName.function"],
        ["(", null],
        ["1", "number"],
        [")", null],
        ["=", "operator"],
        ["1", "number"],
        ["OR", "operatorKeyword"],
        ["GET_VAR", "variableName.function"],
      ],
    ]);
  });

  it("reads comment lines whole and an unterminated string only to the end of its line", () => {
    expect(tokenize("  ! :SET &X# = 1", ':PRINT "open', ":EXIT 0")).toEqual([
      [["! :SET &X# = 1", "comment"]],
      [
        [":PRINT", "keyword"],
        ['"', "string"],
        ["open", "string"],
      ],
      [
        [":EXIT", "keyword"],
        ["0", "number"],
      ],
    ]);
  });

  it("leaves other lines plain except for their variables", () => {
    expect(tokenize("echo &FILE# done")).toEqual([
      [
        ["echo ", null],
        ["&FILE#", "variableName.special"],
        ["done", null],
      ],
    ]);
  });
});
