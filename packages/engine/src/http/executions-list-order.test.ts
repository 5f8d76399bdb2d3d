import type { Server } from "node:http";
import { OutExecutionList, Status } from "@baton/contract";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basicAuthorization } from "../auth/basic-credentials";
import type { Execution } from "../domain/execution";
import { createEngine } from "../engine";
import type { Engine } from "../engine-api";
import { openStore, type Store } from "../store/connect";
import { insertExecution } from "../store/executions-store";
import { newExecution } from "../testing/new-execution";
import { serveRest } from "../testing/serve-rest";
import { createTestDatabase, testDialects, type TestDatabase } from "../testing/test-databases";

/** 2024-05-01T06:00:00Z: the seeds' times are seconds after it. */
const T = Date.UTC(2024, 4, 1, 6, 0, 0);
const at = (seconds: number) => T + seconds * 1000;

/** More than the engine sorts in memory (10,000) are top-level, so that both ways of reading a sorted page are taken. */
const MANY = 13_000;

type Column = "activation_time" | "run_id" | "name" | "status" | "start_time" | "end_time";
const VALUE_OF: Record<Column, (e: Execution) => string | number | null> = {
  activation_time: (e) => e.activationTime,
  run_id: (e) => e.runId,
  name: (e) => e.name,
  status: (e) => e.status,
  start_time: (e) => e.startTime,
  end_time: (e) => e.endTime,
};

/**
 * The order the extension promises, written out: the column (no value counts as later than any,
 * names in byte order), then activation time, then run_id, all in the one direction.
 */
function inOrder(executions: readonly Execution[], sort: string): number[] {
  const descending = sort.startsWith("-");
  const column = (descending ? sort.slice(1) : sort) as Column;
  const compare = (a: string | number | null, b: string | number | null): number => (a === b ? 0 : a === null ? 1 : b === null ? -1 : a < b ? -1 : 1);
  const direction = descending ? -1 : 1;
  return [...executions]
    .sort((a, b) => direction * (compare(VALUE_OF[column](a), VALUE_OF[column](b)) || a.activationTime - b.activationTime || a.runId - b.runId))
    .map((e) => e.runId);
}

describe.each(testDialects)("GET /{client_id}/executions sorted and top-level only (Baton extensions) on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  let engine: Engine;
  let server: Server;
  let base = "";
  /** Client 100: a few executions, a workflow with tasks among them. */
  const few: Execution[] = [];
  /** Client 0: many executions, one in five a task. */
  const many: Execution[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    const now = Date.now();
    engine = await createEngine({ store, agents: [], logger: pino({ level: "silent" }), adminPassword: "pw", clock: { now: () => now } });
    ({ server, base } = await serveRest(engine.handleRest));

    const insert = async (client: number, into: Execution[], overrides: Parameters<typeof newExecution>[0]) => {
      const inserted = await insertExecution(store.db, newExecution({ client, ...overrides }), "{}", T);
      into.push(inserted);
      return inserted;
    };
    const workflow = await insert(100, few, { name: "WF.MAIN", objectType: "JOBP", type: "Workflow", activationTime: at(100), startTime: at(101), endTime: at(400) });
    await insert(100, few, { name: "WF.LOAD", parent: workflow.runId, lineNumber: 2, activationTime: at(101), startTime: at(102), endTime: at(200) });
    await insert(100, few, { name: "WF.REPORT", parent: workflow.runId, lineNumber: 3, status: Status.ENDED_NOT_OK, activationTime: at(201), startTime: at(202), endTime: at(300) });
    await insert(100, few, { name: "A_FIRST", activationTime: at(50), startTime: at(60), endTime: at(70) });
    await insert(100, few, { name: "AB.SECOND", status: Status.ACTIVE, activationTime: at(500), startTime: at(501), endTime: null });
    await insert(100, few, { name: "ZZ.WAITING", status: Status.WAITING_FOR_START_TIME, activationTime: at(600), startTime: null, endTime: null });
    // Activated in the same millisecond as ZZ.WAITING: run_id decides.
    await insert(100, few, { name: "AB.SECOND", status: Status.ENDED_OK, activationTime: at(600), startTime: at(601), endTime: at(700) });

    await store.db.transaction().execute(async (trx) => {
      let parent = 0;
      for (let i = 0; i < MANY; i++) {
        const activation = at(10_000 + Math.floor(i / 3) * 10);
        const started = i % 11 !== 0;
        const ended = started && i % 7 !== 0;
        const isTask = i % 5 === 4 && parent !== 0;
        const values = newExecution({
          client: 0,
          name: `${i % 4 === 0 ? "BULK_" : "BULK."}${i % 13}`,
          status: !started ? Status.WAITING_FOR_START_TIME : !ended ? Status.ACTIVE : i % 3 === 0 ? Status.ENDED_NOT_OK : Status.ENDED_OK,
          activationTime: activation,
          startTime: started ? activation + (i % 17) * 1000 : null,
          endTime: ended ? activation + (i % 23) * 60_000 : null,
          ...(isTask ? { parent, lineNumber: 2 } : {}),
        });
        const inserted = await insertExecution(trx, values, "{}", T);
        many.push(inserted);
        if (i % 5 === 0) parent = inserted.runId;
      }
    });
  }, 180_000);

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await engine.close();
    await database.drop();
  });

  const get = (path: string) => fetch(`${base}${path}`, { headers: { authorization: basicAuthorization({ user: "ADMIN", department: "ADMIN", password: "pw" }) } });

  async function list(query: string, client: number): Promise<OutExecutionList> {
    const response = await get(`/${client}/executions?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutExecutionList.parse(await response.json());
  }

  const topLevel = (executions: readonly Execution[]) => executions.filter((e) => e.parent === null);

  describe("top_level", () => {
    it("lists only executions without a parent, newest first, and counts only them", async () => {
      const page = await list("top_level=true", 100);
      expect(page.total).toBe(5);
      expect(page.data.map((e) => e.run_id)).toEqual(inOrder(topLevel(few), "-activation_time"));
      expect((await list("top_level=false", 100)).total).toBe(7);
    });

    it("reads many top-level executions page by page in the list's order", async () => {
      const expected = inOrder(topLevel(many), "-activation_time");
      expect(expected.length).toBeGreaterThan(10_000);
      const first = await list("top_level=true&max_results=60", 0);
      expect({ total: first.total, hasmore: first.hasmore, runIds: first.data.map((e) => e.run_id) }).toEqual({ total: expected.length, hasmore: true, runIds: expected.slice(0, 60) });
      const cursor = expected[5000] ?? 0;
      const next = await list(`top_level=true&max_results=60&start_at_run_id=${cursor}`, 0);
      expect(next.data.map((e) => e.run_id)).toEqual(expected.slice(5001, 5061));
    });

    it("combines with the other filters", async () => {
      const page = await list("top_level=true&status=1900", 100);
      expect(page.data.map((e) => e.name)).toEqual(["AB.SECOND", "WF.MAIN", "A_FIRST"]);
    });
  });

  describe("order_by", () => {
    const SORTS = ["name", "-name", "status", "-status", "start_time", "-start_time", "end_time", "-end_time", "run_id", "-run_id", "activation_time", "-activation_time"];

    it.each(SORTS)("sorts a few executions by %s over the whole result", async (sort) => {
      expect((await list(`order_by=${sort}`, 100)).data.map((e) => e.run_id)).toEqual(inOrder(few, sort));
      expect((await list(`order_by=${sort}&top_level=true`, 100)).data.map((e) => e.run_id)).toEqual(inOrder(topLevel(few), sort));
    });

    it("orders names byte by byte: A_FIRST after AB.SECOND, whatever the database's collation", async () => {
      const names = (await list("order_by=name&top_level=true", 100)).data.map((e) => e.name);
      expect(names).toEqual(["AB.SECOND", "AB.SECOND", "A_FIRST", "WF.MAIN", "ZZ.WAITING"]);
    });

    it.each(SORTS)("reads many executions sorted by %s page after page, each once, across the rows without a value", async (sort) => {
      const expected = inOrder(topLevel(many), sort);
      const first = await list(`order_by=${sort}&top_level=true&max_results=40`, 0);
      expect(first.total).toBe(expected.length);
      expect(first.data.map((e) => e.run_id)).toEqual(expected.slice(0, 40));
      // Pages from the middle on, and from just before the end of the executions with a value.
      for (const start of [Math.floor(expected.length / 2), expected.length - 90]) {
        let after = expected[start - 1] ?? 0;
        const seen: number[] = [];
        for (let page = 0; page < 3; page++) {
          const answer = await list(`order_by=${sort}&top_level=true&max_results=40&start_at_run_id=${after}`, 0);
          seen.push(...answer.data.map((e) => e.run_id));
          after = answer.data.at(-1)?.run_id ?? after;
          if (!answer.hasmore) break;
        }
        expect(seen).toEqual(expected.slice(start, start + 120));
      }
    });

    it("pages through a few sorted executions to the end", async () => {
      const expected = inOrder(few, "-start_time");
      const seen: number[] = [];
      let after: number | undefined;
      for (;;) {
        const answer = await list(`order_by=-start_time&max_results=2${after === undefined ? "" : `&start_at_run_id=${after}`}`, 100);
        expect(answer.total).toBe(7);
        seen.push(...answer.data.map((e) => e.run_id));
        after = answer.data.at(-1)?.run_id;
        if (!answer.hasmore) break;
      }
      expect(seen).toEqual(expected);
    });

    it("ends the list after a RunID the client has no execution of", async () => {
      expect(await list("order_by=name&start_at_run_id=2147483647", 100)).toEqual({ total: 7, data: [], hasmore: false });
    });

    it("refuses a column it cannot sort by, naming the parameter", async () => {
      const response = await get("/100/executions?order_by=agent");
      expect(response.status).toBe(400);
      expect(JSON.stringify(await response.json())).toContain("order_by");
    });
  });
});
