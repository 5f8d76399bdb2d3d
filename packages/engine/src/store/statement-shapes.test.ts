import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { openStore, type Store } from "./connect";
import { runShaped } from "./statement-shapes";

describe.each(testDialects)("statements run by shape on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let statements: string[];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    statements = [];
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl, onQuery: (sql) => statements.push(sql) });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /** Inserts a lease with `holder` and `expiresAt`, counting how often the query is built. */
  function insertLease(shape: string, name: string, holder: string, expiresAt: number, parameters: readonly unknown[], builds: { count: number }) {
    return runShaped(store.db, shape, parameters, () => {
      builds.count++;
      return store.db.insertInto("leases").values({ name, holder, expires_at: expiresAt }).returning(["name", "holder", "expires_at"]);
    });
  }

  it("builds a shape's query once and runs its text with each run's parameters", async () => {
    const builds = { count: 0 };
    statements.length = 0;
    const rows = [];
    for (const [name, expiresAt] of [["A", 1], ["B", 2], ["C", 3]] as const) rows.push(...(await insertLease("lease", name, "node-1", expiresAt, [name, "node-1", expiresAt], builds)).rows);
    expect(builds.count).toBe(1);
    expect(rows).toEqual([
      { name: "A", holder: "node-1", expires_at: 1 },
      { name: "B", holder: "node-1", expires_at: 2 },
      { name: "C", holder: "node-1", expires_at: 3 },
    ]);
    // The same text every time, which the database (and PostgreSQL's prepared writes) see as one statement.
    const inserts = statements.filter((sql) => sql.includes("leases"));
    expect(inserts).toHaveLength(3);
    expect(new Set(inserts).size).toBe(1);
  });

  it("does not keep a shape whose parameters are not the ones the query takes, and writes every run right", async () => {
    const builds = { count: 0 };
    // Given in another order than the columns: kept, each run would swap holder and name.
    await insertLease("swapped", "D", "node-2", 4, ["node-2", "D", 4], builds);
    await insertLease("swapped", "E", "node-2", 5, ["node-2", "E", 5], builds);
    expect(builds.count).toBe(2);
    const stored = await store.db.selectFrom("leases").select(["name", "holder"]).where("name", "in", ["D", "E"]).orderBy("name").execute();
    expect(stored).toEqual([
      { name: "D", holder: "node-2" },
      { name: "E", holder: "node-2" },
    ]);
  });
});
