import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { openStore, type Store } from "./connect";

describe.runIf(testDialects.includes("postgres"))("prepared writes on PostgreSQL", () => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    // One connection, so that what it has prepared can be asked of it.
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, poolMax: 1 });
  });

  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  const prepared = async () => (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(store.db)).rows.map((row) => row.statement);

  it("prepares each write once on a connection and runs it by name after, and leaves reads unprepared", async () => {
    for (const name of ["A", "B", "C"]) await store.db.insertInto("leases").values({ name, holder: "", expires_at: 0 }).execute();
    await store.db.updateTable("leases").set({ holder: "x" }).where("name", "=", "A").execute();
    expect(await store.db.selectFrom("leases").select("holder").where("name", "=", "A").executeTakeFirstOrThrow()).toEqual({ holder: "x" });
    const statements = await prepared();
    expect(statements.filter((text) => text.startsWith('insert into "leases"'))).toHaveLength(1);
    expect(statements.filter((text) => text.startsWith('update "leases"'))).toHaveLength(1);
    expect(statements.filter((text) => text.startsWith("select"))).toEqual([]);
    expect(await store.db.selectFrom("leases").select("name").orderBy("name").execute()).toEqual([{ name: "A" }, { name: "B" }, { name: "C" }]);
  });
});
