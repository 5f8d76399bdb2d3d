import { ObjectBody } from "@baton/contract";
import type { Insertable, Kysely } from "kysely";
import { searchFields } from "../domain/search-fields";
import type { Database } from "./schema";
import type { ObjectSearchEventsTable, ObjectSearchTable, ObjectSearchVariablesTable } from "./schema/search";
import { parseStored } from "./stored-json";

/** Objects read and written per round: below the parameter limits of both databases. */
const OBJECTS_PER_ROUND = 200;
/** Rows per insert statement (at most 10 parameters each). */
const ROWS_PER_INSERT = 1000;

/** An object as the index reads it. */
export interface IndexedObject {
  id: number;
  type: string;
  /** The body as JSON. */
  body: string;
}

/**
 * Derives the search rows of objects just written from their bodies (domain/search-fields.ts) and
 * stores them in place of their old ones. Every write of an object body calls this in the same
 * transaction (objects-store), so the search never sees a definition other than the stored one.
 * The text index follows the object_search table by itself (triggers on SQLite, GIN indexes on
 * PostgreSQL).
 */
export async function indexWrittenObjects(db: Kysely<Database>, objects: readonly IndexedObject[]): Promise<void> {
  for (let i = 0; i < objects.length; i += OBJECTS_PER_ROUND) await writeSearchRows(db, objects.slice(i, i + OBJECTS_PER_ROUND));
}

/** Rebuilds the search rows of every object, in rounds by id (migration 0012 backfills with it). */
export async function reindexAllObjects(db: Kysely<Database>): Promise<void> {
  let after = 0;
  for (;;) {
    const objects = await db.selectFrom("objects").select(["id", "type", "body"]).where("id", ">", after).orderBy("id").limit(OBJECTS_PER_ROUND).execute();
    await writeSearchRows(db, objects);
    const last = objects.at(-1);
    if (last === undefined || objects.length < OBJECTS_PER_ROUND) return;
    after = last.id;
  }
}

/**
 * Writes the search rows of objects. An object's object_search row is changed only where it
 * differs from the stored one, so a re-import of unchanged objects leaves the text index alone;
 * the few rows of variables and calendar events are replaced.
 */
async function writeSearchRows(db: Kysely<Database>, objects: readonly IndexedObject[]): Promise<void> {
  if (objects.length === 0) return;
  const ids = objects.map((o) => o.id);
  for (const table of ["object_search_variables", "object_search_events"] as const) {
    await db.deleteFrom(table).where("object_id", "in", ids).execute();
  }
  const rows = objects.map(searchRows);
  await upsertSearch(db, rows.map((r) => r.search));
  await insertAll(db, "object_search_variables", rows.flatMap((r) => r.variables));
  await insertAll(db, "object_search_events", rows.flatMap((r) => r.events));
}

const SEARCH_COLUMNS = ["title", "archive_key1", "archive_key2", "platform", "sub_type", "agent", "login", "process", "documentation"] as const;

async function upsertSearch(db: Kysely<Database>, rows: readonly Insertable<ObjectSearchTable>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db
      .insertInto("object_search")
      .values(rows.slice(i, i + ROWS_PER_INSERT))
      .onConflict((conflict) =>
        conflict
          .column("object_id")
          .doUpdateSet((eb) => Object.fromEntries(SEARCH_COLUMNS.map((c) => [c, eb.ref(`excluded.${c}`)])))
          .where((eb) => eb.or(SEARCH_COLUMNS.map((c) => eb(`object_search.${c}`, "is distinct from", eb.ref(`excluded.${c}`))))),
      )
      .execute();
  }
}

/** The rows of the three search tables for one object. */
function searchRows({ id, type, body }: IndexedObject): {
  search: Insertable<ObjectSearchTable>;
  variables: Insertable<ObjectSearchVariablesTable>[];
  events: Insertable<ObjectSearchEventsTable>[];
} {
  const fields = searchFields(type, parseStored(ObjectBody, body, "objects.body", `id ${id}`));
  return {
    search: {
      object_id: id,
      title: fields.title,
      archive_key1: fields.archiveKey1,
      archive_key2: fields.archiveKey2,
      platform: fields.platform,
      sub_type: fields.subType,
      agent: fields.agent,
      login: fields.login,
      process: fields.process,
      documentation: fields.documentation,
    },
    // One row per key and value; a key without values is one row without a value.
    variables: fields.variables.flatMap((v, position) => (v.values.length === 0 ? [null] : v.values).map((value) => ({ object_id: id, position, key: v.key, value }))),
    events: fields.calendarEvents.map((e, position) => ({
      object_id: id,
      position,
      name: e.name,
      ctype: e.ctype,
      valid_from: e.validFrom,
      valid_to: e.validTo,
      child_calendars: JSON.stringify(e.childCalendars),
    })),
  };
}

async function insertAll<T extends "object_search_variables" | "object_search_events">(db: Kysely<Database>, table: T, rows: readonly Insertable<Database[T]>[]): Promise<void> {
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    await db.insertInto(table).values(rows.slice(i, i + ROWS_PER_INSERT)).execute();
  }
}
