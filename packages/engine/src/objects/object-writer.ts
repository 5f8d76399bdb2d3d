import { ErrorCode, Right, type RightBit } from "@baton/contract";
import { sql, type Kysely } from "kysely";
import { ACCOUNT_TYPES, requireWriteObject } from "../auth/acts";
import type { Principal } from "../auth/authenticator";
import { hashPassword } from "../auth/passwords";
import { describeRight } from "../domain/authorization";
import { ForbiddenError } from "../domain/errors";
import { allowsFolder, displayFolderPath } from "../domain/folder-rights";
import { folderPathOf, withoutPassword, type ObjectDefinition } from "../domain/object-definition";
import type { Dialect } from "../store/connect";
import { setPasswordHash } from "../store/credentials-store";
import { findFolder, writeFolder } from "../store/folders-store";
import { objectTypesNamed, touchObjects, upsertObjects } from "../store/objects-store";
import type { Database } from "../store/schema";

export { ACCOUNT_TYPES };

/** An object checked and ready to be written; its body is kept only as JSON (large imports hold many). */
export interface PreparedObject {
  type: string;
  name: string;
  folder: string;
  body: string;
  /** Hash of the password a USER was imported with. */
  passwordHash?: string;
  /** Where the object is in the request, e.g. `data.jobs` or `data[3].jobs`. */
  at: string;
}

/**
 * Checks that the principal may write the object (accounts and system variables included), takes
 * a USER's password out of its body and hashes it.
 */
export async function prepareObject(principal: Principal, imported: ObjectDefinition, at: string): Promise<PreparedObject> {
  const { definition, password } = withoutPassword(imported, at);
  if (definition.type === "FOLD") requireFolderRight(principal, Right.WRITE, folderPathOf(definition));
  else requireWriteObject(principal, definition);
  return {
    type: definition.type,
    name: definition.name,
    folder: definition.folder,
    body: JSON.stringify(definition.body),
    at,
    ...(password !== undefined && { passwordHash: await hashPassword(password) }),
  };
}

/** Throws 403 unless the principal has the right on the folder at `path` (folder permissions: FOLD entries). */
export function requireFolderRight(principal: Principal, right: RightBit, path: string): void {
  if (!allowsFolder(principal.rights, right, path)) {
    throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", `'Missing right': ${describeRight(right, "FOLD", displayFolderPath(path))} for user ${principal.userName}: Access denied`);
  }
}

/** What an import did with one object. */
export type WriteResult = "created" | "replaced" | "kept";

/** An object that may not be written: it exists (without overwrite) or exists with another type. */
export interface WriteConflict {
  object: PreparedObject;
  existingType: string;
}

export interface WriteOptions {
  client: number;
  user: string;
  now: number;
  overwrite: boolean;
  /** The error to throw when objects conflict; the transaction then changes nothing. */
  refuse: (conflicts: readonly WriteConflict[]) => Error;
  /** What the caller already read of the objects in this transaction; read here when absent. */
  existing?: ExistingObjects;
}

/** The objects (not folders) about to be written, as the client holds them now (read after lockImports). */
export interface ExistingObjects {
  /** The type of each name that exists. */
  types: ReadonlyMap<string, string>;
  /** Names whose stored type, folder and body text are already those to be written. */
  unchanged: ReadonlySet<string>;
}

/** Namespace of the PostgreSQL advisory lock that lets one import of a client write at a time. */
const IMPORT_LOCK = 0x0b47;

/**
 * Waits until no other import of the client writes (the lock ends with the transaction). On
 * PostgreSQL several engines share the database, so an advisory lock keyed by the client does it;
 * on SQLite every transaction of the process already runs alone on the store's one connection.
 */
export async function lockImports(trx: Kysely<Database>, dialect: Dialect, client: number): Promise<void> {
  if (dialect === "postgres") await sql`select pg_advisory_xact_lock(${IMPORT_LOCK}, ${client})`.execute(trx);
}

/**
 * Writes prepared objects inside the caller's transaction (after lockImports). Objects that exist
 * are replaced only with `overwrite` and never by another type; any conflict refuses the whole
 * write. Folders (FOLD) merge: an existing one is kept, or its body replaced with `overwrite`.
 */
export async function writeObjects(trx: Kysely<Database>, objects: readonly PreparedObject[], options: WriteOptions): Promise<WriteResult[]> {
  const { client, user, now, overwrite } = options;
  const plain = objects.filter((o) => o.type !== "FOLD");
  const existing = options.existing ?? { types: await objectTypesNamed(trx, client, plain.map((o) => o.name)), unchanged: new Set<string>() };
  const conflicts = objects.flatMap((object): WriteConflict[] => {
    const existingType = existing.types.get(object.name);
    return existingType !== undefined && (existingType !== object.type || !overwrite) ? [{ object, existingType }] : [];
  });
  if (conflicts.length > 0) throw options.refuse(conflicts);
  const results: WriteResult[] = [];
  for (const object of objects) {
    if (object.type === "FOLD") results.push(await writeFolderObject(trx, object, options));
    else results.push(existing.types.has(object.name) ? "replaced" : "created");
  }
  // An object written as it is stored keeps its row and search rows; only who wrote it when changes.
  await upsertObjects(trx, client, plain.filter((o) => !existing.unchanged.has(o.name)), user, now);
  await touchObjects(trx, client, plain.flatMap((o) => (existing.unchanged.has(o.name) ? [o.name] : [])), user, now);
  for (const object of objects) {
    if (object.passwordHash !== undefined) await setPasswordHash(trx, client, object.name, object.passwordHash, now);
  }
  return results;
}

async function writeFolderObject(trx: Kysely<Database>, object: PreparedObject, options: WriteOptions): Promise<WriteResult> {
  const path = folderPathOf(object);
  const exists = (await findFolder(trx, options.client, path)) !== undefined;
  await writeFolder(trx, options.client, path, object.body, options.user, options.now, options.overwrite);
  return !exists ? "created" : options.overwrite ? "replaced" : "kept";
}
