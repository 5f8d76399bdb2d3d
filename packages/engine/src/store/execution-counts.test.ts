import fc from "fast-check";
import { Migrator, sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { newExecution } from "../testing/new-execution";
import { connectUnmigrated, createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { deleteClientData } from "./client-data-store";
import { openStore, type Store } from "./connect";
import { listExecutions } from "./execution-pages-store";
import { insertExecution } from "./executions-store";
import { migrationProvider } from "./migrations/index";
import { inTransaction } from "./transaction";

const NAMES = ["A", "B", "C.D"] as const;
const CLIENTS = [100, 200] as const;

type Step =
  | { kind: "insert"; client: number; name: string; times: number }
  | { kind: "insert then fail"; client: number; name: string }
  | { kind: "rename"; client: number; from: string; to: string }
  | { kind: "delete client"; client: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), client: fc.constantFrom(...CLIENTS), name: fc.constantFrom(...NAMES), times: fc.integer({ min: 1, max: 40 }) }),
  fc.record({ kind: fc.constant("insert then fail" as const), client: fc.constantFrom(...CLIENTS), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant("rename" as const), client: fc.constantFrom(...CLIENTS), from: fc.constantFrom(...NAMES), to: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant("delete client" as const), client: fc.constantFrom(...CLIENTS) }),
);

describe.each(testDialects)("the executions list's total on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  });

  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  async function apply(s: Step): Promise<void> {
    if (s.kind === "insert") {
      await inTransaction(store.db, async (trx) => {
        for (let i = 0; i < s.times; i++) await insertExecution(trx, newExecution({ client: s.client, name: s.name }), "{}", 1);
      });
    } else if (s.kind === "insert then fail") {
      await expect(
        inTransaction(store.db, async (trx) => {
          await insertExecution(trx, newExecution({ client: s.client, name: s.name }), "{}", 1);
          throw new Error("refused after the insert");
        }),
      ).rejects.toThrow("refused after the insert");
    } else if (s.kind === "rename") {
      // The engine never renames an execution; the counts follow a change made by hand all the same.
      await store.db.updateTable("executions").set({ name: s.to }).where("client", "=", s.client).where("name", "=", s.from).execute();
    } else {
      await deleteClientData(store.db, s.client, () => undefined);
    }
  }

  /** What the list answers as `total` for each client and name, and for each client unfiltered. */
  async function totals(): Promise<Record<string, number>> {
    const answer: Record<string, number> = {};
    for (const client of CLIENTS) {
      answer[`${client}`] = (await listExecutions(store.db, client, {}, { maxResults: 1 }, dialect)).total;
      for (const name of NAMES) answer[`${client} ${name}`] = (await listExecutions(store.db, client, { name }, { maxResults: 1 }, dialect)).total;
    }
    return answer;
  }

  /** The same, counted from the executions themselves. */
  async function counted(): Promise<Record<string, number>> {
    const answer: Record<string, number> = {};
    for (const client of CLIENTS) {
      const all = await store.db.selectFrom("executions").where("client", "=", client).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
      answer[`${client}`] = Number(all.n);
      for (const name of NAMES) {
        const one = await store.db.selectFrom("executions").where("client", "=", client).where("name", "=", name).select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
        answer[`${client} ${name}`] = Number(one.n);
      }
    }
    return answer;
  }

  it("is the executions' own count after any inserts, failed transactions, renames and deletions", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        for (const s of steps) await apply(s);
        expect(await totals()).toEqual(await counted());
      }),
      { numRuns: 15, seed: 28 },
    );
  });

  it.runIf(dialect === "sqlite")("keeps the statement journal its trigger opens in memory, not in a file", async () => {
    const { rows } = await sql<{ temp_store: number }>`pragma temp_store`.execute(store.db);
    expect(rows).toEqual([{ temp_store: 2 }]);
  });

  it.runIf(dialect === "sqlite")("keeps no row for a name whose executions are all gone", async () => {
    for (const client of CLIENTS) await deleteClientData(store.db, client, () => undefined);
    const left = await sql<{ n: number | string }>`select count(*) as n from execution_counts`.execute(store.db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

describe("migration 0028 on sqlite", () => {
  const dialect = "sqlite";
  it("counts the executions a database held before it", async () => {
    const database = await createTestDatabase(dialect);
    try {
      const db = connectUnmigrated(database);
      await new Migrator({ db, provider: migrationProvider(dialect) }).migrateTo("0027-period-container-type");
      for (let i = 0; i < 40; i++) await insertExecution(db, newExecution({ client: i % 4 === 0 ? 200 : 100, name: i % 2 === 0 ? "EVEN" : "ODD" }), "{}", 1);
      await db.destroy();
      const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        const total = async (client: number, name?: string) => (await listExecutions(store.db, client, name === undefined ? {} : { name }, { maxResults: 1 }, dialect)).total;
        expect([await total(100), await total(100, "EVEN"), await total(100, "ODD"), await total(200), await total(200, "EVEN"), await total(200, "ODD")]).toEqual([30, 10, 20, 10, 10, 0]);
        await insertExecution(store.db, newExecution({ client: 200, name: "ODD" }), "{}", 1);
        expect(await total(200, "ODD")).toBe(1);
      } finally {
        await store.close();
      }
    } finally {
      await database.drop();
    }
  });
});
