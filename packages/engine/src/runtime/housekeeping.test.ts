import pino from "pino";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { newExecution } from "../testing/new-execution";
import { allWithOneStore, testDialects } from "../testing/test-databases";
import type { Store } from "../store/connect";
import { insertExecution } from "../store/executions-store";
import { systemClock } from "./clock";
import { Housekeeping } from "./housekeeping";

describe.each(testDialects)("housekeeping on %s", (dialect) => {
  let store: Store;
  allWithOneStore(dialect, (opened) => (store = opened.store));

  const rowsOf = async (name: string) => Number((await sql<{ n: number | string }>`select count(*) as n from execution_counts where name = ${name}`.execute(store.db)).rows[0]?.n);

  it("keeps one count row per name: PostgreSQL's log compacted on its own once started, SQLite's row exact all along", async () => {
    for (let i = 0; i < 12; i++) await insertExecution(store.db, newExecution({ client: 100, name: "KEPT" }), "{}", 1);
    expect(await rowsOf("KEPT")).toBe(dialect === "postgres" ? 12 : 1);
    const housekeeping = new Housekeeping({ store, clock: systemClock, logger: pino({ level: "silent" }), compactCountsEveryMs: 50 });
    housekeeping.start();
    try {
      await expect.poll(() => rowsOf("KEPT"), { timeout: 5000, interval: 50 }).toBe(1);
    } finally {
      housekeeping.stop();
    }
    const kept = await sql<{ n: number | string }>`select n from execution_counts where name = 'KEPT'`.execute(store.db);
    expect(Number(kept.rows[0]?.n)).toBe(12);
  });
});
