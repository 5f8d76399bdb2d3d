import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/connect";
import { createTestDatabase, type TestDatabase } from "../testing/test-databases";
import { pino } from "pino";
import { Cluster, type NodeRole } from "./cluster";
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

  /** The health check of one node with `roles` on the database (SQLite: it leads when it schedules). */
  async function health(roles: NodeRole[], agentConnections = 0) {
    const clock = { now: () => Date.parse("2030-01-01T00:00:00Z") };
    const cluster = new Cluster({ store, clock, logger: pino({ level: "silent" }), nodeId: "N1", roles, heartbeatMs: 5_000, leaseMs: 15_000, connectedAgents: () => Array.from({ length: agentConnections }, (_, i) => `FAR${i}`), onLeadership: () => undefined });
    await cluster.beat();
    return new SystemService({ store, clock, metrics: new EngineMetrics({ store, agents: new Map() }), cluster, certificates: [] }).health(true);
  }

  it("is UP with a scheduler leader, the API and the agent endpoint, naming the agents connected", async () => {
    const up = await health(["api", "agents", "scheduling"], 2);
    expect(up.status).toBe("UP");
    expect(up.pwp.available).toEqual([{ name: "N1", count_of_connections: 0, last_life_sign: "2030-01-01T00:00:00Z" }]);
    expect(up.cp.available?.[0]).toMatchObject({ name: "N1", count_of_connections: 2 });
  });

  it("is DOWN without a scheduler leader (no PWP) or without a node taking agents (no CP)", async () => {
    expect(await health(["api", "agents"])).toMatchObject({ status: "DOWN", pwp: { status: "DOWN", instancesRunning: 0, available: [] }, jwp: { status: "UP" } });
    expect(await health(["api", "scheduling"])).toMatchObject({ status: "DOWN", cp: { status: "DOWN" }, pwp: { status: "UP" } });
  });
});

describe("percentile", () => {
  it("takes the nearest rank", () => {
    const values = Array.from({ length: 100 }, (_, i) => i + 1);
    expect([percentile(values, 0.5), percentile(values, 0.99), percentile([7], 0.99), percentile([], 0.5)]).toEqual([50, 99, 7, 0]);
  });
});
