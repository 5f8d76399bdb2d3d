import { isDeepStrictEqual } from "node:util";
import { ErrorCode, ObjectBody, Right, type FolderImportChange } from "@baton/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/authenticator";
import { mayReadObject, requireDeleteObject } from "../auth/acts";
import { ConflictsError, ValidationError, invalid, type ValidationIssue } from "../domain/errors";
import { folderDefinition, folderPathOf, normaliseFolderPath } from "../domain/object-definition";
import type { Clock } from "../runtime/clock";
import type { Store } from "../store/connect";
import { findFolder, folderExists, writeFolder } from "../store/folders-store";
import { deleteObjects, objectRowsNamed, type StoredRow } from "../store/objects-store";
import { parseStored } from "../store/stored-json";
import type { Database } from "../store/schema";
import { inTransaction } from "../store/transaction";
import { checkEntries, entryIssues, type CheckedEntry } from "./folder-import-entries";
import { ACCOUNT_TYPES, lockImports, requireFolderRight, writeObjects, type ExistingObjects, type PreparedObject, type WriteConflict, type WriteResult } from "./object-writer";

/** Names read per query when comparing with what exists. */
const NAMES_PER_READ = 500;

/** What an import did, or in a dry run would do, with one entry. */
export interface ImportedEntry {
  name: string;
  type: string;
  folder: string;
  result: WriteResult | "skipped";
  /** Against what the client holds; undefined when the entry is invalid whatever exists. */
  change?: FolderImportChange;
  /** The folder the object lies in now, when writing the entry moves it to another (only for an object the principal may read). */
  movedFrom?: string;
  /** Why a skipped entry cannot be imported. */
  problems: ValidationIssue[];
}

/** What a folder import did. */
export interface FolderImport {
  folder: string;
  /** Folders made (or, in a dry run, to be made) because the target folder did not exist. */
  createdFolders: string[];
  /** All or nothing: the objects written. Entry by entry (dry run, skipInvalid): every entry in the order sent. */
  objects: ImportedEntry[];
  /** Objects deleted (ImportOptions.remove) that existed. */
  removed: string[];
  dryRun: boolean;
  /** Entries were answered one by one (dry run or skipInvalid) rather than all or nothing. */
  entryByEntry: boolean;
}

export interface ImportOptions {
  folderPath: string;
  overwrite: boolean;
  /** Check everything as the import would, inside the same locked transaction, and write nothing. */
  dryRun?: boolean;
  /** Write the entries that can be written and answer the others as skipped, instead of refusing all. */
  skipInvalid?: boolean;
  /** Objects to delete in the same transaction (each needs the delete right); missing ones are skipped. */
  remove?: readonly { type: string; name: string }[];
  /**
   * Runs after every entry was checked and before anything is written; when it throws, nothing is
   * written. A repository pushes here, so that a refused push leaves the definitions as they were.
   */
  beforeWrite?: () => Promise<void>;
}

export interface FolderImportDeps {
  store: Store;
  clock: Clock;
  /** Called after users or groups changed, so that cached logins and rights are dropped. */
  onAccountsChanged: () => void;
}

/** An entry valid on its own, compared with what exists: what writing it gives, or the conflict that keeps it out. */
interface Compared {
  result: WriteResult;
  change: FolderImportChange | undefined;
  /** See ImportedEntry.movedFrom. */
  movedFrom?: string;
  conflict?: WriteConflict;
  /** The type of the object of that name that exists. */
  existingType?: string;
  /** The stored row holds the object exactly as it would be written (type, folder, body text). */
  sameRow?: boolean;
}

/**
 * Imports the entries of a folder export below `folderPath`. All or nothing by default: every
 * entry is read and checked as it arrives, then one transaction writes them all, or nothing when
 * any entry is invalid, may not be written or conflicts with an existing object. With
 * `skipInvalid` the valid entries are written and the others answered as skipped; a dry run goes
 * the same way up to the write and writes nothing, so what it answers is what the import does.
 * Imports of a client write one at a time; a second waits for the first and then sees what it wrote.
 */
export async function importFolder(deps: FolderImportDeps, principal: Principal, entries: AsyncIterable<unknown> | Iterable<unknown>, options: ImportOptions): Promise<FolderImport> {
  const folder = normaliseFolderPath(options.folderPath);
  if (folder === null) throw invalid(ErrorCode.INVALID_REQUEST, "folder_path", "is not a valid folder path", options.folderPath);
  const dryRun = options.dryRun ?? false;
  const entryByEntry = dryRun || (options.skipInvalid ?? false);
  const checked = await checkEntries(principal, entries, { folder, strict: !entryByEntry });
  const issues = entryIssues(checked);
  if (!entryByEntry && issues.length > 0) throw new ValidationError(issues);
  const remove = options.remove ?? [];
  for (const object of remove) requireDeleteObject(principal, object);
  if (!dryRun) await options.beforeWrite?.();
  const now = deps.clock.now();
  const done = await inTransaction(deps.store.db, async (trx) => {
    await lockImports(trx, deps.store.dialect, principal.client);
    const removed = dryRun ? [] : await deleteObjects(trx, principal.client, remove.map((object) => object.name));
    const compared = await compareWithExisting(trx, principal, checked, options.overwrite);
    const conflicts = compared.flatMap((c) => (c?.conflict === undefined ? [] : [c.conflict]));
    if (!entryByEntry && conflicts.length > 0) throw conflictsError(conflicts);
    const createdFolders = folder !== "" && !(await folderExists(trx, principal.client, folder)) ? [folder] : [];
    for (const path of createdFolders) requireFolderRight(principal, Right.WRITE, path);
    const accepted = checked.flatMap((entry, i) => (entry.object !== undefined && compared[i]?.conflict === undefined ? [entry.object] : []));
    if (dryRun) return { removed, createdFolders, compared, written: new Map<PreparedObject, WriteResult>() };
    const existing = existingObjects(checked, compared);
    const results = await writeObjects(trx, accepted, { client: principal.client, user: principal.userName, now, overwrite: options.overwrite, refuse: conflictsError, existing });
    for (const path of createdFolders) await writeFolder(trx, principal.client, path, JSON.stringify(folderDefinition(path).body), principal.userName, now, false);
    return { removed, createdFolders, compared, written: new Map(accepted.map((object, i) => [object, results[i] ?? "created"])) };
  });
  if (!dryRun && ([...done.written.keys(), ...remove].some((object) => ACCOUNT_TYPES.has(object.type)))) deps.onAccountsChanged();
  const objects = checked.map((entry, i) => outcome(entry, done.compared[i], done.written, dryRun));
  return {
    folder,
    createdFolders: done.createdFolders,
    objects: entryByEntry ? objects : objects.filter((object) => object.result !== "skipped"),
    removed: done.removed,
    dryRun,
    entryByEntry,
  };
}

/** What the comparison read of the objects an import writes, so that writing them does not read it again. */
function existingObjects(entries: readonly CheckedEntry[], compared: readonly (Compared | undefined)[]): ExistingObjects {
  const types = new Map<string, string>();
  const unchanged = new Set<string>();
  entries.forEach(({ object }, i) => {
    const c = compared[i];
    if (object === undefined || object.type === "FOLD" || c?.existingType === undefined) return;
    types.set(object.name, c.existingType);
    if (c.sameRow === true) unchanged.add(object.name);
  });
  return { types, unchanged };
}

/** What became of one entry: written (or in a dry run, what writing it would give), or skipped with its problems. */
function outcome(entry: CheckedEntry, compared: Compared | undefined, written: ReadonlyMap<PreparedObject, WriteResult>, dryRun: boolean): ImportedEntry {
  const { name, type, folder } = entry;
  const result = entry.object === undefined ? undefined : dryRun ? (compared?.conflict === undefined ? compared?.result : undefined) : written.get(entry.object);
  const problems = compared?.conflict === undefined ? entry.issues : conflictsError([compared.conflict]).issues;
  const change = compared?.change;
  const movedFrom = compared?.movedFrom;
  return { name, type, folder, result: result ?? "skipped", ...(change !== undefined && { change }), ...(movedFrom !== undefined && { movedFrom }), problems: result === undefined ? [...problems] : [] };
}

/**
 * Compares each entry valid on its own with what the client holds: new, changed (definition or
 * folder differ) or unchanged, and whether writing it conflicts (it exists without overwrite, or
 * exists as another type), exactly as writeObjects decides. Objects the principal may not read
 * are not compared: they count as changed, so that an import does not tell what they hold.
 */
async function compareWithExisting(trx: Kysely<Database>, principal: Principal, entries: readonly CheckedEntry[], overwrite: boolean): Promise<(Compared | undefined)[]> {
  const compared = new Array<Compared | undefined>(entries.length);
  // checkEntries leaves one valid entry per name.
  const byName = new Map<string, number>();
  for (const [index, { object }] of entries.entries()) {
    if (object === undefined) continue;
    if (object.type === "FOLD") compared[index] = await compareFolder(trx, principal.client, object, overwrite);
    else byName.set(object.name, index);
  }
  // Page by page, so that the stored bodies of a large import are never all held at once.
  const names = [...byName.keys()];
  for (let i = 0; i < names.length; i += NAMES_PER_READ) {
    const page = names.slice(i, i + NAMES_PER_READ);
    const stored = new Map((await objectRowsNamed(trx, principal.client, page)).map((object) => [object.name, object]));
    for (const name of page) {
      const index = byName.get(name) ?? -1;
      const object = entries[index]?.object;
      if (object !== undefined) compared[index] = compareObject(principal, object, stored.get(name), overwrite);
    }
  }
  return compared;
}

function compareObject(principal: Principal, object: PreparedObject, stored: StoredRow | undefined, overwrite: boolean): Compared {
  if (stored === undefined) return { result: "created", change: "new" };
  const existingType = stored.type;
  if (existingType !== object.type) return { result: "replaced", change: undefined, conflict: { object, existingType }, existingType };
  // Bodies are stored as the import writes them, so equal text is the common case and needs no parsing.
  const sameRow = stored.folder === object.folder && stored.body === object.body;
  const sameDefinition = sameRow || (stored.folder === object.folder && isDeepStrictEqual(parseStored(ObjectBody, stored.body, "objects.body", `client ${stored.client}, name ${stored.name}`), JSON.parse(object.body)));
  const readable = mayReadObject(principal, stored);
  const change = readable && object.passwordHash === undefined && sameDefinition ? "unchanged" : "changed";
  const moved = readable && stored.folder !== object.folder ? { movedFrom: stored.folder } : {};
  return overwrite ? { result: "replaced", change, ...moved, existingType, sameRow } : { result: "replaced", change, ...moved, conflict: { object, existingType }, existingType, sameRow };
}

/** Folders merge: never a conflict; an existing one is kept, or its body replaced with overwrite. */
async function compareFolder(trx: Kysely<Database>, client: number, object: PreparedObject, overwrite: boolean): Promise<Compared> {
  const stored = await findFolder(trx, client, folderPathOf(object));
  if (stored === undefined) return { result: "created", change: "new" };
  return { result: overwrite ? "replaced" : "kept", change: isDeepStrictEqual(stored.body, JSON.parse(object.body)) ? "unchanged" : "changed" };
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
