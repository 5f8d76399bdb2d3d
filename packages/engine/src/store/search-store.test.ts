import { CompiledQuery, Migrator, sql, type Kysely } from "kysely";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { ObjectDefinition } from "../domain/object-definition";
import type { SearchCondition, SearchQuery } from "../domain/search-query";
import { connectUnmigrated, createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { openStore, type Store } from "./connect";
import { migrationProvider } from "./migrations/index";
import { insertObject, replaceObject, upsertObjects } from "./objects-store";
import type { Database } from "./schema";
import { searchObjects, searchStatements, type SearchScope } from "./search-store";

const EVERYWHERE: SearchScope = { access: null, lastUse: false };

function definition(name: string, process: string[], members: Record<string, unknown> = {}): ObjectDefinition {
  return { type: "SCRI", name, folder: "S", body: { general_attributes: { name, type: "SCRI", title: `Title of ${name}` }, scripts: [{ process }], ...members } };
}

function searchFor(...conditions: SearchCondition[]): SearchQuery {
  return { clients: [100], granularity: "object", conditions, sort: [], maxResults: 50, startAt: 0 };
}

const processHas = (...terms: string[]): SearchCondition => ({ kind: "text", column: "process", terms });

describe.each(testDialects)("object search store on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store | undefined;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
  });
  afterEach(async () => {
    await store?.close();
    store = undefined;
    await database.drop();
  });

  async function open(): Promise<Store> {
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    return store;
  }

  function opened(): Store {
    if (store === undefined) throw new Error("no store");
    return store;
  }

  async function names(query: SearchQuery): Promise<string[]> {
    return (await searchObjects(opened(), query, EVERYWHERE)).rows.map((r) => r.name);
  }

  it("indexes the objects a database held before migration 0012", async () => {
    const db = connectUnmigrated(database);
    await new Migrator({ db, provider: migrationProvider(dialect) }).migrateTo("0010-runtime-estimates");
    const body = JSON.stringify(definition("OLD.SCRIPT", ["echo legacy text"]).body);
    await db.insertInto("objects").values({ client: 100, name: "OLD.SCRIPT", type: "SCRI", folder: "S", body, created_at: 1, created_by: "T", modified_at: 1, modified_by: "T" }).execute();
    await db.destroy();
    await open();
    expect(await names(searchFor(processHas("legacy")))).toEqual(["OLD.SCRIPT"]);
    expect(await names(searchFor({ kind: "text", column: "title", terms: ["title of old"] }))).toEqual(["OLD.SCRIPT"]);
  });

  it("follows replaced and deleted objects", async () => {
    const { db } = await open();
    await insertObject(db, 100, definition("A.SCRIPT", ["echo first version"]), "T", 1);
    await insertObject(db, 100, definition("B.SCRIPT", ["echo other"], { static_values: [] }), "T", 1);
    expect(await names(searchFor(processHas("first")))).toEqual(["A.SCRIPT"]);
    await replaceObject(db, 100, definition("A.SCRIPT", ["echo second version"]), "T", 2);
    expect(await names(searchFor(processHas("first")))).toEqual([]);
    expect(await names(searchFor(processHas("second")))).toEqual(["A.SCRIPT"]);
    await db.deleteFrom("objects").where("name", "=", "A.SCRIPT").execute();
    expect(await names(searchFor(processHas("echo")))).toEqual(["B.SCRIPT"]);
    expect(await db.selectFrom("object_search").select("object_id").execute()).toHaveLength(1);
  });

  it("indexes many objects, and large variables, in rounds", async () => {
    const { db } = await open();
    const values = Array.from({ length: 2500 }, (_, i) => ({ key: `KEY${i}`, value1: `v${i}`, value2: "w" }));
    await insertObject(db, 100, { type: "VARA", name: "BIG.VARA", folder: "S", body: { general_attributes: { name: "BIG.VARA" }, static_values: values } }, "T", 1);
    const rows = Array.from({ length: 450 }, (_, i) => ({ type: "SCRI", name: `MANY.${i}`, folder: "S", body: JSON.stringify(definition(`MANY.${i}`, [`echo many ${i}`]).body) }));
    await upsertObjects(db, 100, rows, "T", 1);
    expect(await names(searchFor({ kind: "variable_key", pattern: "KEY2499" }, { kind: "variable_value", pattern: "V2499" }))).toEqual(["BIG.VARA"]);
    expect((await searchObjects(opened(), searchFor(processHas("many")), EVERYWHERE)).total).toBe(450);
    expect(await names(searchFor(processHas("many 449")))).toEqual(["MANY.449"]);
  });

  it("rewrites the search row of a changed object only, a title that went away included", async () => {
    const { db } = await open();
    await countSearchRowUpdates(db, dialect);
    const row = (name: string, process: string, title?: string) => {
      const body = definition(name, [process]).body;
      return { type: "SCRI", name, folder: "S", body: JSON.stringify({ ...body, general_attributes: { name, type: "SCRI", ...(title === undefined ? {} : { title }) } }) };
    };
    await upsertObjects(db, 100, [row("KEPT.SCRIPT", "echo kept", "kept title"), row("CHANGED.SCRIPT", "echo before", "old title")], "T", 1);
    const before = await searchRowVersions(db, dialect);
    await upsertObjects(db, 100, [row("KEPT.SCRIPT", "echo kept", "kept title"), row("CHANGED.SCRIPT", "echo after")], "T", 2);
    const after = await searchRowVersions(db, dialect);
    expect(after.get("KEPT.SCRIPT")).toBe(before.get("KEPT.SCRIPT"));
    expect(after.get("CHANGED.SCRIPT")).not.toBe(before.get("CHANGED.SCRIPT"));
    expect(await names(searchFor(processHas("before")))).toEqual([]);
    expect(await names(searchFor(processHas("after")))).toEqual(["CHANGED.SCRIPT"]);
    expect(await names(searchFor({ kind: "text", column: "title", terms: ["title"] }))).toEqual(["KEPT.SCRIPT"]);
    if (dialect === "sqlite") await sql`insert into object_search_text (object_search_text) values ('integrity-check')`.execute(db);
  });

  it("answers full-text filters from the database's text index", async () => {
    const opened = await open();
    await insertObject(opened.db, 100, definition("INDEXED.SCRIPT", ["echo indexed"], { documentation: { DOCU: ["indexed"] } }), "T", 1);
    await fill(opened, 3000);
    for (const column of ["title", "process", "documentation"] as const) {
      const plan = await queryPlan(opened, searchFor({ kind: "text", column, terms: ["indexed"] }));
      expect(plan).toMatch(dialect === "postgres" ? new RegExp(`Bitmap Index Scan on object_search_${column}_trgm`) : /SCAN object_search_text VIRTUAL TABLE INDEX 0:L\d/);
      expect(await names(searchFor({ kind: "text", column, terms: ["indexed"] }))).toEqual(["INDEXED.SCRIPT"]);
    }
  });
});

/** On SQLite, counts the updates of object_search rows by object, for searchRowVersions. */
async function countSearchRowUpdates(db: Kysely<Database>, dialect: string): Promise<void> {
  if (dialect !== "sqlite") return;
  await sql`create table search_row_updates (object_id integer not null)`.execute(db);
  await sql`create trigger count_search_row_updates after update on object_search begin insert into search_row_updates values (new.object_id); end`.execute(db);
}

/** Something about each object's search row that changes when the row is written: its xmin on PostgreSQL, its update count on SQLite. */
async function searchRowVersions(db: Kysely<Database>, dialect: string): Promise<Map<string, string>> {
  const { rows } =
    dialect === "sqlite"
      ? await sql<{ name: string; version: string }>`select o.name, (select count(*) from search_row_updates u where u.object_id = o.id) || '' as version from objects o join object_search s on s.object_id = o.id`.execute(db)
      : await sql<{ name: string; version: string }>`select o.name, s.xmin::text as version from objects o join object_search s on s.object_id = o.id`.execute(db);
  return new Map(rows.map((r) => [r.name, r.version]));
}

/** `count` more objects with searchable text, written as rows (ids from 10,000), and fresh planner statistics. */
async function fill(store: Store, count: number): Promise<void> {
  for (let start = 0; start < count; start += 500) {
    const ids = Array.from({ length: Math.min(500, count - start) }, (_, i) => 10_000 + start + i);
    await store.db
      .insertInto("objects")
      .values(ids.map((id) => ({ id, client: 100, name: `FILL.${id}`, type: "SCRI", folder: "S", body: "{}", created_at: 1, created_by: "T", modified_at: 1, modified_by: "T" })))
      .execute();
    await store.db
      .insertInto("object_search")
      .values(ids.map((id) => ({ object_id: id, title: `filler title ${id}`, process: `echo filler ${id}`, documentation: `filler page ${id}` })))
      .execute();
  }
  await sql`analyze`.execute(store.db);
}

/**
 * The plan of a search's page statement, as the database explains it. PostgreSQL reads a table
 * of a few thousand rows whole whatever its indexes, so the plan is asked with sequential scans
 * priced out, as a large table prices them.
 */
async function queryPlan(store: Store, query: SearchQuery): Promise<string> {
  const { sql: text, parameters } = searchStatements(store, query, EVERYWHERE).page.compile();
  if (store.dialect === "sqlite") {
    const rows = await store.db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${text}`, [...parameters]));
    return rows.rows.map((r) => r.detail).join("\n");
  }
  return store.db.transaction().execute(async (trx) => {
    await sql`set local enable_seqscan = off`.execute(trx);
    const rows = await trx.executeQuery<{ "QUERY PLAN": string }>(CompiledQuery.raw(`explain ${text}`, [...parameters]));
    return rows.rows.map((r) => r["QUERY PLAN"]).join("\n");
  });
}
