import { describe, expect, it } from "vitest";
import type { RunOptions, ScriptResult, ScriptValue } from "./host";
import { InMemoryScriptHost } from "./in-memory-script-host";
import { parseScript } from "./parse-script";
import { runScript } from "./run-script";

interface Run {
  result: ScriptResult;
  printed: string[];
  host: InMemoryScriptHost;
}

/** Parses and runs `lines` in script mode against a host with one VARA and one job. */
async function run(lines: readonly string[], options: Partial<RunOptions> = {}, host = newHost()): Promise<Run> {
  const result = await runScript(parseScript(lines, "script"), host, { mode: "script", ...options });
  return { result, printed: host.printed, host };
}

function newHost(): InMemoryScriptHost {
  return new InMemoryScriptHost({
    varas: { "VARA.SETTINGS": { PATH: ["/srv", "second"], EMPTY: [""] } },
    objects: ["JOB.BACKUP"],
  });
}

const VARIABLES = new Map<string, ScriptValue>([["&N#", 5], ["&S#", "abc"], ["&T#", "41"]]);

describe("values and functions", () => {
  it.each<[string, string]>([
    ["1 + 2 * 3", "7"],
    ["(1 + 2) * 3", "9"],
    ["10 - 4 - 3", "3"],
    ["10 / 4", "2.5"],
    ["0.1 + 0.2", "0.3"],
    ["-&N# + 1", "-4"],
    ["- -3", "3"],
    ["+7", "7"],
    ['"12" + 1', "13"],
    ["' 3 ' * 2", "6"],
    ["&T# / 2", "20.5"],
    ["'-1.5' * 2", "-3"],
    ['"done &N#"', "done 5"],
    ["'&s#&N#'", "abc5"],
    ["'left &UNKNOWN# alone'", "left &UNKNOWN# alone"],
    ['"say ""hi"""', 'say "hi"'],
    ["&S#", "abc"],
    ["WORD.AS_TEXT", "WORD.AS_TEXT"],
    ['STR_CAT("a", 1, 2.5, &S#)', "a12.5abc"],
    ['STR_LENGTH("héllo😀")', "6"],
    ["STR_LENGTH(&N# * 100)", "3"],
    ['STR_SUB("abcdef", 2, 3)', "bcd"],
    ['STR_SUB("abcdef", 4)', "def"],
    ['STR_SUB("abc", 5)', ""],
    ['STR_SUB("a😀b", 2, 1)', "😀"],
    ['STR_FIND("abcabc", "c")', "3"],
    ['STR_FIND("abcabc", "c", 4)', "6"],
    ['STR_FIND("😀bc", "c")', "3"],
    ['STR_FIND("abc", "x")', "0"],
    ['STR_FIND("abc", "")', "0"],
    ['STR_UC("aBc")', "ABC"],
    ['STR_LC("aBc")', "abc"],
    ['STR_TRIM("  a b  ")', "a b"],
    ['STR_SUBSTITUTE("a-b-c", "-", "+-")', "a+-b+-c"],
    ['STR_SUBSTITUTE("abc", "", "x")', "abc"],
    ["FORMAT(7, 3)", "007"],
    ["FORMAT(-7, 3)", "-007"],
    ["FORMAT(1234, 2)", "1234"],
    ["FORMAT(2.5, 3)", "002.5"],
    ['FORMAT("42", 4)', "0042"],
    ["FORMAT(5, 0)", "5"],
    ["SYS_DATE()", "2024-02-29"],
    ['SYS_DATE("DD.MM.YY")', "29.02.24"],
    ['SYS_DATE("YYYYMMDD")', "20240229"],
    ['SYS_DATE("odd day DD, yyyy")', "odd day 29, yyyy"],
    ["SYS_TIME()", "07:05:09"],
    ['SYS_TIME("HHMM")', "0705"],
    ['ADD_DAYS("2024-02-28", 1)', "2024-02-29"],
    ['ADD_DAYS("2023-12-31", 1)', "2024-01-01"],
    ['ADD_DAYS("2024-03-01", -1)', "2024-02-29"],
    ['ADD_DAYS("2024-03-30", 1)', "2024-03-31"],
    ['ADD_DAYS("2024-10-26", 2)', "2024-10-28"],
    ["ADD_DAYS(SYS_DATE(), 365)", "2025-02-28"],
    ["GET_VAR(VARA.SETTINGS, path)", "/srv"],
    ["GET_VAR(vara.settings, PATH, 2)", "second"],
    ["GET_VAR(VARA.SETTINGS, PATH, 3)", ""],
    ['GET_VAR("VARA.SETTINGS", "missing")', ""],
    ["GET_UC_OBJECT_STATUS(4711)", "0"],
    ["CANCEL_UC_OBJECT(4711)", "20"],
  ])(":PRINT %s prints %j", async (expression, expected) => {
    const { result, printed } = await run([`:PRINT ${expression}`], { variables: VARIABLES });

    expect(result.error).toBeUndefined();
    expect(printed).toEqual([expected]);
  });
});

describe("conditions", () => {
  it.each<[string, boolean]>([
    ["1 = 1", true],
    ["1 <> 1", false],
    ['"10" > "9"', true],
    ['"1.0" = 1', true],
    ['" 2 " = 2', true],
    ['"abc" < "abd"', true],
    ['"B" < "a"', true],
    ['"x" = "X"', false],
    ['"abc" > 5', true],
    ['"" = ""', true],
    ["2 <= 2", true],
    ["3 >= 4", false],
    ["&N# * 2 = 10", true],
    ['&S# = "abc"', true],
    ["NOT 1 = 2", true],
    ["1 = 1 AND 2 = 3", false],
    ["1 = 2 OR 2 = 2", true],
    ["(1 = 2 OR 2 = 2) AND 3 = 3", true],
    ["1 = 2 OR 2 = 2 AND 3 = 4", false],
    ["NOT (1 = 1 AND 2 = 2)", false],
    ["NOT NOT 1 = 1", true],
    ["1 = 2 AND &UNDEFINED# = 1", false],
    ["1 = 1 OR &UNDEFINED# = 1", true],
    ["(&N# + 1) * 2 > 11", true],
    ["STR_LENGTH(&S#) = 3", true],
  ])(":IF %s is %s", async (condition, expected) => {
    const { result, printed } = await run([`:IF ${condition}`, ":PRINT 'yes'", ":ELSE", ":PRINT 'no'", ":ENDIF"], {
      variables: VARIABLES,
    });

    expect(result.error).toBeUndefined();
    expect(printed).toEqual([expected ? "yes" : "no"]);
  });
});

describe("statements", () => {
  it(":SET keeps numbers as numbers and text as text; names ignore case", async () => {
    const { result, printed } = await run([":set &Count# = 2 * 3", ":SET &NAME# = 'x'", ":print &COUNT#"]);

    expect(result).toMatchObject({ outcome: "ended", returnCode: 0 });
    expect(result.variables).toEqual(new Map<string, ScriptValue>([["&COUNT#", 6], ["&NAME#", "x"]]));
    expect(printed).toEqual(["6"]);
  });

  it("starts with RunOptions.variables, whatever the case of their names", async () => {
    const { printed } = await run([":PRINT &job_name#"], { variables: new Map([["&Job_Name#", "BACKUP"]]) });

    expect(printed).toEqual(["BACKUP"]);
  });

  it.each<[string, ScriptValue, ScriptValue]>([
    ["string", 3, "3"],
    ["string", "a", "a"],
    ["float", "2.50", 2.5],
    ["signed", -2.7, -2],
    ["unsigned", "7.9", 7],
    ["unsigned", -0.5, 0],
  ])(":DEFINE %s converts %j to %j", async (type, value, stored) => {
    const { result } = await run([`:DEFINE &V#, ${type}`, ":SET &V# = &IN#"], { variables: new Map([["&IN#", value]]) });

    expect(result.variables.get("&V#")).toBe(stored);
  });

  it.each<[string, ScriptValue]>([["string", ""], ["unsigned", 0], ["signed", 0], ["float", 0]])(
    ":DEFINE %s starts at %j",
    async (type, initial) => {
      const { result } = await run([`:DEFINE &V#, ${type}`]);

      expect(result.variables.get("&V#")).toBe(initial);
    },
  );

  it(":DEFINE with a size makes a 1-based array", async () => {
    const { result, printed } = await run([
      ":DEFINE &A#, unsigned, 3",
      ":SET &I# = 1",
      ":WHILE &I# <= 3",
      ":  SET &A#[&I#] = &I# * 10",
      ":  INC &I#",
      ":ENDWHILE",
      ":INC &A#[2]",
      ":PRINT STR_CAT(&A#[1], ',', &A#[2], ',', &A#[3])",
    ]);

    expect(printed).toEqual(["10,21,30"]);
    // Arrays have no single value, so only &I# is reported.
    expect([...result.variables.keys()]).toEqual(["&I#"]);
  });

  it(":INC adds one to numbers and numeric text", async () => {
    const { result } = await run([":INC &T#", ":DEFINE &U#, unsigned", ":INC &U#", ":SET &F# = 1.5", ":INC &F#"], {
      variables: VARIABLES,
    });

    expect(result.variables.get("&T#")).toBe(42);
    expect(result.variables.get("&U#")).toBe(1);
    expect(result.variables.get("&F#")).toBe(2.5);
  });

  it(":PRINT writes values, and an empty line without one", async () => {
    const { printed } = await run([":PRINT", ":PRINT 1.50", ":PRINT -0"]);

    expect(printed).toEqual(["", "1.5", "0"]);
  });

  it(":PSET and :RSET set the variable and record the value as stored", async () => {
    const { result } = await run([":DEFINE &U#, unsigned", ":PSET &U# = '7.5'", ":RSET &R# = STR_UC('done')", ":PSET &U# = 8"]);

    expect(result.variables.get("&U#")).toBe(8);
    expect(result.psets).toEqual(new Map([["&U#", 8]]));
    expect(result.rsets).toEqual(new Map([["&R#", "DONE"]]));
  });

  it(":IF, :ELSE and :ENDIF nest", async () => {
    const { printed } = await run([
      ":SET &A# = 1",
      ":IF &A# = 1",
      ":  IF &A# = 2",
      ":    PRINT 'inner then'",
      ":  ELSE",
      ":    PRINT 'inner else'",
      ":  ENDIF",
      ":  PRINT 'outer then'",
      ":ELSE",
      ":  PRINT 'outer else'",
      ":ENDIF",
      ":IF &A# = 3",
      ":  PRINT 'never'",
      ":ENDIF",
    ]);

    expect(printed).toEqual(["inner else", "outer then"]);
  });

  it(":WHILE repeats while its condition holds", async () => {
    const { printed } = await run([
      ":SET &I# = 3",
      ":WHILE &I# > 0",
      ":  PRINT 'i=&I#'",
      ":  SET &I# = &I# - 1",
      ":ENDWHILE",
      ":WHILE 1 = 2",
      ":  PRINT 'never'",
      ":ENDWHILE",
    ]);

    expect(printed).toEqual(["i=3", "i=2", "i=1"]);
  });

  it(":PUT_VAR writes the row in upper case and reports it", async () => {
    const { host, printed } = await run([
      ":PUT_VAR vara.settings, new_key, 'v1', 2, '&N#', 4, 'five'",
      ":PRINT GET_VAR(VARA.SETTINGS, NEW_KEY, 5)",
    ], { variables: VARIABLES });

    expect(host.varas.get("VARA.SETTINGS")?.get("NEW_KEY")).toEqual(["v1", "2", "5", "4", "five"]);
    expect(printed).toEqual(["U00020206 Variable 'VARA.SETTINGS' was stored with key 'NEW_KEY'.", "five"]);
  });

  it("ACTIVATE_UC_OBJECT activates, reports and returns the RunID; WAIT waits", async () => {
    const { host, printed, result } = await run([
      ":SET &RUN# = ACTIVATE_UC_OBJECT(job.backup)",
      ":SET &WAITED# = ACTIVATE_UC_OBJECT('JOB.BACKUP', wait)",
      ":PRINT GET_UC_OBJECT_STATUS(&WAITED#)",
      ":PRINT CANCEL_UC_OBJECT(&RUN#)",
      ":PRINT GET_UC_OBJECT_STATUS(&RUN#)",
    ]);

    expect(host.activations).toEqual([
      { name: "JOB.BACKUP", wait: false, runId: 1001 },
      { name: "JOB.BACKUP", wait: true, runId: 1002 },
    ]);
    expect(result.variables.get("&RUN#")).toBe(1001);
    expect(printed).toEqual([
      "U00007000 'JOB.BACKUP' activated with RunID '1001'.",
      "U00007000 'JOB.BACKUP' activated with RunID '1002'.",
      "1900",
      "0",
      "1851",
    ]);
  });

  it("ACTIVATE_UC_OBJECT with WAIT sets the values the activated object returned with :RSET", async () => {
    const host = newHost();
    host.returns.set("JOB.BACKUP", new Map<string, string | number>([["&RESULT#", "archived"], ["&COUNT#", 3]]));
    const { result, printed } = await run([":SET &R# = ACTIVATE_UC_OBJECT(JOB.BACKUP, WAIT)", ':PRINT "&RESULT# &COUNT#"'], {}, host);
    expect(result.outcome).toBe("ended");
    expect(printed).toEqual(["U00007000 'JOB.BACKUP' activated with RunID '1001'.", "archived 3"]);
  });

  it(":PROCESS runs its block once per row of PREP_PROCESS_VAR", async () => {
    const host = new InMemoryScriptHost({
      varas: { HOSTS: { DB01: ["10.0.0.1", "linux"], WEB01: ["10.0.0.2", "windows"] }, EMPTY: {} },
    });

    const { printed, result } = await run([
      ":SET &H# = PREP_PROCESS_VAR(hosts)",
      ":PROCESS &H#",
      ":  SET &KEY# = GET_PROCESS_LINE(&H#, 1)",
      ":  PRINT STR_CAT(&KEY#, ' ', GET_PROCESS_LINE(&H#, 2), ' ', GET_PROCESS_LINE(&H#, 3), '[', GET_PROCESS_LINE(&H#, 9), ']')",
      ":ENDPROCESS",
      ":SET &E# = PREP_PROCESS_VAR(EMPTY)",
      ":PROCESS &E#",
      ":  PRINT 'never'",
      ":ENDPROCESS",
    ], {}, host);

    expect(result.error).toBeUndefined();
    expect(printed).toEqual(["DB01 10.0.0.1 linux[]", "WEB01 10.0.0.2 windows[]"]);
  });

  it("nested :PROCESS loops over the same handle keep the outer row", async () => {
    const host = new InMemoryScriptHost({ varas: { V: { A: [], B: [] } } });

    const { printed } = await run([
      ":SET &H# = PREP_PROCESS_VAR(V)",
      ":PROCESS &H#",
      ":  SET &OUTER# = GET_PROCESS_LINE(&H#, 1)",
      ":  PROCESS &H#",
      ":    PRINT STR_CAT(&OUTER#, GET_PROCESS_LINE(&H#, 1))",
      ":  ENDPROCESS",
      ":  PRINT STR_CAT(&OUTER#, '=', GET_PROCESS_LINE(&H#, 1))",
      ":ENDPROCESS",
    ], {}, host);

    expect(printed).toEqual(["AA", "AB", "A=A", "BA", "BB", "B=B"]);
  });

  it.each<[readonly string[], ScriptResult["outcome"], number, string[]]>([
    [[":PRINT 'a'", ":STOP", ":PRINT 'b'"], "stopped", 0, ["a"]],
    [[":STOP NOMSG"], "stopped", 0, []],
    [[":STOP MSG, 50, 'stopped at &N#'", ":PRINT 'b'"], "stopped", 50, ["stopped at 5"]],
    [[":EXIT"], "exited", 0, []],
    [[":EXIT 2 + 3", ":PRINT 'b'"], "exited", 5, []],
    [[":WHILE 1 = 1", ":  IF &N# = 5", ":    EXIT &N#", ":  ENDIF", ":ENDWHILE"], "exited", 5, []],
    [[":PRINT 'a'"], "ended", 0, ["a"]],
  ])("%j ends %s with return code %i", async (lines, outcome, returnCode, printed) => {
    const finished = await run(lines, { variables: VARIABLES });

    expect(finished.result).toMatchObject({ outcome, returnCode });
    expect(finished.result.error).toBeUndefined();
    expect(finished.printed).toEqual(printed);
  });
});

describe("runtime errors", () => {

  it.each<[string, readonly string[], string, number, number]>([
    ["undefined variable", [":PRINT 1", ":PRINT &X#"], "variable '&X#' is not defined", 2, 8],
    ["undefined variable in :INC", [":INC &X#"], "variable '&X#' is not defined", 1, 6],
    ["text in arithmetic", [':SET &X# = "abc" + 1'], "the operand of '+' must be a number, not 'abc'", 1, 12],
    ["empty text in arithmetic", [':SET &X# = 1 - ""'], "the operand of '-' must be a number, not ''", 1, 16],
    ["negated text", [":SET &X# = -&S#"], "the operand of '-' must be a number, not 'abc'", 1, 13],
    ["division by zero", [":SET &X# = 1 / (&N# - 5)"], "division by zero", 1, 14],
    ["overflow", [`:PRINT ${"9".repeat(300)} * ${"9".repeat(300)}`], "the result of '*' is too large", 1, 309],
    ["negative unsigned", [":DEFINE &U#, unsigned", ":SET &U# = 0 - 1"], "the unsigned variable '&U#' cannot hold -1", 2, 12],
    ["text in a float", [":DEFINE &F#, float", ':SET &F# = "x"'], "the float variable '&F#' cannot hold 'x'", 2, 12],
    ["text in a signed element", [":DEFINE &A#, signed, 2", ":SET &A#[2] = 'x'"], "the signed variable '&A#[2]' cannot hold 'x'", 2, 15],
    ["redefinition", [":DEFINE &X#, string", ":DEFINE &x#, float"], "variable '&X#' is already defined", 2, 1],
    ["defining a set variable", [":DEFINE &N#, string"], "variable '&N#' is already defined", 1, 1],
    ["index beyond the array", [":DEFINE &A#, string, 2", ":SET &A#[3] = 1"], "index 3 is outside the array &A#[1..2]", 2, 6],
    ["fractional index", [":DEFINE &A#, string, 2", ":PRINT &A#[1.5]"], "index 1.5 is outside the array &A#[1..2]", 2, 8],
    ["text index", [":DEFINE &A#, string, 2", ":PRINT &A#['x']"], "the index of &A# must be a number, not 'x'", 2, 12],
    ["array without index", [":DEFINE &A#, string, 2", ":PRINT &A#"], "'&A#' is an array; read an element such as &A#[1]", 2, 8],
    ["assigning a whole array", [":DEFINE &A#, string, 2", ":SET &A# = 1"], "'&A#' is an array; assign an element such as &A#[1]", 2, 6],
    ["index on a single value", [":PRINT &S#[1]"], "variable '&S#' is not an array", 1, 8],
    [":INC of text", [":INC &S#"], ":INC needs a number in &S#, not 'abc'", 1, 6],
    ["missing VARA in GET_VAR", [":PRINT GET_VAR(NOPE, KEY)"], "GET_VAR: VARA 'NOPE' does not exist", 1, 8],
    ["GET_VAR column 6", [":PRINT GET_VAR(VARA.SETTINGS, PATH, 6)"], "GET_VAR: the column must be 1 to 5, not 6", 1, 8],
    ["unknown object", [":SET &R# = ACTIVATE_UC_OBJECT(NOPE)"], "ACTIVATE_UC_OBJECT: object 'NOPE' does not exist", 1, 12],
    ["option other than WAIT", [":SET &R# = ACTIVATE_UC_OBJECT(JOB.BACKUP, later)"], "ACTIVATE_UC_OBJECT: the second argument must be WAIT, not 'later'", 1, 12],
    ["text RunID", [":PRINT GET_UC_OBJECT_STATUS('x')"], "GET_UC_OBJECT_STATUS: the RunID must be a whole number, not 'x'", 1, 8],
    ["fractional RunID", [":PRINT CANCEL_UC_OBJECT(1.5)"], "CANCEL_UC_OBJECT: the RunID must be a whole number, not '1.5'", 1, 8],
    ["STR_SUB from 0", [":PRINT STR_SUB('abc', 0)"], "STR_SUB: the start must be 1 or more, not 0", 1, 8],
    ["STR_SUB negative length", [":PRINT STR_SUB('abc', 1, -1)"], "STR_SUB: the length must not be negative, not -1", 1, 8],
    ["STR_FIND from 0", [":PRINT STR_FIND('abc', 'a', 0)"], "STR_FIND: the start must be 1 or more, not 0", 1, 8],
    ["FORMAT of text", [":PRINT FORMAT('x', 2)"], "FORMAT: the value must be a number, not 'x'", 1, 8],
    ["FORMAT too wide", [":PRINT FORMAT(1, 2000)"], "FORMAT: the number of digits must be 0 to 1024, not 2000", 1, 8],
    ["ADD_DAYS of a missing day", [":PRINT ADD_DAYS('2023-02-29', 1)"], "ADD_DAYS: '2023-02-29' is not a valid date", 1, 8],
    ["ADD_DAYS of another format", [":PRINT ADD_DAYS('29.02.2024', 1)"], "ADD_DAYS: '29.02.2024' is not a date in the format YYYY-MM-DD", 1, 8],
    ["ADD_DAYS by half a day", [":PRINT ADD_DAYS('2024-01-01', 0.5)"], "ADD_DAYS: the number of days must be a whole number, not '0.5'", 1, 8],
    ["ADD_DAYS past 9999", [":PRINT ADD_DAYS('9999-12-31', 1)"], "ADD_DAYS: 9999-12-31 plus 1 days is outside the years 0001 to 9999", 1, 8],
    ["PUT_VAR to a missing VARA", [":PRINT 1", "  :PUT_VAR NOPE, K, V"], "PUT_VAR: VARA 'NOPE' does not exist", 2, 3],
    ["PREP_PROCESS_VAR of a missing VARA", [":SET &H# = PREP_PROCESS_VAR(NOPE)"], "PREP_PROCESS_VAR: VARA 'NOPE' does not exist", 1, 12],
    [":PROCESS over text", [":SET &H# = 'x'", ":PROCESS &H#", ":ENDPROCESS"], "'x' is not a handle from PREP_PROCESS_VAR", 2, 10],
    ["GET_PROCESS_LINE outside :PROCESS", [":SET &H# = PREP_PROCESS_VAR(VARA.SETTINGS)", ":PRINT GET_PROCESS_LINE(&H#, 1)"], "GET_PROCESS_LINE: 'PROCESS#1' is not being iterated by :PROCESS", 2, 8],
    ["GET_PROCESS_LINE column 0", [":SET &H# = PREP_PROCESS_VAR(VARA.SETTINGS)", ":PROCESS &H#", ":PRINT GET_PROCESS_LINE(&H#, 0)", ":ENDPROCESS"], "GET_PROCESS_LINE: the column must be 1 or more, not 0", 3, 8],
    [":STOP MSG with a text number", [":STOP MSG, 'x', 'text'"], "the message number must be a whole number, not 'x'", 1, 12],
    [":EXIT with a fraction", [":EXIT 1.5"], "the return code must be a whole number, not '1.5'", 1, 7],
    ["text growing too long", [
      ":SET &X# = 'xxxxxxxxxx'",
      ":WHILE 1 = 1",
      ":  SET &X# = STR_CAT(&X#, &X#)",
      ":ENDWHILE",
    ], "STR_CAT: text of 1310720 characters is longer than the 1000000 allowed", 3, 14],
    ["substitution growing too long", [
      ":SET &X# = 'xxxxxxxxxx'",
      ":WHILE 1 = 1",
      ":  SET &X# = '&X#-&X#'",
      ":ENDWHILE",
    ], "text of 1441791 characters is longer than the 1000000 allowed", 3, 14],
    ["endless loop", [":WHILE 1 = 1", ":ENDWHILE"], "step limit of 100000 statements exceeded, possible endless loop", 1, 1],
  ])("%s", async (_name, lines, message, line, column) => {
    const { result, printed } = await run(lines, { variables: VARIABLES });

    expect(result).toMatchObject({ outcome: "failed", returnCode: 1, error: { message, line, column } });
    expect(printed.at(-1)).toBe(`U00020999 Runtime error in line ${line}, column ${column}: ${message}`);
  });

  it("keeps the state reached before the error", async () => {
    const { result, printed } = await run([":SET &A# = 1", ":PSET &P# = 2", ":PRINT 'before'", ":PRINT &NOPE#", ":SET &B# = 3"]);

    expect(result.variables).toEqual(new Map([["&A#", 1], ["&P#", 2]]));
    expect(result.psets).toEqual(new Map([["&P#", 2]]));
    expect(printed).toEqual(["before", "U00020999 Runtime error in line 4, column 8: variable '&NOPE#' is not defined"]);
  });

  it.each<[number, readonly string[], ScriptResult["outcome"]]>([
    [3, [":SET &A# = 1", ":SET &A# = 2", ":SET &A# = 3"], "ended"],
    [2, [":SET &A# = 1", ":SET &A# = 2", ":SET &A# = 3"], "failed"],
    // The :WHILE line counts once, and again for every further check of its condition.
    [6, [":SET &I# = 0", ":WHILE &I# < 2", ":  INC &I#", ":ENDWHILE"], "ended"],
    [5, [":SET &I# = 0", ":WHILE &I# < 2", ":  INC &I#", ":ENDWHILE"], "failed"],
  ])("a step limit of %i on %j ends %s", async (stepLimit, lines, outcome) => {
    const { result } = await run(lines, { stepLimit });

    expect(result.outcome).toBe(outcome);
    if (outcome === "failed") expect(result.error?.message).toBe(`step limit of ${stepLimit} statements exceeded, possible endless loop`);
  });

  it("counts every :PROCESS row against the step limit", async () => {
    const host = new InMemoryScriptHost({ varas: { V: { A: [], B: [], C: [] } } });

    const { result } = await run([":SET &H# = PREP_PROCESS_VAR(V)", ":PROCESS &H#", ":ENDPROCESS"], { stepLimit: 3 }, host);

    expect(result.error).toMatchObject({ message: "step limit of 3 statements exceeded, possible endless loop", line: 2 });
  });

  it("stops a loop that prints more than the output budget", async () => {
    const variables = new Map([["&X#", "y".repeat(1_000_000)]]);

    const { result } = await run([":WHILE 1 = 1", ":  PRINT &X#", ":ENDWHILE"], { variables });

    expect(result.error).toMatchObject({ message: "the script wrote more than 10000000 characters", line: 2, column: 1 });
  });

  it("fails a run whose mode differs from the parsed script's", async () => {
    const host = newHost();

    const result = await runScript(parseScript(["echo"], "job"), host, { mode: "script" });

    expect(result.error).toEqual({ message: "the script was parsed in job mode but is run in script mode", line: 1, column: 1 });
  });

  it("turns a host that throws something other than HostError into a failed run", async () => {
    const host = newHost();
    host.getVar = async () => {
      throw new Error("database is locked");
    };

    const result = await runScript(parseScript([":PRINT GET_VAR(V, K)"], "script"), host, { mode: "script" });

    expect(result.error).toEqual({ message: "GET_VAR: database is locked", line: 1, column: 8 });
  });

  it("does not reject when even the report cannot be written", async () => {
    const host = newHost();
    host.print = () => {
      throw new Error("report closed");
    };

    const result = await runScript(parseScript([":PRINT 'x'"], "script"), host, { mode: "script" });

    expect(result).toMatchObject({ outcome: "failed", error: { message: "report closed", line: 1, column: 1 } });
  });
});

describe("the cost of a run", () => {
  /** A clock that moves on one millisecond each time it is read: every unit of work costs 1 ms. */
  function tickingClock(): () => number {
    let now = 0;
    return () => (now += 1);
  }

  const LOOP = [":SET &I# = 0", ":WHILE &I# < 20000", ":  INC &I#", ":ENDWHILE"];

  it("ends a run whose work passes the time limit, in its report like the step limit", async () => {
    const { result, printed } = await run([":WHILE 1 = 1", ":  INC &N#", ":ENDWHILE"], { variables: VARIABLES, timeLimit: 1000, monotonicNow: tickingClock() });

    const message = "time limit of 1000 ms of work exceeded, the script runs too long";
    expect(result).toMatchObject({ outcome: "failed", returnCode: 1, error: { message } });
    expect(printed.at(-1)).toMatch(/^U00020999 Runtime error in line [12], column 1: time limit of 1000 ms/);
  });

  it("measures every function call on a long text", async () => {
    const variables = new Map([["&S#", "x".repeat(10_001)]]);
    const lines = [`:SET &X# = ${Array.from({ length: 20 }, () => "STR_LENGTH(&S#)").join(" + ")}`];

    const { result } = await run(lines, { variables, timeLimit: 10, monotonicNow: tickingClock() });

    expect(result.error).toMatchObject({ message: "time limit of 10 ms of work exceeded, the script runs too long", line: 1 });
  });

  it("does not count the time it waits for the host", async () => {
    let now = 0;
    const host = newHost();
    const getVar = host.getVar.bind(host);
    host.getVar = async (vara, key, column) => {
      const value = await getVar(vara, key, column);
      // An hour passes while the host reads.
      now += 3_600_000;
      return value;
    };
    const lines = [":SET &I# = 0", ":WHILE &I# < 3", ":  SET &P# = GET_VAR(VARA.SETTINGS, PATH)", ":  INC &I#", ":ENDWHILE"];

    const { result } = await run(lines, { timeLimit: 100, monotonicNow: () => (now += 1) }, host);

    expect(now).toBeGreaterThan(3 * 3_600_000);
    expect(result).toMatchObject({ outcome: "ended", variables: new Map<string, ScriptValue>([["&I#", 3], ["&P#", "/srv"]]) });
  });

  it("lets the event loop run while it works, and still ends as it would have", async () => {
    let ended = false;
    let ranWhileWorking = false;
    setImmediate(() => {
      ranWhileWorking = !ended;
    });

    const { result } = await run(LOOP, { monotonicNow: tickingClock(), timeLimit: 1_000_000 });
    ended = true;

    expect(ranWhileWorking).toBe(true);
    expect(result).toMatchObject({ outcome: "ended", variables: new Map([["&I#", 20000]]) });
  });

  it("does not pause a run that ends within one slice of work", async () => {
    let ranWhileWorking = false;
    let ended = false;
    setImmediate(() => {
      ranWhileWorking = !ended;
    });

    await run([":SET &I# = 0", ":WHILE &I# < 3", ":  INC &I#", ":ENDWHILE"], { monotonicNow: () => 0 });
    ended = true;

    expect(ranWhileWorking).toBe(false);
  });

  it("reads lengths and parts of a text of a million characters without splitting it", async () => {
    const text = "abcdefgh".repeat(125_000);
    const lines = [
      ":SET &I# = 0",
      ":WHILE &I# < 2000",
      ":  SET &L# = STR_LENGTH(&S#)",
      ":  SET &P# = STR_SUB(&S#, 999990, 3)",
      ":  SET &F# = STR_FIND(&S#, 'h', 17)",
      ":  INC &I#",
      ":ENDWHILE",
    ];

    // Splitting the text on every call took some 10 ms a call, 60 s for this loop.
    const { result } = await run(lines, { variables: new Map([["&S#", text]]) });

    expect(result).toMatchObject({ outcome: "ended", variables: new Map<string, ScriptValue>([["&S#", text], ["&I#", 2000], ["&L#", 1_000_000], ["&P#", "fgh"], ["&F#", 24]]) });
  });
});
