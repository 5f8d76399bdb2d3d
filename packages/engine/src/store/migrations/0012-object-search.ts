import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";
import type { Database } from "../schema";
import { reindexAllObjects } from "../search-index-store";
import { columnTypes } from "./column-types";

/** The columns of object_search that full-text filters search. */
const TEXT_COLUMNS = ["title", "process", "documentation"] as const;

/**
 * The search's rows per object (object_search, its static variable entries and calendar events),
 * deleted with their object, and the text index over the searched text: substring matching by
 * trigrams in both dialects, so that a query means the same on SQLite and PostgreSQL. Existing
 * objects are indexed here.
 */
export function objectSearchMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("object_search")
        .addColumn("object_id", "integer", (c) => c.primaryKey().references("objects.id").onDelete("cascade"))
        .addColumn("title", "text")
        .addColumn("archive_key1", "text")
        .addColumn("archive_key2", "text")
        .addColumn("platform", "text")
        .addColumn("sub_type", "text")
        .addColumn("agent", "text")
        .addColumn("login", "text")
        .addColumn("process", "text")
        .addColumn("documentation", "text")
        .execute();
      await db.schema
        .createTable("object_search_variables")
        .addColumn("object_id", "integer", (c) => c.notNull().references("objects.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("key", "text", (c) => c.notNull())
        .addColumn("value", "text")
        .execute();
      await db.schema.createIndex("object_search_variables_object").on("object_search_variables").column("object_id").execute();
      await db.schema
        .createTable("object_search_events")
        .addColumn("object_id", "integer", (c) => c.notNull().references("objects.id").onDelete("cascade"))
        .addColumn("position", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("ctype", "text", (c) => c.notNull())
        .addColumn("valid_from", time)
        .addColumn("valid_to", time)
        .addColumn("child_calendars", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("object_search_events_pk", ["object_id", "position"])
        .execute();
      await (dialect === "postgres" ? trigramIndexes(db) : ftsTable(db));
      await reindexAllObjects(db.withTables<Pick<Database, keyof Database>>());
    },
  };
}

/**
 * SQLite: an FTS5 table with the trigram tokenizer over object_search (external content, so the
 * text is stored once), kept in step by triggers. FTS5 answers `column LIKE '%text%'` from the
 * index when the pattern holds three characters in a row, ignoring the case of A-Z.
 */
async function ftsTable(db: Kysely<unknown>): Promise<void> {
  const columns = TEXT_COLUMNS.join(", ");
  const values = (row: "new" | "old") => TEXT_COLUMNS.map((c) => `${row}.${c}`).join(", ");
  const remove = `insert into object_search_text (object_search_text, rowid, ${columns}) values ('delete', old.object_id, ${values("old")});`;
  const add = `insert into object_search_text (rowid, ${columns}) values (new.object_id, ${values("new")});`;
  for (const statement of [
    `create virtual table object_search_text using fts5(${columns}, content='object_search', content_rowid='object_id', tokenize='trigram')`,
    `create trigger object_search_text_insert after insert on object_search begin ${add} end`,
    `create trigger object_search_text_delete after delete on object_search begin ${remove} end`,
    `create trigger object_search_text_update after update on object_search begin ${remove} ${add} end`,
  ]) {
    await sql.raw(statement).execute(db);
  }
}

/**
 * PostgreSQL: pg_trgm GIN indexes, which answer `column ILIKE '%text%'` from the index. Without
 * fastupdate a write goes into the index at once instead of a pending list that every search
 * would read through until the next vacuum: objects are written far less often than searched.
 */
async function trigramIndexes(db: Kysely<unknown>): Promise<void> {
  await sql`create extension if not exists pg_trgm`.execute(db);
  for (const column of TEXT_COLUMNS) {
    await sql`create index ${sql.id(`object_search_${column}_trgm`)} on object_search using gin (${sql.id(column)} gin_trgm_ops) with (fastupdate = off)`.execute(db);
  }
}
