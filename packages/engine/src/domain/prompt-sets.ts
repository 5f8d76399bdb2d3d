import { ErrorCode, isRecord, jobEnvironmentName, type ObjectBody } from "@baton/contract";
import type { ValidationIssue } from "./errors";

/** One input a prompt set (PRPT) declares. */
export interface PromptInput {
  /** Name as declared, upper case, ending in `#` (e.g. TEXT1#). */
  name: string;
  type: "text" | "number";
  defaultValue: string | undefined;
  required: boolean;
  /** `max_length`: most characters a value may have; DEFAULT_MAX_INPUT_LENGTH when not declared. */
  maxLength: number;
  /** `allowed_values`: the only values accepted, when declared. */
  allowedValues: readonly string[] | undefined;
  /** `mask`: a pattern the whole value must match (`*`, `?`, `[a-z]`; see matchesMask). */
  mask: string | undefined;
  /** `allow_shell_characters: "1"`: values may hold characters a shell interprets (SHELL_CHARACTERS). */
  allowShellCharacters: boolean;
}

/** Characters of an input the object's author has to ask for: a value with none of them cannot end, start or nest a shell command where `&NAME#` stands. */
export const SHELL_CHARACTERS = /[$`;|&<>()'"\\\n\r]/;

/** Longest value an input takes when its element declares no `max_length`. */
export const DEFAULT_MAX_INPUT_LENGTH = 1024;

/** The prompt sets an object references (`prompt_set_list: [{"name": "PRPT.X"}]`), upper case. */
export function promptSetNames(body: ObjectBody): string[] {
  const list = body["prompt_set_list"];
  if (!Array.isArray(list)) return [];
  return list
    .map((entry) => (typeof entry === "string" ? entry : isRecord(entry) ? (entry["name"] ?? entry["object_name"] ?? entry["prpt"]) : undefined))
    .filter((name): name is string => typeof name === "string" && name !== "")
    .map((name) => name.toUpperCase());
}

/**
 * The inputs of a PRPT body (`prompt_elements: [{name, type, default, required, max_length,
 * allowed_values, mask, allow_shell_characters}]`).
 */
export function promptInputs(body: ObjectBody): PromptInput[] {
  const elements = Array.isArray(body["prompt_elements"]) ? body["prompt_elements"].filter(isRecord) : [];
  return elements.map((e) => {
    const raw = String(e["name"] ?? "").toUpperCase().replace(/^&/, "");
    const defaultValue = e["default"];
    const maxLength = Number(e["max_length"]);
    const allowed = e["allowed_values"];
    const mask = e["mask"];
    return {
      name: raw.endsWith("#") ? raw : `${raw}#`,
      type: String(e["type"] ?? "text").toLowerCase() === "number" ? "number" : "text",
      defaultValue: defaultValue === undefined || defaultValue === null ? undefined : String(defaultValue),
      required: String(e["required"] ?? "0") === "1",
      maxLength: Number.isInteger(maxLength) && maxLength > 0 ? maxLength : DEFAULT_MAX_INPUT_LENGTH,
      allowedValues: Array.isArray(allowed) ? allowed.filter((v) => typeof v === "string" || typeof v === "number").map(String) : undefined,
      mask: typeof mask === "string" && mask !== "" ? mask : undefined,
      allowShellCharacters: String(e["allow_shell_characters"] ?? "0") === "1",
    };
  });
}

/**
 * Checks start inputs against the declared prompt inputs and returns the variables they set
 * (`&NAME#` → value; declared defaults fill what was not sent). Every way inputs enter an execution
 * (a start, a restart, once and recurring starts) comes through here, and `&NAME#` is replaced in the
 * process page as text before a shell reads it, so a caller who may only execute the object must
 * not get to write shell code through a value: unknown inputs, missing required ones, values that
 * break their element's rules (see `valueProblem`) are issues at `inputs.NAME`, and nothing starts.
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
    const refuse = (error: string) => issues.push({ code: ErrorCode.INVALID_REQUEST, path: `${path}.${key}`, error, invalidValue: value ?? null });
    if (input === undefined) {
      refuse(declared.length === 0 ? "this object takes no prompt inputs" : `is not an input of the object's prompt sets (${declared.map((d) => d.name).join(", ")})`);
      continue;
    }
    if (value !== null && value !== undefined && typeof value !== "string" && typeof value !== "number" && typeof value !== "boolean") {
      refuse("must be a text, a number or a boolean");
      continue;
    }
    const text = value === null || value === undefined ? "" : String(value);
    const problem = valueProblem(input, text);
    if (problem !== undefined) {
      refuse(problem);
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

/**
 * The inputs a workflow hands one of its tasks: of the values the workflow inherited and its earlier
 * tasks passed (`&NAME#` → value), those the task's prompt sets declare. Given to resolveInputs as
 * the sent inputs, they are checked and completed with the task's defaults as a direct start's are;
 * the other variables reach the task as they are.
 */
export function inheritedInputs<V>(declared: readonly PromptInput[], inherited: ReadonlyMap<string, V>): Record<string, V> {
  const sent: Record<string, V> = {};
  for (const input of declared) {
    const value = inherited.get(`&${input.name}`);
    if (value !== undefined) sent[input.name] = value;
  }
  return sent;
}

/** What is wrong with `text` as a value of `input`, or undefined when it is accepted. */
function valueProblem(input: PromptInput, text: string): string | undefined {
  if (input.type === "number" && (text.trim() === "" || !Number.isFinite(Number(text)))) return "must be a number";
  const length = [...text].length;
  if (length > input.maxLength) return `is ${length} characters long; at most ${input.maxLength} are allowed`;
  if (text.includes("\0")) return "must not contain NUL characters";
  if (input.allowedValues !== undefined && !input.allowedValues.includes(text)) return `must be one of ${input.allowedValues.map((v) => JSON.stringify(v)).join(", ")}`;
  if (input.mask !== undefined && !matchesMask(text, input.mask)) return `does not match the mask ${JSON.stringify(input.mask)}`;
  // The element's own default is the author's text, so sending it back (as the console's restart
  // dialog does with the values of the run) writes nothing the author did not.
  if (!input.allowShellCharacters && text !== input.defaultValue && SHELL_CHARACTERS.test(text)) {
    return "contains characters a shell interprets ($ ` ; | & < > ( ) ' \" \\ or a line break), which this input does not allow (its prompt set element would need allow_shell_characters \"1\")";
  }
  return undefined;
}

/** One position of a mask: any run of characters, or a test for exactly one. */
type MaskToken = { kind: "any" } | { kind: "one"; test: (ch: string) => boolean };

/**
 * Reads a mask: `*` any run of characters, `?` any one, `[a-z0-9_]` one of a set (`[!...]` or
 * `[^...]` one not in it), `\x` the character x, anything else itself. An unclosed `[` is itself.
 */
function maskTokens(mask: string): MaskToken[] {
  const chars = [...mask];
  const tokens: MaskToken[] = [];
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i] ?? "";
    if (ch === "*") tokens.push({ kind: "any" });
    else if (ch === "?") tokens.push({ kind: "one", test: () => true });
    else if (ch === "\\" && i + 1 < chars.length) {
      const literal = chars[++i];
      tokens.push({ kind: "one", test: (c) => c === literal });
    } else if (ch === "[" && chars.indexOf("]", i + 2) > i) {
      const close = chars.indexOf("]", i + 2);
      let set = chars.slice(i + 1, close);
      const negated = set[0] === "!" || set[0] === "^";
      if (negated) set = set.slice(1);
      const ranges: Array<[string, string]> = [];
      for (let j = 0; j < set.length; j++) {
        const from = set[j] ?? "";
        if (set[j + 1] === "-" && j + 2 < set.length) {
          ranges.push([from, set[j + 2] ?? from]);
          j += 2;
        } else ranges.push([from, from]);
      }
      tokens.push({ kind: "one", test: (c) => ranges.some(([from, to]) => c >= from && c <= to) !== negated });
      i = close;
    } else tokens.push({ kind: "one", test: (c) => c === ch });
  }
  return tokens;
}

/**
 * Whether the whole of `value` matches `mask` (see maskTokens). Not a regular expression on
 * purpose: the value comes from whoever starts the object, and this match takes at most
 * value × mask steps (the star backtracks only to the last `*`), where a regular expression of
 * nested repeats can take exponential time.
 */
export function matchesMask(value: string, mask: string): boolean {
  const text = [...value];
  const tokens = maskTokens(mask);
  let t = 0;
  let m = 0;
  let starAt = -1;
  let starText = 0;
  while (t < text.length) {
    const token = tokens[m];
    if (token?.kind === "one" && token.test(text[t] ?? "")) {
      t++;
      m++;
    } else if (token?.kind === "any") {
      starAt = m++;
      starText = t;
    } else if (starAt >= 0) {
      m = starAt + 1;
      t = ++starText;
    } else return false;
  }
  while (tokens[m]?.kind === "any") m++;
  return m === tokens.length;
}

/**
 * The job variables that come from outside the object's definition (prompt inputs, and in a
 * workflow what earlier tasks passed) as environment variables (`&IN#` → `IN`, see
 * `jobEnvironmentName`): the channel a job reads them through as data (`"$IN"`), where `&IN#` is
 * text put into the script.
 */
export function variablesAsEnvironment(variables: ReadonlyMap<string, string | number>): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [variable, value] of variables) {
    const name = jobEnvironmentName(variable);
    if (name !== undefined) env[name] = String(value);
  }
  return env;
}
