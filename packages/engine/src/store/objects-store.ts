import { ObjectBody } from "@baton/contract";
import { sql, type Kysely, type RawBuilder, type Selectable } from "kysely";
import type { ObjectDefinition } from "../domain/object-definition";
import { wildcardToLike } from "../domain/wildcard";
import { matchesWildcard } from "./like";
import { ReadGroups } from "./read-groups";
import type { Database } from "./schema";
import type { ObjectsTable } from "./schema/objects";
import { indexWrittenObjects } from "./search-index-store";
import { parseStored } from "./stored-json";

export interface StoredObject extends ObjectDefinition {
  client: number;
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
}

function toStoredObject(row: Selectable<ObjectsTable>): StoredObject {
  const body = parseStored(ObjectBody, row.body, "objects.body", `client ${row.client}, name ${row.name}`);
  return {
    client: row.client,
    type: row.type,
    name: row.name,
    folder: row.folder,
    body,
    createdAt: row.created_at,
    createdBy: row.created_by,
    modifiedAt: row.modified_at,
    modifiedBy: row.modified_by,
  };
}

/** Reads one object of a client by its (upper-case) name. */
export async function findObject(db: Kysely<Database>, client: number, name: string): Promise<StoredObject | undefined> {
  const row = await objectRows.read(db, client, name);
  return row && toStoredObject(row);
}

/** Objects' rows read by name, several in one statement where the database groups its reads. */
export const objectRows = new ReadGroups<Selectable<ObjectsTable>>(async (db, client, names) => {
  const rows = await db.selectFrom("objects").selectAll().where("client", "=", client).where("name", "in", names).execute();
  return new Map(rows.map((row) => [row.name, row]));
});

/** Reads the objects of a client with these (upper-case) names; names without an object are left out. */
export async function findObjectsNamed(db: Kysely<Database>, client: number, names: readonly string[]): Promise<StoredObject[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom("objects").selectAll().where("client", "=", client).where("name", "in", [...new Set(names)]).execute();
  return rows.map(toStoredObject);
}

/**
 * Deletes objects of a client by name, with their search rows (cascade) and a user's password;
 * returns the names that existed. Run it in a transaction.
 */
export async function deleteObjects(db: Kysely<Database>, client: number, names: readonly string[]): Promise<string[]> {
  const removed: string[] = [];
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += NAMES_PER_QUERY) {
    const batch = unique.slice(i, i + NAMES_PER_QUERY);
    const rows = await db.deleteFrom("objects").where("client", "=", client).where("name", "in", batch).returning("name").execute();
    await db.deleteFrom("user_credentials").where("client", "=", client).where("user_name", "in", batch).execute();
    removed.push(...rows.map((row) => row.name));
  }
  return removed;
}

/** Inserts a new object; fails with a unique-constraint error when the name is taken. */
export async function insertObject(db: Kysely<Database>, client: number, definition: ObjectDefinition, user: string, now: number): Promise<void> {
  const body = JSON.stringify(definition.body);
  const { id } = await db
    .insertInto("objects")
    .values({ client, name: definition.name, type: definition.type, folder: definition.folder, body, created_at: now, created_by: user, modified_at: now, modified_by: user })
    .returning("id")
    .executeTakeFirstOrThrow();
  // Every write of a body re-derives what the search reads of it (search-index-store.ts).
  await indexWrittenObjects(db, [{ id, type: definition.type, body }]);
}

/** Replaces the definition of an existing object, keeping its creation details. */
export async function replaceObject(db: Kysely<Database>, client: number, definition: ObjectDefinition, user: string, now: number): Promise<void> {
  const body = JSON.stringify(definition.body);
  const replaced = await db
    .updateTable("objects")
    .set({ type: definition.type, folder: definition.folder, body, modified_at: now, modified_by: user })
    .where("client", "=", client)
    .where("name", "=", definition.name)
    .returning("id")
    .execute();
  await indexWrittenObjects(db, replaced.map(({ id }) => ({ id, type: definition.type, body })));
}

/** All objects of one type in a client (for small sets such as user groups). */
export async function findObjectsOfType(db: Kysely<Database>, client: number, type: string): Promise<StoredObject[]> {
  const rows = await db.selectFrom("objects").selectAll().where("client", "=", client).where("type", "=", type).orderBy("name").execute();
  return rows.map(toStoredObject);
}

/** An object ready to be written: its body already serialised (large imports keep only this). */
export interface ObjectRow {
  type: string;
  name: string;
  folder: string;
  /** The body as JSON. */
  body: string;
}

/** Names per statement: below the parameter limits of both databases. */
const NAMES_PER_QUERY = 500;
/** Rows per insert statement (9 parameters each). */
const ROWS_PER_INSERT = 200;

/** An object's row as stored, its body as the JSON text it was written as. */
export interface StoredRow extends ObjectRow {
  client: number;
}

/**
 * The rows of the objects of a client with these (upper-case) names, bodies as stored text (not
 * parsed: comparing texts first is what an import of unchanged objects needs); names without an
 * object are left out.
 */
export async function objectRowsNamed(db: Kysely<Database>, client: number, names: readonly string[]): Promise<StoredRow[]> {
  const rows: StoredRow[] = [];
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += NAMES_PER_QUERY) {
    rows.push(...(await db.selectFrom("objects").select(["client", "name", "type", "folder", "body"]).where("client", "=", client).where("name", "in", unique.slice(i, i + NAMES_PER_QUERY)).execute()));
  }
  return rows;
}

/**
 * Marks objects as written again by `user` at `now` without changing their definitions: for
 * objects an import replaces with what they already hold, whose search rows stay as they are.
 */
export async function touchObjects(db: Kysely<Database>, client: number, names: readonly string[], user: string, now: number): Promise<void> {
  for (let i = 0; i < names.length; i += NAMES_PER_QUERY) {
    await db.updateTable("objects").set({ modified_at: now, modified_by: user }).where("client", "=", client).where("name", "in", names.slice(i, i + NAMES_PER_QUERY)).execute();
  }
}

/** The types of the objects of a client with these (upper-case) names; names without an object are left out. */
export async function objectTypesNamed(db: Kysely<Database>, client: number, names: readonly string[]): Promise<Map<string, string>> {
  const types = new Map<string, string>();
  const unique = [...new Set(names)];
  for (let i = 0; i < unique.length; i += NAMES_PER_QUERY) {
    const rows = await db.selectFrom("objects").select(["name", "type"]).where("client", "=", client).where("name", "in", unique.slice(i, i + NAMES_PER_QUERY)).execute();
    for (const row of rows) types.set(row.name, row.type);
  }
  return types;
}

/**
 * Writes objects in batches: new names are inserted, existing ones replaced keeping their creation
 * details (and id). The caller has decided that replacing is allowed. Run it in a transaction.
 */
export async function upsertObjects(db: Kysely<Database>, client: number, rows: readonly ObjectRow[], user: string, now: number): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const batch = rows
      .slice(i, i + ROWS_PER_INSERT)
      .map((row) => ({ client, name: row.name, type: row.type, folder: row.folder, body: row.body, created_at: now, created_by: user, modified_at: now, modified_by: user }));
    const written = await db
      .insertInto("objects")
      .values(batch)
      .onConflict((conflict) =>
        conflict.columns(["client", "name"]).doUpdateSet((eb) => ({
          type: eb.ref("excluded.type"),
          folder: eb.ref("excluded.folder"),
          body: eb.ref("excluded.body"),
          modified_at: eb.ref("excluded.modified_at"),
          modified_by: eb.ref("excluded.modified_by"),
        })),
      )
      .returning(["id", "type", "body"])
      .execute();
    await indexWrittenObjects(db, written);
  }
}

/** `column` is `folder` or lies below it (every row for the root ""). */
export function inFolderTree(column: string, folder: string): RawBuilder<boolean> {
  return folder === "" ? sql<boolean>`1 = 1` : sql<boolean>`(${sql.ref(column)} = ${folder} or ${matchesWildcard(column, `${folder}/*`)})`;
}

/** Where a page of a folder tree ends: the last object's folder and name. */
export interface TreePosition {
  folder: string;
  name: string;
}

/**
 * Objects in a folder and its subfolders, ordered by folder and name, `limit` of them after `after`;
 * bodies as stored text, so that an export can write them as they are.
 */
export async function objectsInFolderTree(db: Kysely<Database>, client: number, folder: string, after: TreePosition | undefined, limit: number): Promise<StoredRow[]> {
  return db
    .selectFrom("objects")
    .select(["client", "name", "type", "folder", "body"])
    .where("client", "=", client)
    .where(inFolderTree("folder", folder))
    // A row-value comparison is one range of the (client, folder, name) index in both databases.
    .$if(after !== undefined, (qb) => qb.where((eb) => eb(eb.refTuple("folder", "name"), ">", eb.tuple(after?.folder ?? "", after?.name ?? ""))))
    .orderBy("folder")
    .orderBy("name")
    .limit(limit)
    .execute();
}

/** The distinct folders objects lie in, at or below `folder`. */
export async function objectFoldersInTree(db: Kysely<Database>, client: number, folder: string): Promise<string[]> {
  const rows = await db.selectFrom("objects").select("folder").distinct().where("client", "=", client).where(inFolderTree("folder", folder)).execute();
  return rows.map((row) => row.folder);
}

/**
 * Objects whose body mentions `name` (ignoring the case of A-Z): a cheap first pass over the
 * stored JSON; the caller checks what each one really refers to.
 */
export async function objectsMentioning(db: Kysely<Database>, client: number, name: string): Promise<StoredObject[]> {
  const rows = await db
    .selectFrom("objects")
    .selectAll()
    .where("client", "=", client)
    .where(sql<boolean>`upper(body) like ${wildcardToLike(`*${name.toUpperCase()}*`)} escape '\\'`)
    .orderBy("name")
    .execute();
  return rows.map(toStoredObject);
}
