import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../testing/test-databases";
import { openStore, sqliteFiles, type Store } from "./connect";
import { inTransaction } from "./transaction";

describe("group commit on SQLite", () => {
  let database: TestDatabase;
  let store: Store;
  let statements: string[];

  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
    statements = [];
    store = await openStore({ dataDir: database.dataDir, onQuery: (sql) => statements.push(sql) });
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const writeLease = (name: string) => inTransaction(store.db, (trx) => trx.insertInto("leases").values({ name, holder: "", expires_at: 0 }).execute());
  const leases = async () => (await store.db.selectFrom("leases").select("name").orderBy("name").execute()).map((row) => row.name);

  it("commits the transactions asked for in one turn together, and settles each only once another connection can read it", async () => {
    statements.length = 0;
    const reader = new SQLite(sqliteFiles(database.dataDir).database, { readonly: true });
    try {
      const seenByReader = await Promise.all(
        Array.from({ length: 10 }, (_, i) => writeLease(`L${i}`).then(() => reader.prepare("select count(*) as n from leases where name = ?").get(`L${i}`))),
      );
      expect(seenByReader).toEqual(Array.from({ length: 10 }, () => ({ n: 1 })));
    } finally {
      reader.close();
    }
    expect(statements.filter((sql) => sql === "commit")).toHaveLength(1);
  });

  it("fails only the transaction that threw: the others of its group are stored", async () => {
    const results = await Promise.allSettled([
      writeLease("A"),
      inTransaction(store.db, async (trx) => {
        await trx.insertInto("leases").values({ name: "B", holder: "", expires_at: 0 }).execute();
        throw new Error("refused after its first write");
      }),
      writeLease("C"),
      // The same key as the first: refused by the database, as it would be after A's own commit.
      writeLease("A"),
    ]);
    expect(results.map((result) => result.status)).toEqual(["fulfilled", "rejected", "fulfilled", "rejected"]);
    expect(String((results[1] as PromiseRejectedResult).reason)).toContain("refused after its first write");
    expect(await leases()).toEqual(["A", "C"]);
  });

  it("runs the transactions of a group in the order they were asked for, each seeing the ones before", async () => {
    const counts = await Promise.all(
      ["X", "Y", "Z"].map((name) =>
        inTransaction(store.db, async (trx) => {
          await trx.insertInto("leases").values({ name, holder: "", expires_at: 0 }).execute();
          return Number((await trx.selectFrom("leases").select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
        }),
      ),
    );
    expect(counts).toEqual([1, 2, 3]);
  });

  it("lets what is asked for while two groups commit wait, and commits it as one group after them", async () => {
    const turn = () => new Promise((resolve) => setImmediate(resolve));
    const slowLease = (name: string) =>
      inTransaction(store.db, async (trx) => {
        await trx.insertInto("leases").values({ name, holder: "", expires_at: 0 }).execute();
        await new Promise((resolve) => setTimeout(resolve, 50));
      });
    statements.length = 0;
    const writes: Promise<unknown>[] = [slowLease("S1")];
    await turn();
    writes.push(slowLease("S2"));
    for (const name of ["W1", "W2", "W3", "W4", "W5"]) {
      await turn();
      writes.push(writeLease(name));
    }
    await Promise.all(writes);
    expect(await leases()).toEqual(["S1", "S2", "W1", "W2", "W3", "W4", "W5"]);
    expect(statements.filter((sql) => sql === "commit")).toHaveLength(3);
  });
});
