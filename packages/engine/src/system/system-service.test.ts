import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/connect";
import { createTestDatabase, type TestDatabase } from "../testing/test-databases";
import { EngineMetrics, percentile } from "./engine-metrics";
import { SystemService } from "./system-service";

describe("system health", () => {
  let database: TestDatabase;
  let store: Store;
  beforeEach(async () => {
    database = await createTestDatabase("sqlite");
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
  });
  afterEach(async () => {
    await store.close();
    await database.drop();
  });

  const health = (parts: { scheduling: boolean; agentEndpoint: boolean; agentConnections: number }) =>
    new SystemService({ store, clock: { now: () => Date.parse("2030-01-01T00:00:00Z") }, metrics: new EngineMetrics({ store, agents: new Map() }), parts: () => parts, certificates: [] }).health(true);

  it("is UP with a scheduler and an agent endpoint, naming the agents connected", async () => {
    const up = await health({ scheduling: true, agentEndpoint: true, agentConnections: 2 });
    expect(up.status).toBe("UP");
    expect(up.cp.available?.[0]).toMatchObject({ count_of_connections: 2, last_life_sign: "2030-01-01T00:00:00.000Z" });
  });

  it("is DOWN without a scheduler (no PWP) or without the agent endpoint (no CP)", async () => {
    expect(await health({ scheduling: false, agentEndpoint: true, agentConnections: 0 })).toMatchObject({ status: "DOWN", pwp: { status: "DOWN", instancesRunning: 0, available: [] } });
    expect(await health({ scheduling: true, agentEndpoint: false, agentConnections: 0 })).toMatchObject({ status: "DOWN", cp: { status: "DOWN" }, pwp: { status: "UP" } });
  });
});

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(values, 0.5), percentile(values, 0.99), percentile([7], 0.99), percentile([], 0.5)]).toEqual([50, 99, 7, 0]);
  });
});
