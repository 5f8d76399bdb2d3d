import { pino } from "pino";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/connect";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { Cluster, type ClusterOptions, type NodeRole } from "./cluster";

describe.each(testDialects)("cluster on %s", (dialect) => {
  let database: TestDatabase;
  let stores: Store[];
  let now: number;
  const leadership: string[] = [];

  beforeEach(async () => {
    database = await createTestDatabase(dialect);
    stores = [];
    now = 1_000_000;
    leadership.length = 0;
  });
  afterEach(async () => {
    for (const store of stores) await store.close();
    await database.drop();
  });

  /** A node with its own connection to the shared database, as a separate process has. */
  async function node(id: string, roles: NodeRole[] = ["api", "agents", "scheduling"], options: Partial<ClusterOptions> = {}): Promise<Cluster> {
    const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    stores.push(store);
    return new Cluster({ store, clock: { now: () => now }, logger: pino({ level: "silent" }), nodeId: id, roles, heartbeatMs: 5_000, leaseMs: 15_000, connectedAgents: () => [], onLeadership: (leader) => leadership.push(`${id} ${leader ? "leads" : "follows"}`), ...options });
  }

  it("counts a node as alive for the lease after its last life sign, however short its heartbeat", async () => {
    const a = await node("A", ["api"], { heartbeatMs: 1_000 });
    await a.beat();
    // Ten heartbeats late, still within the lease: a busy node, not a dead one.
    now += 10_000;
    expect((await a.nodes()).nodes.map((n) => n.id)).toEqual(["A"]);
    now += 6_000;
    expect((await a.nodes()).nodes).toEqual([]);
  });

  it("does the leader's work beside its heartbeats: a long takeover delays no life sign and never runs twice at once", async () => {
    let runs = 0;
    let finish = () => undefined as void;
    const a = await node("A", ["api", "scheduling"], {
      whileLeading: () => {
        runs += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    await a.beat();
    now += 5_000;
    await a.beat();
    expect((await a.nodes()).nodes[0]?.last_seen_at).toBe(now);
    expect(runs).toBe(1);
    finish();
    await a.settled();
    await a.beat();
    expect(runs).toBe(2);
    finish();
    await a.settled();
  });

  // One SQLite file has one node: it leads at once, even after a crash left a lease behind.
  it.runIf(dialect === "sqlite")("leads at once on SQLite and lists itself", async () => {
    const a = await node("A");
    await a.beat();
    expect(a.leader).toBe(true);
    expect(await a.nodes()).toMatchObject({ leader: "A", nodes: [{ id: "A", roles: "api,agents,scheduling" }] });
  });

  it.runIf(dialect === "postgres")("gives the scheduler lease to one node, keeps it while renewed and passes it on when it runs out", async () => {
    const [a, b] = [await node("A"), await node("B")];
    await a.beat();
    await b.beat();
    expect([a.leader, b.leader]).toEqual([true, false]);
    now += 10_000;
    await a.beat();
    await b.beat();
    expect([a.leader, b.leader]).toEqual([true, false]);
    // A stops renewing (it hangs or died): after the lease time B takes over, and A knows it lost it.
    now += 16_000;
    await b.beat();
    await a.beat();
    expect([a.leader, b.leader]).toEqual([false, true]);
    expect(leadership).toEqual(["A leads", "B leads", "A follows"]);
    expect((await b.nodes()).leader).toBe("B");
  });

  it.runIf(dialect === "postgres")("hands the lease over at once when the leader stops cleanly, and lists only live nodes", async () => {
    const [a, b, api] = [await node("A"), await node("B"), await node("API", ["api"])];
    for (const n of [a, b, api]) await n.beat();
    expect((await a.nodes()).nodes.map((n) => [n.id, n.roles])).toEqual([
      ["A", "api,agents,scheduling"],
      ["API", "api"],
      ["B", "api,agents,scheduling"],
    ]);
    await a.stop();
    await b.beat();
    await api.beat();
    expect([b.leader, api.leader]).toEqual([true, false]);
    now += 20_000;
    await b.beat();
    expect((await b.nodes()).nodes.map((n) => n.id)).toEqual(["B"]);
  });
});
