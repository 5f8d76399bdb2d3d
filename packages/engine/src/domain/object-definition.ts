import { ErrorCode, type FolderObjectEntry, type InImportObjectBody, isObjectTypeKey, isRecord, OBJECT_NAME_PATTERN, OBJECT_TYPE_KEYS, type ObjectBody, objectBodySchema, type ObjectTypeKey } from "@baton/contract";
import { parseScript, ScriptSyntaxError } from "@baton/script";
import { invalid, ValidationError, type ValidationIssue } from "./errors";
import { issuesFromZod } from "./validation-issues";
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
 * exactly one object, its name rules, the limits of its building blocks and the members of the
 * types it runs.
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
  const read = readDefinition(key, body, { path: envelope.path, issuePath: "path", base: "" }, `data.${key}`);
  if (read.definition === undefined) throw new ValidationError(read.issues);
  return read.definition;
}

/** A definition, or the issues that keep it from being one. */
export type DefinitionResult = { definition: ObjectDefinition; issues: [] } | { definition: undefined; issues: ValidationIssue[] };

/**
 * Reads one entry of a folder import (`data[index]`): its path is relative to `baseFolder`, the
 * folder the import goes to. Returns the issues rather than throwing, so that an import can
 * report those of many entries at once.
 */
export function definitionFromFolderEntry(entry: FolderObjectEntry, baseFolder: string, index: number): DefinitionResult {
  return readDefinition(entry.key, entry.body, { path: entry.path, issuePath: `data[${index}].path`, base: baseFolder }, `data[${index}].${entry.member ?? entry.key}`);
}

/** Where an object goes: a folder path as sent, relative to `base`, and where to report it. */
interface FolderOfObject {
  path: string;
  issuePath: string;
  base: string;
}

function readDefinition(key: string, body: ObjectBody, where: FolderOfObject, prefix: string): DefinitionResult {
  if (!isObjectTypeKey(key)) {
    return { definition: undefined, issues: [{ code: ErrorCode.INVALID_OBJECT, path: prefix, error: `is not an object type; use one of ${OBJECT_TYPE_KEYS.join(", ")}`, invalidValue: key }] };
  }
  const type = key.toUpperCase();
  const attributes = body.general_attributes;
  const name = attributes.name.trim().toUpperCase();
  const issues: ValidationIssue[] = [...nameIssues(type, name, attributes.name, prefix), ...bodyIssues(key, body, prefix)];
  if (attributes.type !== undefined && attributes.type.toUpperCase() !== type) {
    issues.push({ code: ErrorCode.INVALID_OBJECT, path: `${prefix}.general_attributes.type`, error: `does not match the object key '${key}'`, invalidValue: attributes.type });
  }
  const relative = normaliseFolderPath(where.path);
  if (relative === null) issues.push({ code: ErrorCode.INVALID_OBJECT, path: where.issuePath, error: "is not a valid folder path", invalidValue: where.path });
  if (issues.length > 0 || relative === null) return { definition: undefined, issues };
  const normalisedBody: ObjectBody = { ...body, general_attributes: { ...attributes, name, type } };
  return { definition: { type, name, folder: joinFolder(where.base, relative), body: normalisedBody }, issues: [] };
}

function nameIssues(type: string, name: string, sent: string, prefix: string): ValidationIssue[] {
  const namePattern = type === "USER" ? USER_NAME_PATTERN : OBJECT_NAME_PATTERN;
  // A folder's name is a segment of paths: `.` and `..` would lead out of the folder it lies in.
  if (type === "FOLD" && /^\.{1,2}$/.test(name)) return [{ code: ErrorCode.INVALID_OBJECT_NAME, path: `${prefix}.general_attributes.name`, error: "is not a valid folder name (. and .. are not)", invalidValue: sent }];
  if (namePattern.test(name)) return [];
  const error = type === "USER" ? "a user is named NAME/DEPARTMENT (A-Z 0-9 . _ $ @ # -)" : "is not a valid object name (A-Z 0-9 . _ $ @ # -, at most 200 characters)";
  return [{ code: ErrorCode.INVALID_OBJECT_NAME, path: `${prefix}.general_attributes.name`, error, invalidValue: sent }];
}

/** The limits of the type's building blocks, then what the engine reads of the types it runs. */
function bodyIssues(key: ObjectTypeKey, body: ObjectBody, prefix: string): ValidationIssue[] {
  const checked = objectBodySchema(key).safeParse(body);
  if (!checked.success) return issuesFromZod(checked.error, body, { prefix, code: () => ErrorCode.INVALID_OBJECT });
  return typeMemberIssues(key.toUpperCase(), prefix, body);
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

/** `relative` below `base` (both normalised; "" is the root or the base itself). */
export function joinFolder(base: string, relative: string): string {
  if (base === "") return relative;
  return relative === "" ? base : `${base}/${relative}`;
}

/** `folder` relative to `base`, which holds it ("" when they are the same). */
export function relativeFolder(base: string, folder: string): string {
  if (base === "") return folder;
  return folder === base ? "" : folder.slice(base.length + 1);
}

/** The path of the folder a FOLD definition stands for: its name below its folder. */
export function folderPathOf(definition: Pick<ObjectDefinition, "folder" | "name">): string {
  return joinFolder(definition.folder, definition.name);
}

/**
 * The FOLD definition of the folder at `path` (not the root): its stored body, or for a folder that
 * exists because objects are in it, a body with just its name. Its folder is the parent.
 */
export function folderDefinition(path: string, body?: ObjectBody): ObjectDefinition {
  const cut = path.lastIndexOf("/");
  const name = path.slice(cut + 1);
  const attributes = { ...body?.general_attributes, name, type: "FOLD" };
  return { type: "FOLD", name, folder: cut === -1 ? "" : path.slice(0, cut), body: { ...body, general_attributes: attributes } };
}

/** Members each executable type needs before it can run; other types are stored as documents. */
function typeMemberIssues(type: string, prefix: string, body: ObjectBody): ValidationIssue[] {
  switch (type) {
    case "JOBS":
      return [...jobAttributeIssues(prefix, body), ...syntaxIssues(prefix, body, JOB_PAGES)];
    case "SCRI":
      return syntaxIssues(prefix, body, { process: "script" });
    case "EVNT":
      return [...syntaxIssues(prefix, body, { pre_process: "script", process: "script" }), ...readerIssues(prefix, body, "event_attributes", readEvent)];
    case "CALL":
      return readerIssues(prefix, body, "notification_content", readNotification);
    case "TZ":
      return readerIssues(prefix, body, "time_zone_attributes", readTimeZoneObject);
    case "JOBF":
      return missingTransferMembers(body).map((member) => ({
        code: ErrorCode.INVALID_OBJECT,
        path: `${prefix}.file_transfer_attributes.${member}`,
        error: "is required for a file transfer",
        invalidValue: null,
      }));
    default:
      return [];
  }
}

/** The issue a reader of a type's members throws, reported at the member it reads. */
function readerIssues(prefix: string, body: ObjectBody, member: string, read: (body: ObjectBody) => unknown): ValidationIssue[] {
  try {
    read(body);
    return [];
  } catch (error) {
    return [{ code: ErrorCode.INVALID_OBJECT, path: `${prefix}.${member}`, error: error instanceof Error ? error.message : String(error), invalidValue: body[member] ?? null }];
  }
}

function jobAttributeIssues(prefix: string, body: ObjectBody): ValidationIssue[] {
  const attributes = body["job_attributes"];
  const path = `${prefix}.job_attributes`;
  if (!isRecord(attributes)) {
    return [{ code: ErrorCode.INVALID_OBJECT, path, error: "is required for a job (agent, platform, ...)", invalidValue: attributes ?? null }];
  }
  const agent = attributes["agent"];
  // `<WIN>`, `<UNIX>`, ...: the placeholder of a job made from a template, as the vendor's engine
  // exports it; such a job imports and waits for an agent of that name like any unknown agent.
  if (typeof agent !== "string" || !(OBJECT_NAME_PATTERN.test(agent.toUpperCase()) || AGENT_PLACEHOLDER.test(agent.toUpperCase()))) {
    return [{ code: ErrorCode.INVALID_OBJECT, path: `${path}.agent`, error: "must name the agent that runs the job", invalidValue: agent ?? null }];
  }
  const shell = attributes["unix_shell"];
  if (shell !== undefined && (typeof shell !== "string" || !/^[A-Za-z0-9_./-]{1,200}$/.test(shell))) {
    return [{ code: ErrorCode.INVALID_OBJECT, path: `${path}.unix_shell`, error: "must be a shell name or path such as sh, bash or /bin/ksh", invalidValue: shell }];
  }
  return [];
}

/** The agent of a job made from a vendor template: an agent type in angle brackets. */
const AGENT_PLACEHOLDER = /^<[A-Z0-9._$@#-]{1,198}>$/;

/** Job pages and how each is read: script statements only, or statements and shell text. */
const JOB_PAGES: Readonly<Record<string, "script" | "job">> = { pre_process: "script", process: "job", post_process: "script", child_post_process: "script" };

/**
 * The pages of a type the engine runs must parse in the scripting language, so a broken page is
 * refused at import rather than at run time. (Their shape is checked with the building blocks.)
 */
function syntaxIssues(prefix: string, body: ObjectBody, pageModes: Readonly<Record<string, "script" | "job">>): ValidationIssue[] {
  const scripts = body["scripts"];
  if (!Array.isArray(scripts)) return [];
  return scripts.flatMap((entry: unknown, index) =>
    Object.entries(isRecord(entry) ? entry : {}).flatMap(([page, lines]) => {
      const mode = pageModes[page];
      if (mode === undefined || !Array.isArray(lines) || !lines.every((l) => typeof l === "string")) return [];
      return syntaxIssue(lines, mode, `${prefix}.scripts[${index}].${page}`) ?? [];
    }),
  );
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

/**
 * Takes `user_attributes.password` out of a USER definition (at `prefix`, e.g. `data.user`), so
 * that only its hash is ever kept.
 */
export function withoutPassword(definition: ObjectDefinition, prefix: string): { definition: ObjectDefinition; password?: string } {
  const attributes = definition.body["user_attributes"];
  if (definition.type !== "USER" || !isRecord(attributes) || !("password" in attributes)) return { definition };
  const { password, ...rest } = attributes;
  if (typeof password !== "string" || password.length === 0 || password.length > 1024) {
    throw invalid(ErrorCode.INVALID_OBJECT, `${prefix}.user_attributes.password`, "must be a non-empty string of at most 1024 characters", null);
  }
  return { definition: { ...definition, body: { ...definition.body, user_attributes: rest } }, password };
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
