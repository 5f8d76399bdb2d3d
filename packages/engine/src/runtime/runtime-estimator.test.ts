import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/connect";
import { insertExecution } from "../store/executions-store";
import { upsertObjects } from "../store/objects-store";
import { findRuntimeEstimate } from "../store/runtime-estimates-store";
import { newExecution } from "../testing/new-execution";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { RuntimeEstimator } from "./runtime-estimator";

const NOW = Date.parse("2030-01-01T00:00:00Z");
const NAME = "NIGHTLY.BACKUP";

describe.each(testDialects)("estimated runtimes after OK ends on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let runtimeReads: number;
  let estimator: RuntimeEstimator;

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    runtimeReads = 0;
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, onQuery: (sql) => void (sql.includes("start_time, end_time from executions") && (runtimeReads += 1)) });
    estimator = new RuntimeEstimator({ store, clock: { now: () => NOW }, logger: pino({ level: "silent" }) });
    const body = { general_attributes: { name: NAME, type: "JOBS" }, job_attributes: { agent: "LOCAL", platform: "UNIX" } };
    await upsertObjects(store.db, 100, [{ name: NAME, type: "JOBS", folder: "", body: JSON.stringify(body) }], "ADMIN/ADMIN", NOW);
  });

  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  /** An OK run of `seconds`, ended an hour apart from the others. */
  const ranOk = (i: number, seconds: number) => {
    const start = NOW - (i + 1) * 3_600_000;
    return insertExecution(store.db, newExecution({ name: NAME, startTime: start, endTime: start + seconds * 1000 }), "{}", start);
  };

  it("recomputes once more for all the ends that came during a recomputation, and that estimate counts every one of them", async () => {
    await ranOk(0, 10);
    const first = estimator.afterOk(100, NAME);
    // Nine more runs end while the first recomputation is under way.
    const later: Array<Promise<void>> = [];
    for (let i = 1; i < 10; i++) {
      await ranOk(i, 10 + i * 10);
      later.push(estimator.afterOk(100, NAME));
    }
    await Promise.all([first, ...later]);
    // The average of 10, 20, ..., 100 seconds: the last recomputation read all ten runs.
    expect(await findRuntimeEstimate(store.db, 100, NAME)).toBe(55);
    expect(runtimeReads).toBeGreaterThanOrEqual(2);
    expect(runtimeReads).toBeLessThan(10);
  });

  it("recomputes for an end after the previous recomputation has finished", async () => {
    await ranOk(0, 30);
    await estimator.afterOk(100, NAME);
    expect(await findRuntimeEstimate(store.db, 100, NAME)).toBe(30);
    await ranOk(1, 90);
    await estimator.afterOk(100, NAME);
    expect(await findRuntimeEstimate(store.db, 100, NAME)).toBe(60);
    expect(runtimeReads).toBe(2);
  });
});
