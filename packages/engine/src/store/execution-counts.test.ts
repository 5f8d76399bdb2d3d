import fc from "fast-check";
import { Migrator, sql, type Transaction } from "kysely";
import { describe, expect, it } from "vitest";
import { newExecution } from "../testing/new-execution";
import { allWithOneStore, connectUnmigrated, createTestDatabase, testDialects } from "../testing/test-databases";
import { deleteClientData } from "./client-data-store";
import { openStore, type Store } from "./connect";
import { COMPACT_LOCK, compactExecutionCounts } from "./execution-counts-store";
import { listExecutions } from "./execution-pages-store";
import { insertExecution } from "./executions-store";
import { migrationProvider } from "./migrations/index";
import type { Database } from "./schema";
import { inTransaction } from "./transaction";

const NAMES = ["A", "B", "C.D"] as const;
const CLIENTS = [100, 200] as const;

type Step =
  | { kind: "insert"; client: number; name: string; times: number; task: boolean }
  | { kind: "insert then fail"; client: number; name: string }
  | { kind: "rename"; client: number; from: string; to: string }
  | { kind: "adopt"; client: number; name: string; parent: number | null }
  | { kind: "delete client"; client: number }
  | { kind: "compact" };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant("insert" as const), client: fc.constantFrom(...CLIENTS), name: fc.constantFrom(...NAMES), times: fc.integer({ min: 1, max: 40 }), task: fc.boolean() }),
  fc.record({ kind: fc.constant("insert then fail" as const), client: fc.constantFrom(...CLIENTS), name: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant("rename" as const), client: fc.constantFrom(...CLIENTS), from: fc.constantFrom(...NAMES), to: fc.constantFrom(...NAMES) }),
  fc.record({ kind: fc.constant("adopt" as const), client: fc.constantFrom(...CLIENTS), name: fc.constantFrom(...NAMES), parent: fc.constantFrom(null, 7) }),
  fc.record({ kind: fc.constant("delete client" as const), client: fc.constantFrom(...CLIENTS) }),
  fc.constant({ kind: "compact" as const }),
);

describe.each(testDialects)("the executions list's total on %s", (dialect) => {
  let store: Store;
  allWithOneStore(dialect, (opened) => (store = opened.store));

  async function apply(s: Step): Promise<void> {
    if (s.kind === "insert") {
      await inTransaction(store.db, async (trx) => {
        for (let i = 0; i < s.times; i++) await insertExecution(trx, newExecution({ client: s.client, name: s.name, parent: s.task ? 7 : null }), "{}", 1);
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
    } else if (s.kind === "adopt") {
      // Nor moves one into or out of a workflow; the top-level counts follow that too.
      await store.db.updateTable("executions").set({ parent: s.parent }).where("client", "=", s.client).where("name", "=", s.name).execute();
    } else if (s.kind === "delete client") {
      await deleteClientData(store.db, s.client, () => undefined);
    } else {
      await compactExecutionCounts(store.db, dialect);
    }
  }

  /** What the list answers as `total` for each client, unfiltered and for each name, each top level only or not. */
  async function totals(): Promise<Record<string, number>> {
    const answer: Record<string, number> = {};
    for (const client of CLIENTS) {
      for (const topLevel of [false, true]) {
        answer[`${client} ${topLevel}`] = (await listExecutions(store.db, client, { topLevel }, { maxResults: 1 }, dialect)).total;
        for (const name of NAMES) answer[`${client} ${name} ${topLevel}`] = (await listExecutions(store.db, client, { name, topLevel }, { maxResults: 1 }, dialect)).total;
      }
    }
    return answer;
  }

  /** The same, counted from the executions themselves. */
  async function counted(): Promise<Record<string, number>> {
    const answer: Record<string, number> = {};
    const count = async (client: number, name: string | undefined, topLevel: boolean) => {
      let query = store.db.selectFrom("executions").where("client", "=", client);
      if (name !== undefined) query = query.where("name", "=", name);
      if (topLevel) query = query.where("parent", "is", null);
      return Number((await query.select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow()).n);
    };
    for (const client of CLIENTS) {
      for (const topLevel of [false, true]) {
        answer[`${client} ${topLevel}`] = await count(client, undefined, topLevel);
        for (const name of NAMES) answer[`${client} ${name} ${topLevel}`] = await count(client, name, topLevel);
      }
    }
    return answer;
  }

  it("is the executions' own count, top level or not, after any inserts, failed transactions, renames, moves, deletions and compactions", async () => {
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

  it("keeps no row for a name whose executions are all gone (on PostgreSQL once compacted)", async () => {
    for (const client of CLIENTS) await deleteClientData(store.db, client, () => undefined);
    await compactExecutionCounts(store.db, dialect);
    const left = await sql<{ n: number | string }>`select count(*) as n from execution_counts`.execute(store.db);
    expect(Number(left.rows[0]?.n)).toBe(0);
  });
});

describe.runIf(testDialects.includes("postgres"))("the count log on postgres", () => {
  const dialect = "postgres";
  let store: Store;
  allWithOneStore(dialect, (opened) => (store = opened.store));

  /**
   * Runs `work` in a transaction of its own connection (outside the engine's commit groups) and
   * keeps that transaction open until `commit` is called; resolves once `work` has run.
   */
  async function openTransaction(work: (trx: Transaction<Database>) => Promise<unknown>): Promise<{ commit: () => Promise<void> }> {
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let ran = () => undefined as void;
    const done = new Promise<void>((resolve) => (ran = resolve));
    const open = store.db.transaction().execute(async (trx) => {
      await work(trx);
      ran();
      await held;
    });
    await Promise.race([done, open]);
    return {
      commit: async () => {
        release();
        await open;
      },
    };
  }

  const total = async (name: string) => (await listExecutions(store.db, 100, { name }, { maxResults: 1 }, dialect)).total;
  const entries = async (name: string) => Number((await sql<{ n: string }>`select count(*) as n from execution_counts where name = ${name}`.execute(store.db)).rows[0]?.n);

  it("lets two transactions add executions of one name side by side, neither waiting for the other's commit", async () => {
    const first = await openTransaction((trx) => insertExecution(trx, newExecution({ client: 100, name: "SIDE.BY.SIDE" }), "{}", 1));
    const second = store.db.transaction().execute((trx) => insertExecution(trx, newExecution({ client: 100, name: "SIDE.BY.SIDE" }), "{}", 1));
    const waited = await Promise.race([second.then(() => false), new Promise<boolean>((resolve) => setTimeout(() => resolve(true), 2000))]);
    await Promise.all([first.commit(), second]);
    expect(waited).toBe(false);
    expect(await total("SIDE.BY.SIDE")).toBe(2);
  });

  it("merges a name's entries into one row, and leaves those of a transaction still open for the next time", async () => {
    for (let i = 0; i < 30; i++) await insertExecution(store.db, newExecution({ client: 100, name: "MANY" }), "{}", 1);
    expect(await entries("MANY")).toBe(30);
    const open = await openTransaction((trx) => insertExecution(trx, newExecution({ client: 100, name: "MANY" }), "{}", 1));
    expect(await compactExecutionCounts(store.db, dialect)).toBeGreaterThanOrEqual(30);
    expect(await entries("MANY")).toBe(1);
    expect(await total("MANY")).toBe(30);
    await open.commit();
    expect(await total("MANY")).toBe(31);
    await compactExecutionCounts(store.db, dialect);
    expect(await entries("MANY")).toBe(1);
    expect(await total("MANY")).toBe(31);
  });

  it("compacts on one node at a time: while another holds the lock, nothing is merged", async () => {
    for (let i = 0; i < 3; i++) await insertExecution(store.db, newExecution({ client: 100, name: "LOCKED" }), "{}", 1);
    const other = await openTransaction((trx) => sql`select pg_advisory_xact_lock(${COMPACT_LOCK})`.execute(trx));
    expect(await compactExecutionCounts(store.db, dialect)).toBe(0);
    expect(await entries("LOCKED")).toBe(3);
    await other.commit();
    expect(await compactExecutionCounts(store.db, dialect)).toBeGreaterThanOrEqual(3);
    expect(await entries("LOCKED")).toBe(1);
    expect(await total("LOCKED")).toBe(3);
  });
});

describe.each(testDialects)("migrations 0028 and 0029 on %s", (dialect) => {
  it.each(["0027-period-container-type", "0028-execution-counts"])("count the executions a database held before them, migrated up to %s", async (before) => {
    const database = await createTestDatabase(dialect);
    try {
      const db = connectUnmigrated(database);
      await new Migrator({ db, provider: migrationProvider(dialect) }).migrateTo(before);
      const rows = Array.from({ length: 40 }, (_, i) => ({ client: i % 4 === 0 ? 200 : 100, name: i % 2 === 0 ? "EVEN" : "ODD", parent: i % 5 === 0 ? 3 : null }));
      for (const row of rows) await insertExecution(db, newExecution(row), "{}", 1);
      await db.destroy();
      const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
      try {
        const total = async (client: number, name: string | undefined, topLevel: boolean) => (await listExecutions(store.db, client, { name, topLevel }, { maxResults: 1 }, dialect)).total;
        const expected = (client: number, name: string | undefined, topLevel: boolean) => rows.filter((r) => r.client === client && (name === undefined || r.name === name) && (!topLevel || r.parent === null)).length;
        for (const client of [100, 200]) {
          for (const name of [undefined, "EVEN", "ODD"]) {
            for (const topLevel of [false, true]) expect(await total(client, name, topLevel), `${client} ${name} ${topLevel}`).toBe(expected(client, name, topLevel));
          }
        }
        await insertExecution(store.db, newExecution({ client: 200, name: "ODD" }), "{}", 1);
        expect(await total(200, "ODD", true)).toBe(1);
      } finally {
        await store.close();
      }
    } finally {
      await database.drop();
    }
  });
});
