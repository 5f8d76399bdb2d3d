import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/test-databases";
import { openStore, type Store } from "./connect";

describe("SQLite work in a burst", () => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    store = await openStore({ dataDir: database.dataDir });
  });

  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  /**
   * better-sqlite3 answers synchronously, so without turns 200 chains of queries would all finish on
   * microtasks before any timer, request or setImmediate callback got to run.
   */
  it("lets the event loop turn while it goes on", async () => {
    const chains = 200;
    const queriesPerChain = 50;
    let done = 0;
    let doneAtFirstTurn: number | undefined;
    setImmediate(() => (doneAtFirstTurn = done));
    await Promise.all(
      Array.from({ length: chains }, async () => {
        for (let i = 0; i < queriesPerChain; i++) {
          await sql`select 1`.execute(store.db);
          done += 1;
        }
      }),
    );
    expect(done).toBe(chains * queriesPerChain);
    expect(doneAtFirstTurn).toBeDefined();
    expect(doneAtFirstTurn).toBeLessThan(done);
  });
});
