import type { ObjectBody } from "@baton/contract";
import type { Kysely, Selectable } from "kysely";
import type { ObjectDefinition } from "../domain/object-definition";
import type { Database, ObjectsTable } from "./schema";

export interface StoredObject extends ObjectDefinition {
  client: number;
  createdAt: number;
  createdBy: string;
  modifiedAt: number;
  modifiedBy: string;
}

function toStoredObject(row: Selectable<ObjectsTable>): StoredObject {
  const body: ObjectBody = JSON.parse(row.body);
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
  const row = await db.selectFrom("objects").selectAll().where("client", "=", client).where("name", "=", name).executeTakeFirst();
  return row && toStoredObject(row);
}

/** Reads the objects of a client with these (upper-case) names; names without an object are left out. */
export async function findObjectsNamed(db: Kysely<Database>, client: number, names: readonly string[]): Promise<StoredObject[]> {
  if (names.length === 0) return [];
  const rows = await db.selectFrom("objects").selectAll().where("client", "=", client).where("name", "in", [...new Set(names)]).execute();
  return rows.map(toStoredObject);
}

/** Inserts a new object; fails with a unique-constraint error when the name is taken. */
export async function insertObject(db: Kysely<Database>, client: number, definition: ObjectDefinition, user: string, now: number): Promise<void> {
  await db
    .insertInto("objects")
    .values({
      client,
      name: definition.name,
      type: definition.type,
      folder: definition.folder,
      body: JSON.stringify(definition.body),
      created_at: now,
      created_by: user,
      modified_at: now,
      modified_by: user,
    })
    .execute();
}

/** Replaces the definition of an existing object, keeping its creation details. */
export async function replaceObject(db: Kysely<Database>, client: number, definition: ObjectDefinition, user: string, now: number): Promise<void> {
  await db
    .updateTable("objects")
    .set({
      type: definition.type,
      folder: definition.folder,
      body: JSON.stringify(definition.body),
      modified_at: now,
      modified_by: user,
    })
    .where("client", "=", client)
    .where("name", "=", definition.name)
    .execute();
}

/** All objects of one type in a client (for small sets such as user groups). */
export async function findObjectsOfType(db: Kysely<Database>, client: number, type: string): Promise<StoredObject[]> {
  const rows = await db.selectFrom("objects").selectAll().where("client", "=", client).where("type", "=", type).orderBy("name").execute();
  return rows.map(toStoredObject);
}
