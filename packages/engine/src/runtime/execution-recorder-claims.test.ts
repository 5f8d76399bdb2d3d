import { Status } from "@baton/contract";
import type { ExecutionChanged } from "../domain/execution-changed";
import { changeTexts } from "../http/presenters/change-presenter";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { Execution } from "../domain/execution";
import { openStore, type Store } from "../store/connect";
import { insertExecution, type NewExecution } from "../store/executions-store";
import { lockDue } from "../store/waiting-executions-store";
import { newExecution } from "../testing/new-execution";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";
import { ExecutionEventBus } from "./event-bus";
import { ExecutionRecorder } from "./execution-recorder";

const NOW = 1_000_000;
const TAKERS = 4;

describe.each(testDialects)("the recorder's claims on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let recorder: ExecutionRecorder;
  let published: ExecutionChanged[];
  const insert = (overrides: Partial<NewExecution>) => insertExecution(store.db, newExecution(overrides), "{}", NOW);
  const statusOf = async (runId: number) => (await store.db.selectFrom("executions").select("status").where("run_id", "=", runId).executeTakeFirstOrThrow()).status;
  const storedEventsOf = async (runId: number) => (await store.db.selectFrom("execution_events").select("seq").where("run_id", "=", runId).execute()).length;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ dataDir: database.dataDir, databaseUrl: database.databaseUrl });
    const bus = new ExecutionEventBus();
    bus.subscribe((event) => published.push(event));
    recorder = new ExecutionRecorder(store, { now: () => NOW }, bus, changeTexts);
  });
  beforeEach(async () => {
    published = [];
    await store.db.deleteFrom("execution_events").execute();
    await store.db.deleteFrom("executions").execute();
  });
  afterAll(async () => {
    await store.close();
    await database.drop();
  });

  describe("claim", () => {
    it("moves the status from the expected one, records and publishes one event", async () => {
      const execution = await insert({ status: Status.WAITING_FOR_QUEUE });
      const claimed = await recorder.claim(execution, Status.WAITING_FOR_QUEUE, { status: Status.PREPARING });
      expect(claimed?.status).toBe(Status.PREPARING);
      expect(await statusOf(execution.runId)).toBe(Status.PREPARING);
      expect(published.map((event) => event.execution.status)).toEqual([Status.PREPARING]);
      expect(await storedEventsOf(execution.runId)).toBe(1);
    });

    it("returns nothing, records and publishes nothing, when the status already changed", async () => {
      const execution = await insert({ status: Status.ACTIVE });
      expect(await recorder.claim(execution, Status.WAITING_FOR_QUEUE, { status: Status.PREPARING })).toBeUndefined();
      expect(await statusOf(execution.runId)).toBe(Status.ACTIVE);
      expect(published).toEqual([]);
      expect(await storedEventsOf(execution.runId)).toBe(0);
    });

    it("lets exactly one of several concurrent claims of a waiting execution through", async () => {
      const execution = await insert({ status: Status.WAITING_FOR_QUEUE });
      const results = await Promise.all(Array.from({ length: TAKERS }, () => recorder.claim(execution, Status.WAITING_FOR_QUEUE, { status: Status.PREPARING })));
      expect(results.filter((result) => result !== undefined)).toHaveLength(1);
      expect(published).toHaveLength(1);
      expect(await storedEventsOf(execution.runId)).toBe(1);
    });

    it("ends an execution once: the first end stands and later ends return nothing", async () => {
      const execution = await insert({ status: Status.ACTIVE });
      const ends = await Promise.all([Status.ENDED_OK, Status.ENDED_NOT_OK, Status.ENDED_OK].map((status) => recorder.end(execution, { status, endTime: NOW })));
      const recorded = ends.filter((end): end is Execution => end !== undefined);
      expect(recorded).toHaveLength(1);
      expect(await statusOf(execution.runId)).toBe(recorded[0]?.status);
      expect(await recorder.end(execution, { status: Status.ENDED_NOT_OK, endTime: NOW })).toBeUndefined();
    });
  });

  describe("claimMany with lockDue", () => {
    const claimDue = (limit: number) => recorder.claimMany((trx) => lockDue(trx, dialect, NOW, limit), Status.WAITING_FOR_START_TIME, { status: Status.PREPARING });

    it("claims the due executions, earliest first, and leaves the others waiting", async () => {
      const late = await insert({ status: Status.WAITING_FOR_START_TIME, dueAt: NOW });
      const early = await insert({ status: Status.WAITING_FOR_START_TIME, dueAt: NOW - 100 });
      const future = await insert({ status: Status.WAITING_FOR_START_TIME, dueAt: NOW + 1 });
      expect((await claimDue(10)).map((e) => e.runId)).toEqual([early.runId, late.runId]);
      expect(await statusOf(future.runId)).toBe(Status.WAITING_FOR_START_TIME);
      expect(await claimDue(10)).toEqual([]);
      expect(published).toHaveLength(2);
    });

    it("gives every due execution to exactly one of several schedulers claiming at once", async () => {
      const due: number[] = [];
      for (let i = 0; i < 20; i++) due.push((await insert({ status: Status.WAITING_FOR_START_TIME, dueAt: NOW - (i % 5) })).runId);
      const scheduler = async () => {
        const mine: number[] = [];
        for (;;) {
          const claimed = await claimDue(3);
          if (claimed.length === 0) return mine;
          mine.push(...claimed.map((e) => e.runId));
        }
      };
      const taken = (await Promise.all(Array.from({ length: TAKERS }, scheduler))).flat();
      expect(new Set(taken).size, "an execution was claimed twice").toBe(taken.length);
      expect(taken.sort((a, b) => a - b)).toEqual(due);
      expect(published).toHaveLength(due.length);
      for (const runId of due) expect(await statusOf(runId)).toBe(Status.PREPARING);
    });
  });
});
