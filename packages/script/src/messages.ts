/**
 * The numbered messages the interpreter writes to the ACT report, in one place so a number is
 * never reused for a different text and operators can search reports by number.
 */
export const MESSAGES = {
  /** ACTIVATE_UC_OBJECT started an execution. */
  activated: (name: string, runId: number) => `U00007000 '${name}' activated with RunID '${runId}'.`,
  /** :PUT_VAR wrote a row of a static VARA. */
  variableStored: (vara: string, key: string) => `U00020206 Variable '${vara}' was stored with key '${key}'.`,
  /** A script that does not parse (reported by whoever calls parseScript, e.g. the engine). */
  syntaxError: (line: number, column: number, message: string) =>
    `U00020998 Syntax error in line ${line}, column ${column}: ${message}`,
  /** A runtime error ended the script. */
  runtimeError: (line: number, column: number, message: string) =>
    `U00020999 Runtime error in line ${line}, column ${column}: ${message}`,
} as const;
