import { Migrator, sql, type Kysely } from "kysely";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { createTestDatabase, testDialects } from "../testing/test-databases";
import { connectStore, migrateStore, openStore } from "./connect";
import { migrationProvider } from "./migrations/index";

/** The advisory lock Kysely's Migrator holds on PostgreSQL while it migrates (its PostgresAdapter's LOCK_ID). */
const MIGRATION_LOCK = "3853314791062309107";

/** Tables of the database that the engine's migrations make (not Kysely's own). */
async function tables(db: Kysely<unknown>, dialect: string): Promise<string[]> {
  const { rows } =
    dialect === "postgres"
      ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public'`.execute(db)
      : await sql<{ name: string }>`select name from sqlite_master where type = 'table'`.execute(db);
  return rows.map((row) => row.name).filter((name) => !name.startsWith("kysely_") && !name.startsWith("sqlite_"));
}

describe.each(testDialects)("migrations on %s", (dialect) => {
  it("cut short by a failure, leave the database as it was, and the next start applies them", async () => {
    const database = await createTestDatabase(dialect);
    const store = connectStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    try {
      const real = await migrationProvider(dialect).getMigrations();
      const failing = {
        ...real,
        "9999-cut-short": {
          async up(db: Kysely<unknown>) {
            await sql`create table half_made (id integer)`.execute(db);
            throw new Error("the disk is full");
          },
        },
      };
      const cut = await new Migrator({ db: store.db, provider: { getMigrations: async () => failing } }).migrateToLatest();
      expect(String(cut.error)).toContain("the disk is full");
      expect(await tables(store.db as Kysely<unknown>, dialect)).toEqual([]);

      const applied = await migrateStore(store);
      expect(applied).toEqual(Object.keys(real));
      expect(await tables(store.db as Kysely<unknown>, dialect)).toContain("executions");
    } finally {
      await store.close();
      await database.drop();
    }
  });

  // PostgreSQL only: SQLite has no statement timeout.
  it.runIf(dialect === "postgres")("run past the store's statement timeout: a node whose peer migrates for longer than a request may take waits and starts", async () => {
    const database = await createTestDatabase(dialect);
    // Another node migrating holds the migration lock for a second.
    const peer = new pg.Client({ connectionString: database.databaseUrl });
    await peer.connect();
    try {
      await peer.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      const released = new Promise((resolve) => setTimeout(resolve, 1000)).then(() => peer.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]));
      const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, statementTimeoutMs: 100 });
      await released;
      try {
        expect(await tables(store.db as Kysely<unknown>, dialect)).toContain("executions");
        // Requests keep the timeout.
        await expect(sql`select pg_sleep(0.5)`.execute(store.db)).rejects.toThrow(/statement timeout/);
      } finally {
        await store.close();
      }
    } finally {
      await peer.end();
      await database.drop();
    }
  });
});
