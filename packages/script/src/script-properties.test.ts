import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ParsedScript } from "./ast";
import type { ScriptValue } from "./host";
import { InMemoryScriptHost } from "./in-memory-script-host";
import { parseScript } from "./parse-script";
import { runScript } from "./run-script";
import { ScriptSyntaxError } from "./script-syntax-error";

// Pieces of the language, glued at random: most lines are nearly-right statements, which reach
// deeper into the parser than arbitrary text does.
const PIECES = [
  ":", ":SET", ":IF", ":ELSE", ":ENDIF", ":WHILE", ":ENDWHILE", ":PROCESS", ":ENDPROCESS", ":PRINT", ":DEFINE",
  ":INC", ":PSET", ":RSET", ":PUT_VAR", ":STOP", ":EXIT", "SET", "AND", "OR", "NOT", "MSG", "NOMSG", "&X#", "&a#",
  "&A#[", "[", "]", "(", ")", ",", "=", "<>", "<", ">=", "+", "-", "*", "/", '"text &X#"', "'q''s'", '"', "'", "0",
  "1", "2.5", "12AB", "99999999999999999999999999999999999999", "STR_CAT(", "GET_VAR(", "SYS_DATE()", "FOO(",
  "WAIT", "string", "unsigned", "_", "!", "&", "#", "😀", "\t", "echo", "((((((((((",
];

const HEADS = [":SET &X# =", ":IF", ":WHILE", ":PRINT", ":DEFINE", ":PUT_VAR", ":STOP", ":EXIT", ":INC", ":ELSE", ":ENDIF", ""];
const pieceLine = fc
  .tuple(fc.constantFrom(...HEADS), fc.array(fc.constantFrom(...PIECES), { maxLength: 30 }), fc.constantFrom(" ", ""))
  .map(([head, pieces, separator]) => [head, ...pieces].join(separator));
const anyLine = fc.string({ unit: "binary", maxLength: 120 });

const VARIABLES = ["&X#", "&Y#", "&N#", "&S#", "&A#[1]", "&A#[&N#]"];
// Runs start with these, so generated statements find their variables, array and handle.
const PROLOGUE = [":DEFINE &A#, string, 3", ":SET &H# = PREP_PROCESS_VAR(VARA.X)"];
// Name and argument count of calls the generator writes; arguments beyond the count are dropped.
const CALLS: ReadonlyArray<readonly [string, number]> = [
  ["STR_CAT", 2], ["STR_LENGTH", 1], ["STR_SUB", 2], ["STR_SUB", 3], ["STR_FIND", 3], ["STR_UC", 1], ["STR_TRIM", 1],
  ["STR_SUBSTITUTE", 3], ["FORMAT", 2], ["ADD_DAYS", 2], ["SYS_DATE", 0], ["SYS_TIME", 1], ["GET_VAR", 2],
  ["GET_VAR", 3], ["ACTIVATE_UC_OBJECT", 1], ["ACTIVATE_UC_OBJECT", 2], ["GET_UC_OBJECT_STATUS", 1],
  ["CANCEL_UC_OBJECT", 1], ["PREP_PROCESS_VAR", 1], ["GET_PROCESS_LINE", 2],
];

/** Scripts that parse: balanced blocks, known functions with fitting argument counts. */
const validScript = fc.letrec<{ value: string; condition: string; statement: string[]; block: string[] }>((tie) => ({
  value: fc.oneof(
    { maxDepth: 3 },
    fc.constantFrom(...VARIABLES),
    fc.constantFrom("0", "1", "3", "2.5", '"a"', "'&X# b'", '"12"', '""', "WAIT", "VARA.X", "KEY", '"2024-02-29"'),
    fc.tuple(tie("value"), fc.constantFrom("+", "-", "*", "/"), tie("value")).map(([a, op, b]) => `(${a} ${op} ${b})`),
    fc.tuple(fc.constantFrom(...CALLS), tie("value"), tie("value"), tie("value")).map(
      ([[name, count], ...args]) => `${name}(${args.slice(0, count).join(", ")})`,
    ),
  ),
  condition: fc.oneof(
    { maxDepth: 2 },
    fc.tuple(tie("value"), fc.constantFrom("=", "<>", "<", ">", "<=", ">="), tie("value")).map((parts) => parts.join(" ")),
    fc.constant("1 = 1"),
    fc.tuple(tie("condition"), fc.constantFrom("AND", "OR"), tie("condition")).map(([a, op, b]) => `(${a}) ${op} (${b})`),
    tie("condition").map((condition) => `NOT (${condition})`),
  ),
  statement: fc.oneof(
    { maxDepth: 3 },
    fc.tuple(fc.constantFrom(...VARIABLES), tie("value")).map(([name, value]) => [`:SET ${name} = ${value}`]),
    tie("value").map((value) => [`:PRINT ${value}`]),
    fc.constantFrom(...VARIABLES).map((name) => [`:INC ${name}`]),
    tie("value").map((value) => [`:PSET &P# = ${value}`]),
    fc.constantFrom(
      ":DEFINE &U#, unsigned", ":SET &H# = PREP_PROCESS_VAR(VARA.X)", ":STOP MSG, 3, 'stopped'", ":EXIT 2",
      "echo &X# &S#", "echo &N#",
    ).map((line) => [line]),
    tie("value").map((value) => [`:PUT_VAR VARA.X, KEY, ${value}`]),
    fc.tuple(tie("condition"), tie("block"), fc.option(tie("block"))).map(([condition, then, otherwise]) => [
      `:IF ${condition}`, ...then, ...(otherwise === null ? [] : [":ELSE", ...otherwise]), ":ENDIF",
    ]),
    fc.tuple(tie("condition"), tie("block")).map(([condition, body]) => [`:WHILE ${condition}`, ...body, ":ENDWHILE"]),
    tie("block").map((body) => [":PROCESS &H#", ...body, ":ENDPROCESS"]),
  ),
  block: fc.array(tie("statement"), { maxLength: 4 }).map((statements) => statements.flat()),
})).block;

/** Parses, returning the script or the syntax error; anything else thrown fails the property. */
function tryParse(lines: readonly string[], mode: "script" | "job"): ParsedScript | ScriptSyntaxError {
  try {
    return parseScript(lines, mode);
  } catch (error) {
    if (error instanceof ScriptSyntaxError) return error;
    throw error;
  }
}

/** Milliseconds one parse of `lines` takes. */
function timeParse(lines: readonly string[], mode: "script" | "job"): number {
  const started = performance.now();
  tryParse(lines, mode);
  return performance.now() - started;
}

describe("properties", () => {
  it("parseScript returns a script or throws ScriptSyntaxError at a real position, quickly", () => {
    parseScript([":SET &X# = STR_CAT('warm', 'up')"], "script");
    const lines = fc.array(fc.oneof(anyLine, pieceLine, validScript.map((block) => block.join("\n"))), { maxLength: 20 })
      .map((entries) => entries.flatMap((entry) => entry.split("\n")));

    fc.assert(
      fc.property(lines, fc.constantFrom("script" as const, "job" as const), (source, mode) => {
        const parsed = tryParse(source, mode);
        // Timed on a second parse when the first was slow: a garbage collection or a busy machine
        // can stall one parse, a parser that is really slow for this input is slow every time.
        expect(Math.min(timeParse(source, mode), timeParse(source, mode))).toBeLessThan(50);
        if (parsed instanceof ScriptSyntaxError) {
          expect(parsed.line).toBeGreaterThanOrEqual(1);
          expect(parsed.line).toBeLessThanOrEqual(Math.max(source.length, 1));
          expect(parsed.column).toBeGreaterThanOrEqual(1);
        }
      }),
      { numRuns: 400 },
    );
  });

  it("parses every generated valid script", () => {
    fc.assert(
      fc.property(validScript, (lines) => {
        expect(tryParse(lines, "job")).not.toBeInstanceOf(ScriptSyntaxError);
      }),
      { numRuns: 200 },
    );
  });

  it("runScript never rejects and stops within the step limit", async () => {
    const stepLimit = 200;

    await fc.assert(
      fc.asyncProperty(validScript, async (lines) => {
        const script = parseScript([...PROLOGUE, ...lines], "job");
        const host = new InMemoryScriptHost({ varas: { "VARA.X": { KEY: ["v"], OTHER: ["w"] } }, objects: ["VARA.X", "WAIT"] });
        const variables = new Map<string, ScriptValue>([["&X#", "1"], ["&Y#", "2.5"], ["&N#", 1], ["&S#", "abc"]]);
        const started = performance.now();

        const result = await runScript(script, host, { mode: "job", variables, stepLimit });

        expect(performance.now() - started).toBeLessThan(1000);
        expect(["ended", "stopped", "exited", "failed"]).toContain(result.outcome);
        // Every text line is a step, so no run emits more of them than the limit allows.
        expect(result.text.length).toBeLessThanOrEqual(stepLimit);
        if (result.outcome === "failed") {
          expect(result.returnCode).toBe(1);
          expect(result.error?.line).toBeGreaterThanOrEqual(1);
          expect(result.error?.column).toBeGreaterThanOrEqual(1);
          expect(host.printed.at(-1)).toMatch(/^U00020999 Runtime error in line \d+, column \d+: /);
        } else {
          expect(result.error).toBeUndefined();
        }
      }),
      { numRuns: 200 },
    );
  });
});
