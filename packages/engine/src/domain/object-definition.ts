import { ErrorCode, OBJECT_NAME_PATTERN, type InImportObjectBody, type ObjectBody } from "@baton/contract";
import { parseScript, ScriptSyntaxError } from "@baton/script";
import { ValidationError, type ValidationIssue } from "./errors";
import { readEvent } from "./event-definition";
import { readNotification } from "./notification";
import { missingTransferMembers } from "./file-transfer";
import { readTimeZoneObject } from "./time-zone";

/** An object definition as the engine keeps it: the export-format body plus where it lives. */
export interface ObjectDefinition {
  /** Upper-case object type, e.g. JOBS. */
  type: string;
  name: string;
  /** Folder path with `/` separators and no leading or trailing separator; "" is the root folder. */
  folder: string;
  body: ObjectBody;
}

/** USER objects are named NAME/DEPARTMENT. */
const USER_NAME_PATTERN = /^[A-Z0-9._$@#-]{1,200}\/[A-Z0-9._$@#-]{1,200}$/;

/**
 * Reads an import envelope into a definition, validating what the engine relies on:
 * exactly one object, its name rules and the members of the types it runs.
 */
export function definitionFromEnvelope(envelope: InImportObjectBody): ObjectDefinition {
  const entries = Object.entries(envelope.data);
  const first = entries[0];
  if (entries.length !== 1 || first === undefined) {
    throw new ValidationError([
      { code: ErrorCode.INVALID_OBJECT, path: "data", error: "must hold exactly one object keyed by its type", invalidValue: Object.keys(envelope.data) },
    ]);
  }
  const [key, body] = first;
  const type = key.toUpperCase();
  const attributes = body.general_attributes;
  const name = attributes.name.trim().toUpperCase();
  const issues: ValidationIssue[] = [];
  const namePath = `data.${key}.general_attributes.name`;
  const namePattern = type === "USER" ? USER_NAME_PATTERN : OBJECT_NAME_PATTERN;
  if (!namePattern.test(name)) {
    issues.push({
      code: ErrorCode.INVALID_OBJECT_NAME,
      path: namePath,
      error:
        type === "USER"
          ? "a user is named NAME/DEPARTMENT (A-Z 0-9 . _ $ @ # -)"
          : "is not a valid object name (A-Z 0-9 . _ $ @ # -, at most 200 characters)",
      invalidValue: attributes.name,
    });
  }
  if (attributes.type !== undefined && attributes.type.toUpperCase() !== type) {
    issues.push({
      code: ErrorCode.INVALID_OBJECT,
      path: `data.${key}.general_attributes.type`,
      error: `does not match the object key '${key}'`,
      invalidValue: attributes.type,
    });
  }
  issues.push(...typeMemberIssues(type, key, body));
  const folder = normaliseFolderPath(envelope.path);
  if (folder === null) {
    issues.push({ code: ErrorCode.INVALID_OBJECT, path: "path", error: "is not a valid folder path", invalidValue: envelope.path });
  }
  if (issues.length > 0 || folder === null) throw new ValidationError(issues);
  const normalisedBody: ObjectBody = { ...body, general_attributes: { ...attributes, name, type } };
  return { type, name, folder, body: normalisedBody };
}

/**
 * Accepts `\` and `/` as separators; "" and "\" are the root. Refuses `.`/`..` segments and NUL.
 * Returns null when the path is not acceptable.
 */
export function normaliseFolderPath(path: string): string | null {
  if (path.includes("\0")) return null;
  const segments = path.split(/[\\/]+/).filter((s) => s.length > 0);
  for (const segment of segments) {
    if (segment === "." || segment === ".." || !OBJECT_NAME_PATTERN.test(segment.toUpperCase())) return null;
  }
  return segments.map((s) => s.toUpperCase()).join("/");
}

/** Members each executable type needs before it can run; other types are stored as documents. */
function typeMemberIssues(type: string, key: string, body: ObjectBody): ValidationIssue[] {
  switch (type) {
    case "JOBS":
      return [...jobAttributeIssues(key, body), ...scriptIssues(key, body, JOB_PAGES)];
    case "SCRI":
      return scriptIssues(key, body, { process: "script" });
    case "EVNT":
      return [...scriptIssues(key, body, { pre_process: "script", process: "script" }), ...readerIssues(key, body, "event_attributes", readEvent)];
    case "CALL":
      return readerIssues(key, body, "notification_content", readNotification);
    case "TZ":
      return readerIssues(key, body, "time_zone_attributes", readTimeZoneObject);
    case "JOBF":
      return missingTransferMembers(body).map((member) => ({
        code: ErrorCode.INVALID_OBJECT,
        path: `data.${key}.file_transfer_attributes.${member}`,
        error: "is required for a file transfer",
        invalidValue: null,
      }));
    default:
      return [];
  }
}

/** The issue a reader of a type's members throws, reported at the member it reads. */
function readerIssues(key: string, body: ObjectBody, member: string, read: (body: ObjectBody) => unknown): ValidationIssue[] {
  try {
    read(body);
    return [];
  } catch (error) {
    return [{ code: ErrorCode.INVALID_OBJECT, path: `data.${key}.${member}`, error: error instanceof Error ? error.message : String(error), invalidValue: body[member] ?? null }];
  }
}

function jobAttributeIssues(key: string, body: ObjectBody): ValidationIssue[] {
  const attributes = body["job_attributes"];
  const path = `data.${key}.job_attributes`;
  if (!isRecord(attributes)) {
    return [{ code: ErrorCode.INVALID_OBJECT, path, error: "is required for a job (agent, platform, ...)", invalidValue: attributes ?? null }];
  }
  const agent = attributes["agent"];
  if (typeof agent !== "string" || !OBJECT_NAME_PATTERN.test(agent.toUpperCase())) {
    return [{ code: ErrorCode.INVALID_OBJECT, path: `${path}.agent`, error: "must name the agent that runs the job", invalidValue: agent ?? null }];
  }
  const shell = attributes["unix_shell"];
  if (shell !== undefined && (typeof shell !== "string" || !/^[A-Za-z0-9_./-]{1,200}$/.test(shell))) {
    return [{ code: ErrorCode.INVALID_OBJECT, path: `${path}.unix_shell`, error: "must be a shell name or path such as sh, bash or /bin/ksh", invalidValue: shell }];
  }
  return [];
}

/** Job pages and how each is read: script statements only, or statements and shell text. */
const JOB_PAGES: Readonly<Record<string, "script" | "job">> = { pre_process: "script", process: "job", post_process: "script", child_post_process: "script" };

/**
 * `scripts` is an array of single-key page objects, each page an array of lines that must parse
 * in the scripting language, so a broken page is refused at import rather than at run time.
 */
function scriptIssues(key: string, body: ObjectBody, pageModes: Readonly<Record<string, "script" | "job">>): ValidationIssue[] {
  const pages = Object.keys(pageModes);
  const scripts = body["scripts"];
  const path = `data.${key}.scripts`;
  if (scripts === undefined) return [];
  if (!Array.isArray(scripts)) return [{ code: ErrorCode.INVALID_OBJECT, path, error: "must be an array of script pages", invalidValue: scripts }];
  const issues: ValidationIssue[] = [];
  scripts.forEach((entry: unknown, index) => {
    if (!isRecord(entry)) {
      issues.push({ code: ErrorCode.INVALID_OBJECT, path: `${path}[${index}]`, error: "must be an object such as {\"process\": [lines]}", invalidValue: entry });
      return;
    }
    for (const [page, lines] of Object.entries(entry)) {
      if (!pages.includes(page)) {
        issues.push({ code: ErrorCode.INVALID_OBJECT, path: `${path}[${index}].${page}`, error: `is not a script page of this type (${pages.join(", ")})`, invalidValue: page });
      } else if (!Array.isArray(lines) || !lines.every((l) => typeof l === "string")) {
        issues.push({ code: ErrorCode.INVALID_OBJECT, path: `${path}[${index}].${page}`, error: "must be an array of lines (strings)", invalidValue: lines });
      } else {
        const syntax = syntaxIssue(lines, pageModes[page] ?? "script", `${path}[${index}].${page}`);
        if (syntax !== undefined) issues.push(syntax);
      }
    }
  });
  return issues;
}

function syntaxIssue(lines: string[], mode: "script" | "job", path: string): ValidationIssue | undefined {
  try {
    parseScript(lines, mode);
    return undefined;
  } catch (error) {
    if (!(error instanceof ScriptSyntaxError)) throw error;
    return { code: ErrorCode.SCRIPT_SYNTAX, path, error: `line ${error.line}, column ${error.column}: ${error.message}`, invalidValue: lines[error.line - 1] ?? null, line: error.line, column: error.column };
  }
}

/** Lines of one script page of a definition (empty when the page is absent). */
export function scriptPage(body: ObjectBody, page: string): string[] {
  const scripts = body["scripts"];
  if (!Array.isArray(scripts)) return [];
  const lines: string[] = [];
  for (const entry of scripts) {
    if (!isRecord(entry)) continue;
    const pageLines = entry[page];
    if (Array.isArray(pageLines)) lines.push(...pageLines.filter((l): l is string => typeof l === "string"));
  }
  return lines;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
