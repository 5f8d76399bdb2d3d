import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { openStore, type Store } from "./connect";
import { inTransaction } from "./transaction";

describe.each(testDialects)("transactions on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    await store.db.insertInto("leases").values([{ name: "A", holder: "", expires_at: 0 }, { name: "B", holder: "", expires_at: 0 }]).execute();
  });

  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it("does not run again what failed for another reason than a conflict", async () => {
    let attempts = 0;
    await expect(
      inTransaction(store.db, async (trx) => {
        attempts += 1;
        await trx.insertInto("leases").values({ name: "A", holder: "x", expires_at: 1 }).execute();
      }),
    ).rejects.toThrow();
    expect(attempts).toBe(1);
    expect((await store.db.selectFrom("leases").select("holder").where("name", "=", "A").executeTakeFirstOrThrow()).holder).toBe("");
  });

  it.runIf(dialect === "postgres")("runs a transaction again when the database ends it for a deadlock between two nodes, so both writers succeed", async () => {
    // Two nodes: each commits its own transactions (in groups of its own) on its own connections.
    const other = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    try {
      let attempts = 0;
      let firstWrites = 0;
      let bothWrote: () => void = () => undefined;
      const barrier = new Promise<void>((resolve) => (bothWrote = resolve));
      // Each takes one row, then wants the other's: PostgreSQL ends one of them as a deadlock.
      const writer = (node: Store, first: string, second: string, holder: string) =>
        inTransaction(node.db, async (trx) => {
          attempts += 1;
          await trx.updateTable("leases").set({ holder }).where("name", "=", first).execute();
          if (++firstWrites === 2) bothWrote();
          await barrier;
          await trx.updateTable("leases").set({ holder }).where("name", "=", second).execute();
        });
      await Promise.all([writer(store, "A", "B", "one"), writer(other, "B", "A", "two")]);
      expect(attempts).toBe(3);
      const holders = await store.db.selectFrom("leases").select("holder").orderBy("name").execute();
      expect(new Set(holders.map((row) => row.holder)).size).toBe(1);
    } finally {
      await other.close();
    }
  });
});
