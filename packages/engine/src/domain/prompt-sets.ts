import { ErrorCode, type ObjectBody } from "@baton/contract";
import type { ValidationIssue } from "./errors";
import { isRecord } from "./object-definition";

/** One input a prompt set (PRPT) declares. */
export interface PromptInput {
  /** Name as declared, upper case, ending in `#` (e.g. TEXT1#). */
  name: string;
  type: "text" | "number";
  defaultValue: string | undefined;
  required: boolean;
}

/** The prompt sets an object references (`prompt_set_list: [{"name": "PRPT.X"}]`), upper case. */
export function promptSetNames(body: ObjectBody): string[] {
  const list = body["prompt_set_list"];
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => (typeof entry === "string" ? entry : isRecord(entry) ? (entry["name"] ?? entry["object_name"] ?? entry["prpt"]) : undefined))
    .filter((name): name is string => typeof name === "string" && name !== "")
    .map((name) => name.toUpperCase());
}

/** The inputs of a PRPT body (`prompt_elements: [{name, type, default, required}]`). */
export function promptInputs(body: ObjectBody): PromptInput[] {
  const elements = Array.isArray(body["prompt_elements"]) ? body["prompt_elements"].filter(isRecord) : [];
  return elements.map((e) => {
    const raw = String(e["name"] ?? "").toUpperCase().replace(/^&/, "");
    const defaultValue = e["default"];
    return {
      name: raw.endsWith("#") ? raw : `${raw}#`,
      type: String(e["type"] ?? "text").toLowerCase() === "number" ? "number" : "text",
      defaultValue: defaultValue === undefined || defaultValue === null ? undefined : String(defaultValue),
      required: String(e["required"] ?? "0") === "1",
    };
  });
}

/**
 * Checks start inputs against the declared prompt inputs and returns the variables they set
 * (`&NAME#` → value; declared defaults fill what was not sent). Unknown inputs, missing required
 * ones and non-numbers for number inputs are issues at `inputs.NAME`.
 */
export function resolveInputs(declared: readonly PromptInput[], sent: Readonly<Record<string, unknown>>, path: string): { variables: Map<string, string>; issues: ValidationIssue[] } {
  const issues: ValidationIssue[] = [];
  const variables = new Map<string, string>();
  const byName = new Map(declared.map((input) => [input.name, input]));
  const sentNames = new Set<string>();
  for (const [key, value] of Object.entries(sent)) {
    const name = key.toUpperCase().replace(/^&/, "");
    const normalised = name.endsWith("#") ? name : `${name}#`;
    sentNames.add(normalised);
    const input = byName.get(normalised);
    if (input === undefined) {
      issues.push({ code: ErrorCode.INVALID_REQUEST, path: `${path}.${key}`, error: declared.length === 0 ? "this object takes no prompt inputs" : `is not an input of the object's prompt sets (${declared.map((d) => d.name).join(", ")})`, invalidValue: value ?? null });
      continue;
    }
    const text = value === null || value === undefined ? "" : String(value);
    if (input.type === "number" && (text.trim() === "" || Number.isNaN(Number(text)))) {
      issues.push({ code: ErrorCode.INVALID_REQUEST, path: `${path}.${key}`, error: "must be a number", invalidValue: value ?? null });
      continue;
    }
    variables.set(`&${normalised}`, text);
  }
  for (const input of declared) {
    if (sentNames.has(input.name)) continue;
    if (input.defaultValue !== undefined) variables.set(`&${input.name}`, input.defaultValue);
    else if (input.required) issues.push({ code: ErrorCode.INVALID_REQUEST, path: `${path}.${input.name}`, error: "is required", invalidValue: null });
  }
  return { variables, issues };
}
