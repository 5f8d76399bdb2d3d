import { classifyLine, substituteVariables } from "@baton/script";
import type { ObjectBody } from "@baton/contract";
import { isRecord, scriptPage } from "./object-definition";

/** The shell text an agent runs for a job, and the shell that runs it. */
export interface GeneratedJob {
  shell: string;
  script: string;
  agent: string;
  platform: string;
}

/**
 * Generates a job's shell script from its process page: `&VAR#` object variables are
 * substituted in text lines; statement (`:`) and comment (`!`) lines are script-language lines
 * and never reach the shell.
 */
export function generateJob(body: ObjectBody): GeneratedJob {
  const attributes = isRecord(body["job_attributes"]) ? body["job_attributes"] : {};
  const variables = objectVariables(body);
  const lines = scriptPage(body, "process")
    .filter((line) => classifyLine(line) === "text")
    .map((line) => substituteVariables(line, (name) => variables.get(name)));
  const shell = typeof attributes["unix_shell"] === "string" && attributes["unix_shell"] !== "" ? attributes["unix_shell"] : "sh";
  const agent = typeof attributes["agent"] === "string" ? attributes["agent"].toUpperCase() : "";
  const platform = typeof attributes["platform"] === "string" ? attributes["platform"] : "UNIX";
  return { shell, script: lines.length === 0 ? "" : `${lines.join("\n")}\n`, agent, platform };
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
