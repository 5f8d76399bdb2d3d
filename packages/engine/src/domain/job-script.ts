import { isRecord } from "@baton/contract";
import type { ObjectBody } from "@baton/contract";
import { parseScript, ScriptSyntaxError } from "@baton/script";
import { scriptPage } from "./object-definition";

/** The predefined variable holding the restart point a run was restarted from (SYS_RESTART_POINT). */
export const RESTART_POINT_VARIABLE = "&$RESTART_POINT#";

/**
 * The predefined variable holding a run's logical date and time (ISO 8601 UTC) when it is not its
 * activation time: a once start's use_logical_time, handed down to a workflow's tasks like every
 * inherited value, a restart's original's, a schedule slot's planned time. SYS_LDATE reads it.
 */
export const LOGICAL_DATE_VARIABLE = "&$LOGICAL_DATE#";

/** The logical date and time (epoch ms) a run's variables carry, if any. */
export function logicalTimeOf(variables: ReadonlyMap<string, unknown>): number | undefined {
  const value = variables.get(LOGICAL_DATE_VARIABLE);
  const time = typeof value === "string" ? Date.parse(value) : Number.NaN;
  return Number.isNaN(time) ? undefined : time;
}

/**
 * The restart points (`:RESTART name`) of the process page of a job (JOBS, job mode) or script
 * (SCRI), in their order; none for a page that does not parse or for other types.
 */
export function restartPoints(objectType: string, body: ObjectBody): string[] {
  if (objectType !== "JOBS" && objectType !== "SCRI") return [];
  try {
    const parsed = parseScript(scriptPage(body, "process"), objectType === "JOBS" ? "job" : "script");
    return parsed.statements.flatMap((statement) => (statement.kind === "restart" ? [statement.point] : []));
  } catch (error) {
    if (error instanceof ScriptSyntaxError) return [];
    throw error;
  }
}

/** Where and with what a job's shell text runs. */
export interface JobTarget {
  shell: string;
  agent: string;
  platform: string;
  /** Maximum runtime in seconds (`general_attributes.mrt_time`); 0 = none. */
  maxRuntimeSeconds: number;
  /** LOGIN object naming the OS user per agent (`job_attributes.login`), if any. */
  login: string | undefined;
}

/** The job's agent (upper case), platform, shell (`unix_shell`, `sh` by default) and maximum runtime. */
export function jobTarget(body: ObjectBody): JobTarget {
  const attributes = isRecord(body["job_attributes"]) ? body["job_attributes"] : {};
  const shell = typeof attributes["unix_shell"] === "string" && attributes["unix_shell"] !== "" ? attributes["unix_shell"] : "sh";
  const agent = typeof attributes["agent"] === "string" ? attributes["agent"].toUpperCase() : "";
  const platform = typeof attributes["platform"] === "string" ? attributes["platform"] : "UNIX";
  const mrt = Number(body.general_attributes["mrt_time"] ?? 0);
  const login = typeof attributes["login"] === "string" && attributes["login"] !== "" ? attributes["login"].toUpperCase() : undefined;
  return { shell, agent, platform, maxRuntimeSeconds: Number.isInteger(mrt) && mrt > 0 ? mrt : 0, login };
}

/** `object_variables: [{name: "&X#", value: "..."}]` as a map keyed by upper-case name. */
export function objectVariables(body: ObjectBody): Map<string, string> {
  const variables = new Map<string, string>();
  const entries = body["object_variables"];
  if (!Array.isArray(entries)) return variables;
  for (const entry of entries) {
    if (isRecord(entry) && typeof entry["name"] === "string") {
      const value = entry["value"];
      variables.set(entry["name"].toUpperCase(), value === undefined || value === null ? "" : String(value));
    }
  }
  return variables;
}
