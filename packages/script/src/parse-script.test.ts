import { describe, expect, it } from "vitest";
import { parseScript } from "./parse-script";
import { ScriptSyntaxError } from "./script-syntax-error";

describe("parseScript", () => {
  it("builds statements with spans, blocks nested and continuation lines joined", () => {
    const script = parseScript(
      [
        "! a comment",
        ":SET &N# = 1 + 2 * &M#",
        "",
        ":IF &N# > 1 AND NOT &M# = 'x'",
        ":  PRINT STR_CAT('a', _",
        ":                &N#)",
        ":ELSE",
        ":  EXIT 3",
        ":ENDIF",
      ],
      "script",
    );

    expect(script).toEqual({
      mode: "script",
      statements: [
        {
          kind: "set",
          keyword: "SET",
          target: { name: "&N#", span: { line: 2, column: 6, length: 3 } },
          value: {
            kind: "arithmetic",
            operator: "+",
            left: { kind: "number", value: 1, span: { line: 2, column: 12, length: 1 } },
            right: {
              kind: "arithmetic",
              operator: "*",
              left: { kind: "number", value: 2, span: { line: 2, column: 16, length: 1 } },
              right: { kind: "variable", name: "&M#", span: { line: 2, column: 20, length: 3 } },
              operatorSpan: { line: 2, column: 18, length: 1 },
              span: { line: 2, column: 16, length: 7 },
            },
            operatorSpan: { line: 2, column: 14, length: 1 },
            span: { line: 2, column: 12, length: 11 },
          },
          span: { line: 2, column: 1, length: 22 },
        },
        {
          kind: "if",
          condition: {
            kind: "logical",
            operator: "AND",
            left: {
              kind: "compare",
              operator: ">",
              left: { kind: "variable", name: "&N#", span: { line: 4, column: 5, length: 3 } },
              right: { kind: "number", value: 1, span: { line: 4, column: 11, length: 1 } },
              span: { line: 4, column: 5, length: 7 },
            },
            right: {
              kind: "not",
              operand: {
                kind: "compare",
                operator: "=",
                left: { kind: "variable", name: "&M#", span: { line: 4, column: 21, length: 3 } },
                right: { kind: "string", value: "x", span: { line: 4, column: 27, length: 3 } },
                span: { line: 4, column: 21, length: 9 },
              },
              span: { line: 4, column: 17, length: 13 },
            },
            span: { line: 4, column: 5, length: 25 },
          },
          then: [
            {
              kind: "print",
              value: {
                kind: "call",
                name: "STR_CAT",
                args: [
                  { kind: "string", value: "a", span: { line: 5, column: 18, length: 3 } },
                  { kind: "variable", name: "&N#", span: { line: 6, column: 18, length: 3 } },
                ],
                // The call continues on line 6, so its span stops at its first token.
                span: { line: 5, column: 10, length: 7 },
              },
              span: { line: 5, column: 1, length: 23 },
            },
          ],
          otherwise: [
            {
              kind: "exit",
              returnCode: { kind: "number", value: 3, span: { line: 8, column: 9, length: 1 } },
              span: { line: 8, column: 1, length: 9 },
            },
          ],
          span: { line: 4, column: 1, length: 29 },
        },
      ],
    });
  });

  it.each<[string, string, unknown]>([
    [":DEFINE &a#, Unsigned, 3", "define", { name: "&A#", type: "unsigned", size: 3 }],
    [":DEFINE &S#, STRING", "define", { name: "&S#", type: "string" }],
    [":PSET &P# = 1", "set", { keyword: "PSET" }],
    [":RSET &P# = 1", "set", { keyword: "RSET" }],
    [":SET &A#[&I# + 1] = 1", "set", { target: { name: "&A#", index: { kind: "arithmetic" } } }],
    [":INC &I#", "inc", { target: { name: "&I#" } }],
    [":PRINT", "print", {}],
    [":PUT_VAR VARA.X, key, 'a', 'b'", "putVar", { vara: { kind: "word", text: "VARA.X" }, key: { kind: "word", text: "key" } }],
    [":STOP", "stop", {}],
    [":STOP NOMSG", "stop", {}],
    [":STOP MSG, 50, 'halt'", "stop", { message: { number: { value: 50 }, text: { value: "halt" } } }],
    [":EXIT", "exit", {}],
    [":print -&X# + +2", "print", { value: { kind: "arithmetic", left: { kind: "negate" }, right: { kind: "number" } } }],
    [":PRINT sys_date()", "print", { value: { kind: "call", name: "SYS_DATE", args: [] } }],
  ])("reads %j as a %s statement", (line, kind, shape) => {
    const [statement] = parseScript([line], "script").statements;

    expect(statement).toMatchObject({ kind, ...(shape as object) });
  });

  it("reads a :PROCESS block with its handle", () => {
    const script = parseScript([":SET &H# = PREP_PROCESS_VAR(V)", ":PROCESS &H#", ":PRINT GET_PROCESS_LINE(&H#, 1)", ":ENDPROCESS"], "script");

    expect(script.statements[1]).toMatchObject({
      kind: "process",
      handle: { kind: "variable", name: "&H#" },
      body: [{ kind: "print", value: { kind: "call", name: "GET_PROCESS_LINE" } }],
    });
  });

  it("keeps shell lines in job mode as text nodes with their positions", () => {
    const script = parseScript(["  echo &X#", ":IF 1 = 1", "ls", ":ENDIF", "", "! gone"], "job");

    expect(script.statements).toMatchObject([
      { kind: "text", text: "  echo &X#", span: { line: 1, column: 3, length: 8 } },
      { kind: "if", then: [{ kind: "text", text: "ls", span: { line: 3, column: 1 } }] },
    ]);
  });

  it("ignores comments and blank lines", () => {
    expect(parseScript(["", "   ", "! only a comment", "  !another"], "script").statements).toEqual([]);
  });

  const deepParens = `:SET &X# = ${"(".repeat(101)}1${")".repeat(101)}`;
  const deepIfs = [...Array.from({ length: 101 }, () => ":IF 1 = 1"), ...Array.from({ length: 101 }, () => ":ENDIF")];

  it.each<[string, readonly string[], string, number, number]>([
    ["text in script mode", ["echo hi"], "line 1 is not a statement: echo hi", 1, 1],
    ["indented text in script mode", [":PRINT 1", "   ls -l  "], "line 2 is not a statement: ls -l", 2, 4],
    ["long text in script mode", [`x${"y".repeat(80)}`], `line 1 is not a statement: x${"y".repeat(56)}...`, 1, 1],
    ["unknown statement", [":FOO 1"], "unknown statement :FOO", 1, 2],
    ["logical word as statement", [":and"], "unknown statement :and", 1, 2],
    ["lone colon", ["  :"], "':' must be followed by a statement such as :SET or :PRINT", 1, 3],
    ["variable after colon", [": &X# = 1"], "expected a statement after ':', found '&X#'", 1, 3],
    ["unknown function", [":SET &X# = FOO(1)"], "unknown function FOO", 1, 12],
    ["too few arguments", [":PRINT str_sub('a')"], "str_sub takes 2 to 3 arguments, found 1", 1, 8],
    ["too many arguments", [":PRINT STR_UC('a', 'b')"], "STR_UC takes 1 argument, found 2", 1, 8],
    ["STR_CAT of one", [":PRINT STR_CAT('a')"], "STR_CAT takes at least 2 arguments, found 1", 1, 8],
    ["no arguments where needed", [":PRINT STR_LENGTH()"], "STR_LENGTH takes 1 argument, found 0", 1, 8],
    ["function without parentheses", [":PRINT SYS_DATE"], "function SYS_DATE needs parentheses: SYS_DATE(...)", 1, 8],
    ["unclosed argument list", [":PRINT STR_UC('a'"], "expected ',' or ')' in the arguments of STR_UC, found the end of the statement", 1, 18],
    ["SET without variable", [":SET X = 1"], ":SET needs a variable such as &NAME#, found 'X'", 1, 6],
    ["SET without =", [":SET &X# 1"], "expected '=' after &X#, found '1'", 1, 10],
    ["SET element without =", [":SET &A#[1] 1"], "expected '=' after &A#[1], found '1'", 1, 13],
    ["SET without value", [":SET &X# ="], "expected a value after '=', found the end of the statement", 1, 11],
    ["two values", [":SET &X# = 1 2"], "unexpected '2' after the value", 1, 14],
    ["unclosed parenthesis", [":SET &X# = (1 + 2"], "expected ')' to close the '(' at column 12, found the end of the statement", 1, 18],
    ["unclosed index", [":SET &A#[1 2"], "expected ']' to close the index of &A#, found '2'", 1, 12],
    ["condition as value", [":SET &X# = 1 = 2"], "'1 = 2' is a condition, but a value is needed here", 1, 12],
    ["condition in arithmetic", [":PRINT (1 = 1) + 1"], "'(1 = 1)' is a condition, but a value is needed here", 1, 9],
    ["value as condition", [":IF &X#", ":ENDIF"], "'&X#' is not a condition; compare it with =, <>, <, >, <= or >=", 1, 5],
    ["IF without condition", [":IF", ":ENDIF"], ":IF needs a condition such as &A# = 1", 1, 4],
    ["value after AND", [":IF &A# = 1 AND &B#", ":ENDIF"], "'&B#' is a value, but AND, OR and NOT need conditions such as &B# = 1", 1, 17],
    ["value before OR", [":WHILE &B# OR &A# = 1", ":ENDWHILE"], "'&B#' is a value, but AND, OR and NOT need conditions such as &B# = 1", 1, 8],
    ["value after NOT", [":IF NOT 1", ":ENDIF"], "'1' is a value, but AND, OR and NOT need conditions such as 1 = 1", 1, 9],
    ["chained comparison", [":IF 1 < 2 < 3", ":ENDIF"], "unexpected '<' after the condition", 1, 11],
    ["comma as value", [":PRINT ,"], "expected a value, found ','", 1, 8],
    ["keyword as value", [":PRINT IF"], "expected a value, found 'IF'", 1, 8],
    ["huge number", [`:PRINT ${"9".repeat(400)}`], `number '${"9".repeat(400)}' is too large`, 1, 8],
    ["IF without ENDIF", [":IF 1 = 1", ":PRINT 1"], ":IF in line 1 has no :ENDIF", 1, 1],
    ["WHILE without ENDWHILE", [":PRINT 1", "  :WHILE 1 = 1"], ":WHILE in line 2 has no :ENDWHILE", 2, 3],
    ["PROCESS without ENDPROCESS", [":PROCESS &H#"], ":PROCESS in line 1 has no :ENDPROCESS", 1, 1],
    ["ENDIF without IF", [":endif"], ":endif without :IF", 1, 2],
    ["ELSE without IF", [":ELSE"], ":ELSE without :IF", 1, 2],
    ["ENDWHILE without WHILE", [":ENDWHILE"], ":ENDWHILE without :WHILE", 1, 2],
    ["ENDPROCESS without PROCESS", [":ENDPROCESS"], ":ENDPROCESS without :PROCESS", 1, 2],
    ["second ELSE", [":IF 1 = 1", ":ELSE", ":ELSE", ":ENDIF"], "second :ELSE for the :IF in line 1", 3, 2],
    ["ENDIF closing a WHILE", [":WHILE 1 = 1", ":ENDIF"], ":ENDIF found, but the :WHILE in line 1 is still open (close it with :ENDWHILE)", 2, 2],
    ["ELSE inside WHILE", [":IF 1 = 1", ":WHILE 1 = 1", ":ELSE"], ":ELSE found, but the :WHILE in line 2 is still open (close it with :ENDWHILE)", 3, 2],
    ["words after ENDIF", [":IF 1 = 1", ":ENDIF now"], "unexpected 'now' after :ENDIF", 2, 8],
    ["DEFINE with unknown type", [":DEFINE &X#, text"], "unknown type 'text'; use string, unsigned, signed or float", 1, 14],
    ["DEFINE without type", [":DEFINE &X#"], "expected ',' and a type after &X#, found the end of the statement", 1, 12],
    ["DEFINE without variable", [":DEFINE X, string"], ":DEFINE needs a variable such as &NAME#, found 'X'", 1, 9],
    ["DEFINE with array size 0", [":DEFINE &X#, string, 0"], "the array size must be a whole number from 1 to 100000, found '0'", 1, 22],
    ["DEFINE with fractional size", [":DEFINE &X#, float, 2.5"], "the array size must be a whole number from 1 to 100000, found '2.5'", 1, 21],
    ["DEFINE with huge size", [":DEFINE &X#, float, 100001"], "the array size must be a whole number from 1 to 100000, found '100001'", 1, 21],
    ["DEFINE with variable size", [":DEFINE &X#, float, &N#"], "the array size must be a whole number from 1 to 100000, found '&N#'", 1, 21],
    ["PUT_VAR without value", [":PUT_VAR VARA, key"], ":PUT_VAR takes a VARA, a key and 1 to 5 values, found 2 arguments", 1, 2],
    ["PUT_VAR with six values", [":PUT_VAR V, K, 1, 2, 3, 4, 5, 6"], ":PUT_VAR takes a VARA, a key and 1 to 5 values, found 8 arguments", 1, 2],
    ["PUT_VAR with a dangling comma", [":PUT_VAR V, K,"], "expected a value, found the end of the statement", 1, 15],
    ["STOP with a number", [":STOP 1"], ":STOP takes nothing, NOMSG or MSG, number, \"text\"; found '1'", 1, 7],
    ["STOP MSG without comma", [":STOP MSG 1"], "expected ',' and a number after MSG, found '1'", 1, 11],
    ["STOP MSG without text", [":STOP MSG, 1"], ":STOP MSG takes a number and a text, found 1 value", 1, 2],
    ["STOP NOMSG with more", [":STOP NOMSG, 1"], "unexpected ',' after NOMSG", 1, 12],
    ["EXIT with two values", [":EXIT 1 2"], "unexpected '2' after the return code", 1, 9],
    ["PSET of an element", [":PSET &A#[1] = 2"], ":PSET takes a variable, not an array element", 1, 7],
    ["INC with more", [":INC &X# 1"], "unexpected '1' after &X#", 1, 10],
    ["PROCESS over a name", [":PROCESS VARA"], ":PROCESS needs the variable holding PREP_PROCESS_VAR's handle, found 'VARA'", 1, 10],
    ["continuation into text", [':PRINT STR_CAT("a", _', "echo"], "the statement continues with '_', but line 2 does not start with ':'", 1, 21],
    ["continuation into a comment", [':PRINT STR_CAT("a", _', "! no"], "the statement continues with '_', but line 2 does not start with ':'", 1, 21],
    ["continuation at the end", [':PRINT "a" _'], "the statement continues with '_', but the script ends here", 1, 12],
    ["error on a continuation line", [':PRINT STR_CAT("a", _', ":  FOO(1))"], "unknown function FOO", 2, 4],
    ["tokenizer error", [":PRINT 1", ':PRINT "abc'], 'unterminated string "abc (no closing ")', 2, 8],
    ["deep parentheses", [deepParens], "expression is nested more than 100 levels deep", 1, 112],
    ["deep indexes", [`:PRINT ${"&A#[".repeat(101)}1${"]".repeat(101)}`], "expression is nested more than 100 levels deep", 1, 411],
    ["deep blocks", deepIfs, "blocks are nested more than 100 levels deep", 101, 1],
  ])("rejects %s", (_name, lines, message, line, column) => {
    const error = syntaxError(() => parseScript(lines, "script"));

    expect({ message: error.message, line: error.line, column: error.column }).toEqual({ message, line, column });
  });

  it("reports text lines only in script mode", () => {
    expect(parseScript(["echo hi"], "job").statements).toHaveLength(1);
    expect(() => parseScript(["echo hi"], "script")).toThrow(ScriptSyntaxError);
  });
});

function syntaxError(action: () => unknown): ScriptSyntaxError {
  try {
    action();
  } catch (error) {
    if (error instanceof ScriptSyntaxError) return error;
    throw error;
  }
  throw new Error("expected a ScriptSyntaxError");
}
