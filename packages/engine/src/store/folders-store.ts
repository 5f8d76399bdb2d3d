import { ObjectBody } from "@baton/contract";
import type { Kysely, Selectable } from "kysely";
import { inFolderTree } from "./objects-store";
import type { Database } from "./schema";
import type { FoldersTable } from "./schema/objects";
import { parseStored } from "./stored-json";

/** A folder created explicitly (a FOLD object), with its body as imported. */
export interface StoredFolder {
  path: string;
  body: ObjectBody;
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
}

function toStoredFolder(row: Selectable<FoldersTable>): StoredFolder {
  const body = parseStored(ObjectBody, row.body, "folders.body", `client ${row.client}, path ${row.path}`);
  return { path: row.path, body, createdAt: row.created_at, createdBy: row.created_by, modifiedAt: row.modified_at, modifiedBy: row.modified_by };
}

/** Reads the explicit folder at `path` (normalised), if there is one. */
export async function findFolder(db: Kysely<Database>, client: number, path: string): Promise<StoredFolder | undefined> {
  const row = await db.selectFrom("folders").selectAll().where("client", "=", client).where("path", "=", path).executeTakeFirst();
  return row && toStoredFolder(row);
}

/** The explicit folders at or below `path`, by path. */
export async function explicitFoldersInTree(db: Kysely<Database>, client: number, path: string): Promise<StoredFolder[]> {
  const rows = await db.selectFrom("folders").selectAll().where("client", "=", client).where(inFolderTree("path", path)).orderBy("path").execute();
  return rows.map(toStoredFolder);
}

/**
 * Whether a folder exists: the root always; any other while it was created explicitly, while a
 * folder below it was, or while objects lie in it or below it.
 */
export async function folderExists(db: Kysely<Database>, client: number, path: string): Promise<boolean> {
  if (path === "") return true;
  const folder = await db.selectFrom("folders").select("path").where("client", "=", client).where(inFolderTree("path", path)).limit(1).executeTakeFirst();
  if (folder !== undefined) return true;
  const object = await db.selectFrom("objects").select("id").where("client", "=", client).where(inFolderTree("folder", path)).limit(1).executeTakeFirst();
  return object !== undefined;
}

/**
 * Creates the explicit folder at `path` or, when it exists, replaces its body (`replace`) or keeps it.
 * Run it in a transaction with the check that decided which.
 */
export async function writeFolder(db: Kysely<Database>, client: number, path: string, body: string, user: string, now: number, replace: boolean): Promise<void> {
  await db
    .insertInto("folders")
    .values({ client, path, body, created_at: now, created_by: user, modified_at: now, modified_by: user })
    .onConflict((conflict) => (replace ? conflict.columns(["client", "path"]).doUpdateSet({ body, modified_at: now, modified_by: user }) : conflict.columns(["client", "path"]).doNothing()))
    .execute();
}
