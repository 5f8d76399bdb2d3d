import type { MetricType } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { openStore, type Store } from "./connect";
import { insertMetricSamples, readMetricSamples } from "./metrics-store";

const sample = (started: number, active: number, p99: number): Partial<Record<MetricType, number>> => ({
  executions_started: started,
  executions_ended_ok: started,
  executions_ended_not_ok: 0,
  active_executions: active,
  waiting_executions: 0,
  agents_connected: 1,
  api_requests: 10 * started,
  api_latency_p50_ms: 1,
  api_latency_p99_ms: p99,
});

describe.each(testDialects)("metric samples on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it("adds up the counts of the nodes that sampled one minute and keeps the largest of the rest", async () => {
    await insertMetricSamples(store.db, 60_000, sample(3, 7, 40));
    await insertMetricSamples(store.db, 60_000, sample(5, 7, 25));
    const value = async (type: MetricType) => (await readMetricSamples(store.db, type, 0, 120_000))[0]?.value;
    expect(await value("executions_started")).toBe(8);
    expect(await value("api_requests")).toBe(80);
    expect(await value("agents_connected")).toBe(2);
    expect(await value("active_executions")).toBe(7);
    expect(await value("api_latency_p99_ms")).toBe(40);
  });
});
