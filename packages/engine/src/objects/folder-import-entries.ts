import { ErrorCode, InFolderObjectEntry, isRecord } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import { DomainError, ForbiddenError, ValidationError, type ValidationIssue } from "../domain/errors";
import { definitionFromFolderEntry, folderPathOf, joinFolder, normaliseFolderPath, type ObjectDefinition } from "../domain/object-definition";
import { issuesFromZod } from "../domain/validation-issues";
import { prepareObject, type PreparedObject } from "./object-writer";

/** Issues reported at most for one all-or-nothing import: enough to fix a file, not a 50 MiB answer. */
export const MAX_ISSUES = 100;
/** Issues kept at most per entry when entries are answered one by one. */
const MAX_ENTRY_ISSUES = 20;

/** One entry of a folder import after reading and checking it on its own (before comparing with what exists). */
export interface CheckedEntry {
  /** Name and type as far as the entry says them ("" where it does not). */
  name: string;
  type: string;
  /** The folder it would go to ("" the root). */
  folder: string;
  /** Ready to write, when nothing is wrong with the entry itself. */
  object?: PreparedObject;
  /** What is wrong with it: its definition, a missing right, or its name given twice. */
  issues: ValidationIssue[];
}

export interface CheckOptions {
  /** Where the entries' paths start. */
  folder: string;
  /**
   * All or nothing: a missing right throws at once (403), reading stops after MAX_ISSUES issues.
   * Otherwise every entry is read and each keeps its own problems.
   */
  strict: boolean;
}

/**
 * Reads and checks every entry (schema, definition, rights, duplicates), keeping each valid one
 * only as a prepared object with its body as JSON. Entries come back in the order sent.
 */
export async function checkEntries(principal: Principal, entries: AsyncIterable<unknown> | Iterable<unknown>, options: CheckOptions): Promise<CheckedEntry[]> {
  const checked: CheckedEntry[] = [];
  const firstAt = new Map<string, string>();
  let issueCount = 0;
  for await (const raw of entries) {
    const entry = await checkEntry(principal, raw, options, checked.length);
    if (entry.object !== undefined) {
      const duplicate = duplicateIssue(entry.object, firstAt);
      if (duplicate !== undefined) {
        entry.issues.push(duplicate);
        delete entry.object;
      }
    }
    if (!options.strict) entry.issues.splice(MAX_ENTRY_ISSUES);
    checked.push(entry);
    issueCount += entry.issues.length;
    if (options.strict && issueCount >= MAX_ISSUES) break;
  }
  return checked;
}

/** All the issues of checked entries, for an all-or-nothing import's 400. */
export function entryIssues(entries: readonly CheckedEntry[]): ValidationIssue[] {
  return entries.flatMap((entry) => entry.issues).slice(0, MAX_ISSUES);
}

async function checkEntry(principal: Principal, raw: unknown, options: CheckOptions, at: number): Promise<CheckedEntry> {
  const read = readEntry(raw, options.folder, at);
  if (read.definition === undefined) return { ...entryLabel(raw), folder: entryFolder(raw, options.folder), issues: read.issues };
  const definition = read.definition;
  const found = { name: definition.name, type: definition.type, folder: definition.folder };
  const where = `data[${at}].${read.member}`;
  try {
    return { ...found, object: await prepareObject(principal, definition, where), issues: [] };
  } catch (error) {
    if (options.strict && error instanceof ForbiddenError) throw error;
    if (!(error instanceof DomainError)) throw error;
    return { ...found, issues: error instanceof ValidationError ? [...error.issues] : [{ code: error.code, path: `${where}.general_attributes.name`, error: error.details || error.message, invalidValue: definition.name }] };
  }
}

/** One entry read: its definition (or the issues that keep it from being one) and where its body lies in it. */
function readEntry(raw: unknown, folder: string, at: number): { definition?: ObjectDefinition; member?: string; issues: ValidationIssue[] } {
  const entry = InFolderObjectEntry.safeParse(raw);
  if (!entry.success) return { issues: issuesFromZod(entry.error, raw, { prefix: `data[${at}]`, code: () => ErrorCode.INVALID_OBJECT }) };
  return { ...definitionFromFolderEntry(entry.data, folder, at), member: entry.data.member ?? entry.data.key };
}

/** Name and type of an entry that may not be valid, as far as it says them, so that its problems can be told apart. */
function entryLabel(raw: unknown): { name: string; type: string } {
  const holder = isRecord(raw) && isRecord(raw["data"]) ? raw["data"] : raw;
  const [key, body] = isRecord(holder) ? (Object.entries(holder).find(([k]) => k !== "path") ?? []) : [];
  const attributes = isRecord(body) ? body["general_attributes"] : undefined;
  const name = isRecord(attributes) && typeof attributes["name"] === "string" ? attributes["name"].trim().toUpperCase() : "";
  return { name, type: key === undefined ? "" : key.toUpperCase() };
}

/** The folder an entry that may not be valid names (the folder imported into when its path is unusable). */
function entryFolder(raw: unknown, folder: string): string {
  const path = isRecord(raw) && typeof raw["path"] === "string" ? normaliseFolderPath(raw["path"]) : null;
  return path === null ? folder : joinFolder(folder, path);
}

/** An object (or folder path) that an import names twice. */
function duplicateIssue(object: PreparedObject, firstAt: Map<string, string>): ValidationIssue | undefined {
  const key = object.type === "FOLD" ? `FOLD ${folderPathOf(object)}` : object.name;
  const first = firstAt.get(key);
  if (first === undefined) {
    firstAt.set(key, object.at);
    return undefined;
  }
  return { code: ErrorCode.INVALID_OBJECT, path: `${object.at}.general_attributes.name`, error: `is imported twice (also at ${first})`, invalidValue: object.name };
}
