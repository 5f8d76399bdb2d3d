import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { acquireLease, leaseHolder, releaseLease } from "./cluster-store";
import { openStore, type Store } from "./connect";

const NOW = 1_000_000;
const TTL = 10_000;
const CONTENDERS = 6;

describe.each(testDialects)("the cluster's leases on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  beforeEach(async () => {
    await store.db.deleteFrom("leases").execute();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it("has no holder before anyone took it", async () => {
    expect(await leaseHolder(store.db, "scheduler", NOW)).toBeUndefined();
  });

  it("gives a free lease to the first holder and refuses it to another until it expires after its ttl", async () => {
    expect(await acquireLease(store.db, "scheduler", "A", NOW, TTL)).toBe(true);
    expect(await leaseHolder(store.db, "scheduler", NOW)).toBe("A");
    expect(await acquireLease(store.db, "scheduler", "B", NOW + 1, TTL)).toBe(false);
    // Held up to and including its expiry, by both readings.
    expect(await leaseHolder(store.db, "scheduler", NOW + TTL)).toBe("A");
    expect(await acquireLease(store.db, "scheduler", "B", NOW + TTL, TTL)).toBe(false);
    expect(await leaseHolder(store.db, "scheduler", NOW + TTL + 1)).toBeUndefined();
    expect(await acquireLease(store.db, "scheduler", "B", NOW + TTL + 1, TTL)).toBe(true);
    expect(await leaseHolder(store.db, "scheduler", NOW + TTL + 1)).toBe("B");
    expect(await acquireLease(store.db, "scheduler", "A", NOW + TTL + 2, TTL)).toBe(false);
  });

  it("renews the lease of its holder from the time of the renewal", async () => {
    expect(await acquireLease(store.db, "scheduler", "A", NOW, TTL)).toBe(true);
    expect(await acquireLease(store.db, "scheduler", "A", NOW + TTL / 2, TTL)).toBe(true);
    expect(await acquireLease(store.db, "scheduler", "B", NOW + TTL + 1, TTL)).toBe(false);
    expect(await leaseHolder(store.db, "scheduler", NOW + TTL / 2 + TTL)).toBe("A");
    expect(await leaseHolder(store.db, "scheduler", NOW + TTL / 2 + TTL + 1)).toBeUndefined();
  });

  it("keeps leases of different names apart", async () => {
    expect(await acquireLease(store.db, "scheduler", "A", NOW, TTL)).toBe(true);
    expect(await acquireLease(store.db, "pruner", "B", NOW, TTL)).toBe(true);
    expect(await leaseHolder(store.db, "scheduler", NOW)).toBe("A");
    expect(await leaseHolder(store.db, "pruner", NOW)).toBe("B");
  });

  it("frees the lease at once when its holder releases it, and not when another does", async () => {
    expect(await acquireLease(store.db, "scheduler", "A", NOW, TTL)).toBe(true);
    await releaseLease(store.db, "scheduler", "B");
    expect(await leaseHolder(store.db, "scheduler", NOW + 1)).toBe("A");
    expect(await acquireLease(store.db, "scheduler", "B", NOW + 1, TTL)).toBe(false);
    await releaseLease(store.db, "scheduler", "A");
    expect(await leaseHolder(store.db, "scheduler", NOW + 1)).toBeUndefined();
    expect(await acquireLease(store.db, "scheduler", "B", NOW + 1, TTL)).toBe(true);
    expect(await leaseHolder(store.db, "scheduler", NOW + 1)).toBe("B");
  });

  it("releasing a lease nobody took changes nothing", async () => {
    await releaseLease(store.db, "scheduler", "A");
    expect(await leaseHolder(store.db, "scheduler", NOW)).toBeUndefined();
    expect(await acquireLease(store.db, "scheduler", "A", NOW, TTL)).toBe(true);
  });

  it("gives a free lease to exactly one of several holders asking at once", async () => {
    for (let round = 0; round < 5; round++) {
      const name = `lease-${round}`;
      const holders = Array.from({ length: CONTENDERS }, (_, i) => `node${i}`);
      const results = await Promise.all(holders.map((holder) => acquireLease(store.db, name, holder, NOW, TTL)));
      const winners = holders.filter((_, i) => results[i]);
      expect(winners).toHaveLength(1);
      expect(await leaseHolder(store.db, name, NOW)).toBe(winners[0]);
    }
  });

  it("gives an expired lease to exactly one of several holders asking at once, the old holder among them", async () => {
    expect(await acquireLease(store.db, "scheduler", "old", NOW, TTL)).toBe(true);
    const later = NOW + TTL + 1;
    const holders = ["old", ...Array.from({ length: CONTENDERS - 1 }, (_, i) => `node${i}`)];
    const results = await Promise.all(holders.map((holder) => acquireLease(store.db, "scheduler", holder, later, TTL)));
    const winners = holders.filter((_, i) => results[i]);
    expect(winners).toHaveLength(1);
    expect(await leaseHolder(store.db, "scheduler", later)).toBe(winners[0]);
  });
});
