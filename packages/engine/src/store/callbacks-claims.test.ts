import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { claimDueCallbacks, queueWebhook, recordCallbackAttempt, type PendingCallback } from "./callbacks-store";
import { openStore, type Store } from "./connect";

const NOW = 1_000_000;
const LEASE = 30_000;
const TAKERS = 4;

const ids = (callbacks: readonly PendingCallback[]) => callbacks.map((c) => c.id);

describe.each(testDialects)("claims of callback deliveries on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;

  /** Queues a delivery first attempted at `at`; returns its id. */
  const queue = async (at: number, runId = 1) => {
    await queueWebhook(store.db, 100, runId, `http://hooks.test/${runId}`, JSON.stringify({ runId }), at);
    const row = await store.db.selectFrom("callback_outbox").select((eb) => eb.fn.max("id").as("id")).executeTakeFirstOrThrow();
    return Number(row.id);
  };
  const nextAttemptOf = async (id: number) => (await store.db.selectFrom("callback_outbox").select("next_attempt_at").where("id", "=", id).executeTakeFirstOrThrow()).next_attempt_at;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  beforeEach(async () => {
    await store.db.deleteFrom("callback_outbox").execute();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  it("claims the due deliveries, earliest first, and moves their next attempt to the lease's end", async () => {
    const late = await queue(NOW - 10, 1);
    const early = await queue(NOW - 500, 2);
    const exactlyNow = await queue(NOW, 3);
    const future = await queue(NOW + 1, 4);
    const delivered = await queue(NOW - 900, 5);
    await recordCallbackAttempt(store.db, delivered, { deliveredAt: NOW - 800 });
    const gaveUp = await queue(NOW - 900, 6);
    await recordCallbackAttempt(store.db, gaveUp, { error: "410 Gone" });

    const claimed = await claimDueCallbacks(store, NOW, 10, LEASE);
    expect(ids(claimed)).toEqual([early, late, exactlyNow]);
    expect(claimed[0]).toEqual({ id: early, client: 100, runId: 2, url: "http://hooks.test/2", headers: {}, payload: JSON.stringify({ runId: 2 }), attempts: 0 });
    for (const id of [early, late, exactlyNow]) expect(await nextAttemptOf(id)).toBe(NOW + LEASE);
    expect(await nextAttemptOf(future)).toBe(NOW + 1);
    expect(await nextAttemptOf(delivered)).toBeNull();
  });

  it("returns nothing when nothing is due", async () => {
    await queue(NOW + 1);
    expect(await claimDueCallbacks(store, NOW, 10, LEASE)).toEqual([]);
    expect(await claimDueCallbacks(store, NOW, 10, LEASE)).toEqual([]);
  });

  it("claims at most `limit`, equal times by id, and leaves the rest due", async () => {
    const queued = [await queue(NOW - 5), await queue(NOW - 5), await queue(NOW - 5)];
    expect(await claimDueCallbacks(store, NOW, 0, LEASE)).toEqual([]);
    expect(ids(await claimDueCallbacks(store, NOW, 1, LEASE))).toEqual([queued[0]]);
    expect(ids(await claimDueCallbacks(store, NOW, 2, LEASE))).toEqual([queued[1], queued[2]]);
  });

  it("does not give a claimed delivery again while its lease lasts, and gives it again once the lease ended", async () => {
    const id = await queue(NOW);
    expect(ids(await claimDueCallbacks(store, NOW, 10, LEASE))).toEqual([id]);
    expect(await claimDueCallbacks(store, NOW + LEASE - 1, 10, LEASE)).toEqual([]);
    const again = await claimDueCallbacks(store, NOW + LEASE, 10, LEASE);
    expect(ids(again)).toEqual([id]);
    expect(again[0]?.attempts).toBe(0);
    expect(await nextAttemptOf(id)).toBe(NOW + 2 * LEASE);
  });

  it("gives every due delivery to exactly one of several takers claiming at once", async () => {
    const due: number[] = [];
    for (let i = 0; i < 30; i++) due.push(await queue(NOW - (i % 3), i));
    await queue(NOW + 1);
    const taker = async () => {
      const mine: number[] = [];
      for (;;) {
        const claimed = await claimDueCallbacks(store, NOW, 3, LEASE);
        if (claimed.length === 0) return mine;
        mine.push(...ids(claimed));
      }
    };
    const takes = await Promise.all(Array.from({ length: TAKERS }, taker));
    const taken = takes.flat();
    expect(new Set(taken).size, "a delivery was claimed twice").toBe(taken.length);
    expect(taken.sort((a, b) => a - b)).toEqual(due);
  });

  it.runIf(dialect === "postgres")("skips, without waiting, the deliveries another node is claiming", async () => {
    const queued = [await queue(NOW - 3), await queue(NOW - 2), await queue(NOW - 1)];
    let claimedMeanwhile: number[] = [];
    await store.db.transaction().execute(async (trx) => {
      // Another node is claiming the earliest two: their rows are locked until its transaction ends.
      await trx.selectFrom("callback_outbox").select("id").where("id", "in", queued.slice(0, 2)).forUpdate().execute();
      // A claim that waited for the locks would wait for this transaction forever: give up, fail and unlock.
      const waited = new Promise<never>((_, reject) => setTimeout(() => reject(new Error("the claim waited for rows another node holds")), 3_000).unref());
      claimedMeanwhile = ids(await Promise.race([claimDueCallbacks(store, NOW, 10, LEASE), waited]));
    });
    expect(claimedMeanwhile).toEqual([queued[2]]);
    expect(ids(await claimDueCallbacks(store, NOW, 10, LEASE))).toEqual(queued.slice(0, 2));
  });
});
