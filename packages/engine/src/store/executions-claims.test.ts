import { Status } from "@baton/contract";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Execution } from "../domain/execution";
import { newExecution } from "../testing/new-execution";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import type { Store } from "./connect";
import { openStore } from "./connect";
import { adoptExecutions } from "./execution-owners-store";
import { claimDueAt, countQueueSlotsInUse, lockDue } from "./waiting-executions-store";
import { countOccurrence } from "./period-containers-store";
import { insertExecution, updateExecution, type NewExecution } from "./executions-store";
import { inTransaction } from "./transaction";

const NOW = 1_000_000;
const TAKERS = 4;

/**
 * Resolves for every caller once `count` callers wait on it: transactions that hold their locks
 * side by side. After `patienceMs` it lets them go anyway, so that a taker that waits for another's
 * locks instead of skipping them makes the test fail (its rows overlap) rather than hang.
 */
function barrier(count: number, patienceMs = 3_000): () => Promise<void> {
  let arrived = 0;
  let release: () => void = () => undefined;
  const all = new Promise<void>((resolve) => (release = resolve));
  const timer = setTimeout(release, patienceMs);
  return () => {
    if (++arrived === count) {
      clearTimeout(timer);
      release();
    }
    return all;
  };
}

function expectDisjointUnion(takes: readonly number[][], all: readonly number[]): void {
  const taken = takes.flat();
  expect(new Set(taken).size, "a row was taken twice").toBe(taken.length);
  expect([...taken].sort((a, b) => a - b)).toEqual([...all].sort((a, b) => a - b));
}

const runIds = (executions: readonly Execution[]) => executions.map((e) => e.runId);

describe.each(testDialects)("claims of executions on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  const insert = (overrides: Partial<NewExecution>, node: string | null = null) => insertExecution(store.db, newExecution(overrides), "{}", NOW, node);
  const waiting = (dueAt: number, overrides: Partial<NewExecution> = {}) => insert({ status: Status.WAITING_FOR_START_TIME, dueAt, ...overrides });

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
  });
  beforeEach(async () => {
    await store.db.deleteFrom("executions").execute();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  describe("lockDue", () => {
    const lock = (now: number, limit: number) => inTransaction(store.db, (trx) => lockDue(trx, dialect, now, limit));

    it("returns the executions waiting for a start time that has come, earliest due first, of every client", async () => {
      const late = await waiting(NOW - 10);
      const early = await waiting(NOW - 500, { client: 200 });
      const exactlyNow = await waiting(NOW);
      await waiting(NOW + 1);
      await insert({ status: Status.WAITING_FOR_QUEUE, dueAt: NOW - 900 });
      await insert({ status: Status.ENDED_OK, dueAt: NOW - 900 });
      await insert({ status: Status.ACTIVE, dueAt: NOW - 900 });
      expect(runIds(await lock(NOW, 10))).toEqual([early.runId, late.runId, exactlyNow.runId]);
    });

    it("returns nothing when nothing is due", async () => {
      await waiting(NOW + 1);
      expect(await lock(NOW, 10)).toEqual([]);
    });

    it("returns at most `limit` executions: the earliest, equal due times by run id", async () => {
      const first = await waiting(NOW - 5);
      const second = await waiting(NOW - 5);
      await waiting(NOW - 5);
      await waiting(NOW - 1);
      expect(runIds(await lock(NOW, 2))).toEqual([first.runId, second.runId]);
      expect(runIds(await lock(NOW, 1))).toEqual([first.runId]);
      expect(await lock(NOW, 0)).toEqual([]);
    });

    it("does not change what it returns: the claim is the caller's", async () => {
      const due = await waiting(NOW - 5);
      await lock(NOW, 10);
      expect(runIds(await lock(NOW, 10))).toEqual([due.runId]);
    });

    it.runIf(dialect === "postgres")("skips the executions another transaction holds: takers side by side on several nodes lock disjoint sets", async () => {
      const due = await Promise.all(Array.from({ length: 12 }, (_, i) => waiting(NOW - i)));
      // Each taker is a node of its own: a node's transactions of one turn share one transaction.
      const nodes = await Promise.all(Array.from({ length: TAKERS }, () => openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl })));
      try {
        const allLocked = barrier(TAKERS);
        const takes = await Promise.all(
          nodes.map((node) =>
            inTransaction(node.db, async (trx) => {
              const locked = await lockDue(trx, dialect, NOW, 3);
              // Every taker keeps its locks until all have locked: none may wait for another's rows.
              await allLocked();
              return runIds(locked);
            }),
          ),
        );
        for (const take of takes) expect(take).toHaveLength(3);
        expectDisjointUnion(takes, runIds(due));
      } finally {
        await Promise.all(nodes.map((node) => node.close()));
      }
    });

    it("with a conditional status change, takers at once start every due execution exactly once", async () => {
      const due = await Promise.all(Array.from({ length: 20 }, (_, i) => waiting(NOW - (i % 4))));
      await waiting(NOW + 1);
      const taker = async () => {
        const mine: number[] = [];
        for (;;) {
          const claimed = await inTransaction(store.db, async (trx) => {
            const taken: number[] = [];
            for (const execution of await lockDue(trx, dialect, NOW, 3)) {
              if (await updateExecution(trx, execution.client, execution.runId, { status: Status.PREPARING }, NOW, Status.WAITING_FOR_START_TIME)) taken.push(execution.runId);
            }
            return taken;
          });
          if (claimed.length === 0) return mine;
          mine.push(...claimed);
        }
      };
      expectDisjointUnion(await Promise.all(Array.from({ length: TAKERS }, taker)), runIds(due));
      expect(await lock(NOW, 50)).toEqual([]);
    });
  });

  describe("updateExecution from a status (the claim of a waiting execution)", () => {
    it("changes the status only while it is the expected one", async () => {
      const execution = await waiting(NOW);
      const claimed = await inTransaction(store.db, (trx) => updateExecution(trx, 100, execution.runId, { status: Status.PREPARING }, NOW, Status.WAITING_FOR_START_TIME));
      expect(claimed?.execution.status).toBe(Status.PREPARING);
      const again = await inTransaction(store.db, (trx) => updateExecution(trx, 100, execution.runId, { status: Status.ACTIVE }, NOW, Status.WAITING_FOR_START_TIME));
      expect(again).toBeUndefined();
      expect((await store.db.selectFrom("executions").select("status").where("run_id", "=", execution.runId).executeTakeFirstOrThrow()).status).toBe(Status.PREPARING);
    });

    it("ends only an unfinished execution: the first end stands", async () => {
      const execution = await insert({ status: Status.ACTIVE });
      const ended = await inTransaction(store.db, (trx) => updateExecution(trx, 100, execution.runId, { status: Status.ENDED_OK, returnCode: 0 }, NOW, "unfinished"));
      expect(ended?.execution.status).toBe(Status.ENDED_OK);
      const later = await inTransaction(store.db, (trx) => updateExecution(trx, 100, execution.runId, { status: Status.ENDED_NOT_OK, returnCode: 9 }, NOW, "unfinished"));
      expect(later).toBeUndefined();
      const row = await store.db.selectFrom("executions").select(["status", "return_code"]).where("run_id", "=", execution.runId).executeTakeFirstOrThrow();
      expect(row).toEqual({ status: Status.ENDED_OK, return_code: 0 });
    });

    it("lets exactly one of several concurrent claims change the status", async () => {
      const execution = await waiting(NOW);
      const results = await Promise.all(
        Array.from({ length: TAKERS }, (_, i) => inTransaction(store.db, (trx) => updateExecution(trx, 100, execution.runId, { status: Status.PREPARING, agent: `NODE${i}` }, NOW, Status.WAITING_FOR_START_TIME))),
      );
      const winners = results.filter((result) => result !== undefined);
      expect(winners).toHaveLength(1);
      const row = await store.db.selectFrom("executions").select("agent").where("run_id", "=", execution.runId).executeTakeFirstOrThrow();
      expect(row.agent).toBe(winners[0]?.execution.agent);
    });

    it("changes nothing of another client's execution with that run id", async () => {
      const execution = await waiting(NOW);
      expect(await inTransaction(store.db, (trx) => updateExecution(trx, 200, execution.runId, { status: Status.PREPARING }, NOW, Status.WAITING_FOR_START_TIME))).toBeUndefined();
    });
  });

  describe("claimDueAt", () => {
    const eventCheck = (dueAt: number | null) => insert({ objectType: "EVNT", type: "Event", status: Status.ACTIVE, dueAt });
    const dueAtOf = async (runId: number) => (await store.db.selectFrom("executions").select("due_at").where("run_id", "=", runId).executeTakeFirstOrThrow()).due_at;

    it("takes the check due at the given time once, and clears it", async () => {
      const event = await eventCheck(NOW);
      expect(await claimDueAt(store.db, 100, event.runId, NOW)).toBe(true);
      expect(await dueAtOf(event.runId)).toBeNull();
      expect(await claimDueAt(store.db, 100, event.runId, NOW)).toBe(false);
    });

    it("refuses a check whose due time has changed, and leaves it", async () => {
      const event = await eventCheck(NOW + 60_000);
      expect(await claimDueAt(store.db, 100, event.runId, NOW)).toBe(false);
      expect(await dueAtOf(event.runId)).toBe(NOW + 60_000);
      const unplanned = await eventCheck(null);
      expect(await claimDueAt(store.db, 100, unplanned.runId, NOW)).toBe(false);
    });

    it("refuses another client's execution with that run id", async () => {
      const event = await eventCheck(NOW);
      expect(await claimDueAt(store.db, 200, event.runId, NOW)).toBe(false);
      expect(await dueAtOf(event.runId)).toBe(NOW);
    });

    it("gives a check to exactly one of several concurrent takers, for each check", async () => {
      const events = await Promise.all(Array.from({ length: 5 }, () => eventCheck(NOW)));
      for (const event of events) {
        const results = await Promise.all(Array.from({ length: TAKERS }, () => claimDueAt(store.db, 100, event.runId, NOW)));
        expect(results.filter(Boolean)).toHaveLength(1);
      }
    });
  });

  describe("adoptExecutions", () => {
    const nodeOf = async (runId: number) => (await store.db.selectFrom("executions").select("node").where("run_id", "=", runId).executeTakeFirstOrThrow()).node;

    it("makes the node the owner of the unfinished executions of the given nodes and returns them, oldest first", async () => {
      const unowned = await insert({ status: Status.ACTIVE }, null);
      const ofDead = await insert({ status: Status.WAITING_FOR_START_TIME, dueAt: NOW }, "dead");
      const endedOfDead = await insert({ status: Status.ENDED_OK }, "dead");
      const ofOther = await insert({ status: Status.ACTIVE }, "other-dead");
      const ofLive = await insert({ status: Status.ACTIVE }, "live");
      const adopted = await adoptExecutions(store.db, ["dead", null], "me");
      expect(runIds(adopted)).toEqual([unowned.runId, ofDead.runId]);
      expect(await nodeOf(unowned.runId)).toBe("me");
      expect(await nodeOf(ofDead.runId)).toBe("me");
      expect(await nodeOf(endedOfDead.runId)).toBe("dead");
      expect(await nodeOf(ofOther.runId)).toBe("other-dead");
      expect(await nodeOf(ofLive.runId)).toBe("live");
    });

    it("adopts nothing from no nodes, and only named nodes' executions without null", async () => {
      const unowned = await insert({ status: Status.ACTIVE }, null);
      const ofDead = await insert({ status: Status.ACTIVE }, "dead");
      expect(await adoptExecutions(store.db, [], "me")).toEqual([]);
      expect(runIds(await adoptExecutions(store.db, ["dead"], "me"))).toEqual([ofDead.runId]);
      expect(await nodeOf(unowned.runId)).toBeNull();
      expect(await adoptExecutions(store.db, ["gone"], "me")).toEqual([]);
    });

    it("gives each orphan to exactly one of several nodes adopting at once", async () => {
      const orphans = await Promise.all(Array.from({ length: 12 }, (_, i) => insert({ status: Status.ACTIVE }, i % 2 === 0 ? "dead" : null)));
      const takes = await Promise.all(Array.from({ length: TAKERS }, (_, i) => adoptExecutions(store.db, ["dead", null], `node${i}`).then((adopted) => ({ node: `node${i}`, runIds: runIds(adopted) }))));
      expectDisjointUnion(
        takes.map((take) => take.runIds),
        runIds(orphans),
      );
      for (const take of takes) for (const runId of take.runIds) expect(await nodeOf(runId)).toBe(take.node);
    });
  });

  describe("countOccurrence", () => {
    it("hands each of several concurrent activations of a period container its own number", async () => {
      const container = await insert({ objectType: "C_PERIOD", type: "Period", status: Status.ACTIVE });
      const other = await insert({ objectType: "C_PERIOD", type: "Period", status: Status.ACTIVE });
      const counts = await Promise.all(Array.from({ length: 8 }, () => countOccurrence(store.db, 100, container.runId)));
      expect([...counts].sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
      expect(await countOccurrence(store.db, 100, other.runId)).toBe(1);
    });
  });

  describe("countQueueSlotsInUse", () => {
    it("counts the active jobs, scripts and file transfers of the client's queue, not waiting or ended ones nor workflows", async () => {
      const queue = "Q.NIGHT";
      const counted = [
        await insert({ queue, objectType: "JOBS", status: Status.ACTIVE }),
        await insert({ queue, objectType: "SCRI", status: 1300 }),
        await insert({ queue, objectType: "JOBF", status: 1799 }),
        await insert({ queue, objectType: "JOBS", status: 1681 }),
        await insert({ queue, objectType: "JOBS", status: 1711 }),
      ];
      for (const status of [1682, 1684, 1698, 1710, 1299, 1800, Status.ENDED_OK]) await insert({ queue, objectType: "JOBS", status });
      await insert({ queue, objectType: "JOBP", type: "Workflow", status: Status.ACTIVE });
      await insert({ queue: "Q.OTHER", objectType: "JOBS", status: Status.ACTIVE });
      await insert({ queue, client: 200, objectType: "JOBS", status: Status.ACTIVE });
      expect(await countQueueSlotsInUse(store.db, 100, queue)).toBe(counted.length);
      expect(await countQueueSlotsInUse(store.db, 100, queue, counted[0]?.runId)).toBe(counted.length - 1);
      expect(await countQueueSlotsInUse(store.db, 100, queue, 999_999)).toBe(counted.length);
      expect(await countQueueSlotsInUse(store.db, 100, "Q.EMPTY")).toBe(0);
    });
  });
});
