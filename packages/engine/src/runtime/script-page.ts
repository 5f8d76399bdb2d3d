import { Status } from "@baton/contract";
import type { ExecutionChanges } from "../domain/execution";
import { MESSAGES, parseScript, runScript, ScriptSyntaxError, type ScriptHost, type ScriptResult, type ScriptValue } from "@baton/script";

/**
 * Parses and runs one script page. A page that does not parse (possible only for definitions
 * stored before they were validated) fails like a runtime error, with its position in the ACT report.
 */
export async function runScriptPage(
  lines: readonly string[],
  mode: "script" | "job",
  host: ScriptHost,
  variables: ReadonlyMap<string, ScriptValue>,
): Promise<ScriptResult> {
  try {
    return await runScript(parseScript(lines, mode), host, { mode, variables });
  } catch (error) {
    if (!(error instanceof ScriptSyntaxError)) throw error;
    host.print(MESSAGES.syntaxError(error.line, error.column, error.message));
    return {
      outcome: "failed",
      returnCode: 1,
      error: { message: error.message, line: error.line, column: error.column },
      variables: new Map(variables),
      psets: new Map(),
      rsets: new Map(),
      text: [],
    };
  }
}

/** How a script run ends: normally, by :EXIT/:STOP with 0, or not OK. */
export function scriptEndStatus(result: ScriptResult): number {
  if (result.outcome === "failed") return Status.ENDED_NOT_OK;
  return result.returnCode === 0 ? Status.ENDED_OK : Status.ENDED_NOT_OK;
}

/** What a run leaves behind: its variables, :RSET values for the activator, :PSET values for its workflow. */
export interface RunValues {
  variables: ReadonlyMap<string, ScriptValue>;
  returned: ReadonlyMap<string, ScriptValue>;
  passed: ReadonlyMap<string, ScriptValue>;
}

/** A run's values as its end stores them (ExecutionChanges.variables). */
export function storedRunValues(values: RunValues): NonNullable<ExecutionChanges["variables"]> {
  return { variables: Object.fromEntries(values.variables), returned: Object.fromEntries(values.returned), passed: Object.fromEntries(values.passed) };
}
