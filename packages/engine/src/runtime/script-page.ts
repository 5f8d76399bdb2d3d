import { Status } from "@baton/contract";
import type { ExecutionChanges } from "../domain/execution";
import { logicalTimeOf } from "../domain/job-script";
import { MESSAGES, parseScript, restartFrom, runScript, ScriptSyntaxError, type ScriptHost, type ScriptResult, type ScriptValue } from "@baton/script";

/**
 * Parses and runs one script page. A page that does not parse (possible only for definitions
 * stored before they were validated) fails like a runtime error, with its position in the ACT report.
 * With `restartPoint`, the page runs as a restart from that `:RESTART` point: its statements
 * before its first restart point, then those from that point on.
 */
export async function runScriptPage(
  lines: readonly string[],
  mode: "script" | "job",
  host: ScriptHost,
  variables: ReadonlyMap<string, ScriptValue>,
  restartPoint?: string,
): Promise<ScriptResult> {
  let script;
  try {
    script = parseScript(lines, mode);
  } catch (error) {
    if (!(error instanceof ScriptSyntaxError)) throw error;
    host.print(MESSAGES.syntaxError(error.line, error.column, error.message));
    return failed(variables, { message: error.message, line: error.line, column: error.column });
  }
  const options = { mode, variables, logicalTime: logicalTimeOf(variables) };
  if (restartPoint === undefined) return runScript(script, host, options);
  const restarted = restartFrom(script, restartPoint);
  // Checked when the restart was asked for; only a definition changed under a held run lacks it.
  if (restarted === undefined) {
    const message = `the page has no restart point '${restartPoint}'`;
    host.print(message);
    return failed(variables, { message, line: 1, column: 1 });
  }
  return runScript(restarted, host, options);
}

function failed(variables: ReadonlyMap<string, ScriptValue>, error: NonNullable<ScriptResult["error"]>): ScriptResult {
  return { outcome: "failed", returnCode: 1, error, variables: new Map(variables), psets: new Map(), rsets: new Map(), text: [] };
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
