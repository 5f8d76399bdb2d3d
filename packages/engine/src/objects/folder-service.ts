import { ErrorCode, InFolderObjectEntry, Right, type OutFolderObjectEntry } from "@baton/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/authenticator";
import { mayReadObject, requireDeleteObject } from "../auth/acts";
import { allowsFolder, displayFolderPath } from "../domain/folder-rights";
import { ConflictsError, NotFoundError, ValidationError, invalid, type ValidationIssue } from "../domain/errors";
import { definitionFromFolderEntry, folderDefinition, folderPathOf, normaliseFolderPath, relativeFolder, type ObjectDefinition } from "../domain/object-definition";
import { objectReferences } from "../domain/object-references";
import { issuesFromZod } from "../domain/validation-issues";
import type { Clock } from "../runtime/clock";
import type { Store } from "../store/connect";
import { explicitFoldersInTree, folderExists, writeFolder } from "../store/folders-store";
import { deleteObjects, objectFoldersInTree, objectTypesNamed, objectsInFolderTree, type TreePosition } from "../store/objects-store";
import type { Database } from "../store/schema";
import { ACCOUNT_TYPES, lockImports, prepareObject, requireFolderRight, writeObjects, type PreparedObject, type WriteConflict, type WriteResult } from "./object-writer";
import { inTransaction } from "../store/transaction";

/** Issues reported at most for one import: enough to fix a file, not a 50 MiB answer. */
const MAX_ISSUES = 100;
/** Objects read per query while exporting. */
const EXPORT_PAGE = 500;
/** Export text is written in pieces of about this many characters. */
const EXPORT_PIECE = 64 * 1024;

/** What a folder import did. */
export interface FolderImport {
  folder: string;
  /** Folders made because the target folder did not exist. */
  createdFolders: string[];
  objects: { name: string; type: string; folder: string; result: WriteResult }[];
  /** Objects deleted (ImportOptions.remove) that existed. */
  removed: string[];
}

export interface ImportOptions {
  folderPath: string;
  overwrite: boolean;
  /** Objects to delete in the same transaction (each needs the delete right); missing ones are skipped. */
  remove?: readonly { type: string; name: string }[];
  /**
   * Runs after every entry was checked and before anything is written; when it throws, nothing is
   * written. A repository pushes here, so that a refused push leaves the definitions as they were.
   */
  beforeWrite?: () => Promise<void>;
}

/** Importing and exporting whole folders (OutFolderObjects / InFolderObjects). */
export class FolderService {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    /** Called after users or groups changed, so that cached logins and rights are dropped. */
    private readonly onAccountsChanged: () => void,
  ) {}

  /**
   * Imports the entries of a folder export below `folderPath`, all or nothing: every entry is read
   * and checked as it arrives, then one transaction writes them all, or nothing when any entry is
   * invalid, may not be written or conflicts with an existing object. Imports of a client write one
   * at a time; a second waits for the first and then sees what it wrote.
   */
  async import(principal: Principal, entries: AsyncIterable<unknown> | Iterable<unknown>, options: ImportOptions): Promise<FolderImport> {
    const folder = normaliseFolderPath(options.folderPath);
    if (folder === null) throw invalid(ErrorCode.INVALID_REQUEST, "folder_path", "is not a valid folder path", options.folderPath);
    const prepared = await prepareEntries(principal, entries, folder);
    const remove = options.remove ?? [];
    for (const object of remove) requireDeleteObject(principal, object);
    await options.beforeWrite?.();
    const now = this.clock.now();
    const written = await inTransaction(this.store.db, async (trx) => {
      await lockImports(trx, this.store.dialect, principal.client);
      const removed = await deleteObjects(trx, principal.client, remove.map((object) => object.name));
      const createdFolders = folder !== "" && !(await folderExists(trx, principal.client, folder)) ? [folder] : [];
      const results = await writeObjects(trx, prepared, { client: principal.client, user: principal.userName, now, overwrite: options.overwrite, refuse: conflictsError });
      for (const path of createdFolders) {
        requireFolderRight(principal, Right.WRITE, path);
        await writeFolder(trx, principal.client, path, JSON.stringify(folderDefinition(path).body), principal.userName, now, false);
      }
      return { createdFolders, results, removed };
    });
    if ([...prepared, ...remove].some((object) => ACCOUNT_TYPES.has(object.type))) this.onAccountsChanged();
    return {
      folder,
      createdFolders: written.createdFolders,
      objects: prepared.map((object, index) => ({ name: object.name, type: object.type, folder: object.folder, result: written.results[index] ?? "created" })),
      removed: written.removed,
    };
  }

  /**
   * Checks the folder to export (400 for a bad path, 404 when it does not exist) and returns the
   * export as JSON text in pieces, written while the folder is read page by page.
   */
  async export(principal: Principal, path: string): Promise<AsyncIterable<string>> {
    const folder = normaliseFolderPath(path);
    if (folder === null) throw invalid(ErrorCode.INVALID_REQUEST, "folder_path", "is not a valid folder path", path);
    if (!(await folderExists(this.store.db, principal.client, folder))) {
      throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Folder not found.", `Folder '${path}' does not exist in client ${principal.client}.`);
    }
    return exportText(this.store.db, principal, folder);
  }
}

/**
 * Reads and checks every entry (schema, definition, rights, duplicates), keeping each only as a
 * prepared object with its body as JSON; throws 400 with the issues of all entries (up to
 * MAX_ISSUES) when any is invalid.
 */
async function prepareEntries(principal: Principal, entries: AsyncIterable<unknown> | Iterable<unknown>, folder: string): Promise<PreparedObject[]> {
  const prepared: PreparedObject[] = [];
  const issues: ValidationIssue[] = [];
  const firstAt = new Map<string, string>();
  let index = 0;
  for await (const raw of entries) {
    const at = index++;
    const read = readEntry(raw, folder, at);
    issues.push(...read.issues);
    if (read.definition !== undefined) {
      const object = await prepareObject(principal, read.definition, `data[${at}].${read.member}`);
      const duplicate = duplicateIssue(object, firstAt);
      if (duplicate === undefined) prepared.push(object);
      else issues.push(duplicate);
    }
    if (issues.length >= MAX_ISSUES) break;
  }
  if (issues.length > 0) throw new ValidationError(issues.slice(0, MAX_ISSUES));
  return prepared;
}

/** One entry read: its definition (or the issues that keep it from being one) and where its body lies in it. */
function readEntry(raw: unknown, folder: string, at: number): { definition?: ObjectDefinition; member?: string; issues: ValidationIssue[] } {
  const entry = InFolderObjectEntry.safeParse(raw);
  if (!entry.success) return { issues: issuesFromZod(entry.error, raw, { prefix: `data[${at}]`, code: () => ErrorCode.INVALID_OBJECT }) };
  return { ...definitionFromFolderEntry(entry.data, folder, at), member: entry.data.member ?? entry.data.key };
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

/** A folder import that conflicts answers 400 with one OutValidationError per object. */
function conflictsError(conflicts: readonly WriteConflict[]): ConflictsError {
  return new ConflictsError(
    conflicts.map(({ object, existingType }) => ({
      code: ErrorCode.OBJECT_EXISTS,
      path: `${object.at}.general_attributes.name`,
      error:
        existingType === object.type
          ? "already exists; import with overwrite_existing_objects=true to replace it"
          : `exists as ${existingType}; an object of type ${object.type} cannot replace it`,
      invalidValue: object.name,
    })),
  );
}

/**
 * The folder's content as OutFolderObjects text, in the vendor's entries `{"data": {"<type>": body},
 * "path": ...}`: first the folder itself (not for the root) and its subfolders (FOLD entries), then
 * its objects by folder and name, each `path` relative to the folder the exported one lies in (the
 * folder's own entry has path "", its objects the folder's name); then the warnings: objects the
 * exported ones refer to that exist outside the export, and what the principal may not read.
 */
async function* exportText(db: Kysely<Database>, principal: Principal, folder: string): AsyncGenerator<string> {
  const denied: string[] = [];
  const exported = new Set<string>();
  const referenced = new Set<string>();
  const base = folder.includes("/") ? folder.slice(0, folder.lastIndexOf("/")) : "";
  const pieces = new PieceWriter('{"data":[');
  for (const tree of await foldersOfTree(db, principal.client, folder)) {
    const path = folderPathOf(tree);
    if (!allowsFolder(principal.rights, Right.READ, path)) denied.push(displayFolderPath(path));
    else yield* pieces.entry(tree, base);
  }
  let after: TreePosition | undefined;
  for (;;) {
    const page = await objectsInFolderTree(db, principal.client, folder, after, EXPORT_PAGE);
    for (const object of page) {
      if (!mayReadObject(principal, object)) {
        denied.push(object.name);
        continue;
      }
      exported.add(object.name);
      for (const reference of objectReferences(object.body)) referenced.add(reference.name);
      yield* pieces.entry(object, base);
    }
    const last = page.at(-1);
    if (last === undefined || page.length < EXPORT_PAGE) break;
    after = { folder: last.folder, name: last.name };
  }
  const outside = [...referenced].filter((name) => !exported.has(name));
  const existing = await objectTypesNamed(db, principal.client, outside);
  const warnings = { unresolved_external_references: outside.filter((name) => existing.has(name)).sort(), access_denied: denied };
  yield pieces.end(`],"warnings":${JSON.stringify(warnings)}}`);
}

/** Gathers export text into pieces of about EXPORT_PIECE characters. */
class PieceWriter {
  #text: string;
  #first = true;
  constructor(start: string) {
    this.#text = start;
  }

  /** Adds one entry, its path relative to `base`; yields a piece when enough text has gathered. */
  *entry(definition: ObjectDefinition, base: string): Generator<string> {
    const entry: OutFolderObjectEntry = { data: { [definition.type.toLowerCase()]: definition.body }, path: relativeFolder(base, definition.folder) };
    this.#text += `${this.#first ? "" : ","}${JSON.stringify(entry)}`;
    this.#first = false;
    if (this.#text.length >= EXPORT_PIECE) {
      yield this.#text;
      this.#text = "";
    }
  }

  end(tail: string): string {
    return this.#text + tail;
  }
}

/**
 * The folder itself (unless it is the root) and every folder below it (explicit ones and those
 * objects lie in), sorted by path, as FOLD definitions.
 */
async function foldersOfTree(db: Kysely<Database>, client: number, folder: string): Promise<ObjectDefinition[]> {
  const explicit = await explicitFoldersInTree(db, client, folder);
  const paths = new Set<string>(folder === "" ? [] : [folder]);
  for (const path of [...(await objectFoldersInTree(db, client, folder)), ...explicit.map((f) => f.path)]) {
    // A folder below another implies the one between: A/B/C holds A/B.
    for (let p = path; p !== folder && p !== "" && !paths.has(p); p = p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "") paths.add(p);
  }
  const bodies = new Map(explicit.map((f) => [f.path, f.body]));
  return [...paths].sort().map((path) => folderDefinition(path, bodies.get(path)));
}
