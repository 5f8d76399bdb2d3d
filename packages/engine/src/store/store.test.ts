import { Status } from "@baton/contract";
import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { eachWithFreshStore, testDialects, type TestDatabase } from "../testing/test-databases";
import type { Execution } from "../domain/execution";
import { REPORT_PAGE_SIZE } from "../domain/report-pages";
import { newExecution as endedExecution } from "../testing/new-execution";
import { ensureClient, listClients } from "./clients-store";
import { openStore, type Store } from "./connect";
import { countCredentials, findCredential, findCredentialsByName, setPasswordHash } from "./credentials-store";
import { appendEvents, eventsAfter, latestEventSeq, pruneEvents } from "./events-store";
import { listSeenFiles, replaceSeenFiles } from "./event-files-store";
import { findExecution, insertExecution, listUnfinishedExecutions, updateExecution, type NewExecution } from "./executions-store";
import { findExecutionVariables } from "./execution-variables-store";
import { listExecutions } from "./execution-pages-store";
import { findObject, insertObject, replaceObject } from "./objects-store";
import { NO_PAGE, appendReport, countReportPages, endReport, listReports, openReport, readReportPages } from "./reports-store";

/** Store tests start from an execution that has not run yet. */
function newExecution(overrides: Partial<NewExecution> = {}): NewExecution {
  return endedExecution({ status: Status.PREPARING, ...overrides });
}

describe.each(testDialects)("store on %s", (dialect) => {
  let database: TestDatabase;
  let store: Store;
  eachWithFreshStore(dialect, (fresh) => {
    ({ database, store } = fresh);
  });

  it("migrates a fresh database and again without change", async () => {
    await store.close();
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir });
    expect(await listClients(store.db)).toEqual([]);
  });

  it.runIf(dialect === "postgres")("ends a statement that runs longer than the statement timeout", async () => {
    await store.close();
    store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, statementTimeoutMs: 200 });
    await expect(sql`select pg_sleep(2)`.execute(store.db)).rejects.toThrow(/statement timeout/);
    expect((await sql<{ one: number }>`select 1 as one`.execute(store.db)).rows[0]?.one).toBe(1);
  });

  it("replaces what a file event saw, keeping sizes beyond 32 bits, per event", async () => {
    const big = { path: "/in/big.bin", size: 6_000_000_000, modifiedMs: 1_790_000_000_123, fired: true };
    const many = Array.from({ length: 1200 }, (_, i) => ({ path: `/in/f${String(i).padStart(4, "0")}`, size: i, modifiedMs: 1000 + i, fired: false }));
    await replaceSeenFiles(store.db, 100, 7, [big, ...many]);
    await replaceSeenFiles(store.db, 100, 8, [{ ...big, fired: false }]);
    const seen = await listSeenFiles(store.db, 100, 7);
    expect(seen).toHaveLength(1201);
    expect(seen[0]).toEqual(big);
    await replaceSeenFiles(store.db, 100, 7, [many[5] ?? big]);
    expect(await listSeenFiles(store.db, 100, 7)).toEqual([many[5]]);
    expect(await listSeenFiles(store.db, 100, 8)).toEqual([{ ...big, fired: false }]);
  });

  it("creates clients once", async () => {
    expect(await ensureClient(store.db, 100, "Default", 1)).toBe(true);
    expect(await ensureClient(store.db, 100, "Other title", 2)).toBe(false);
    expect(await listClients(store.db)).toEqual([{ id: 100, title: "Default" }]);
  });

  it("keeps an object body losslessly, per client", async () => {
    const body = { general_attributes: { name: "A.JOB", type: "JOBS" }, unknown_member: { nested: ["1", 2, true, null], "ü": "é" } };
    await insertObject(store.db, 100, { type: "JOBS", name: "A.JOB", folder: "X/Y", body }, "ADMIN/ADMIN", 10);
    await insertObject(store.db, 200, { type: "SCRI", name: "A.JOB", folder: "", body: { general_attributes: { name: "A.JOB" } } }, "U/D", 11);
    const found = await findObject(store.db, 100, "A.JOB");
    expect(found).toMatchObject({ client: 100, type: "JOBS", folder: "X/Y", body, createdBy: "ADMIN/ADMIN", createdAt: 10 });
    expect((await findObject(store.db, 200, "A.JOB"))?.type).toBe("SCRI");
    expect(await findObject(store.db, 300, "A.JOB")).toBeUndefined();
    await expect(insertObject(store.db, 100, { type: "JOBS", name: "A.JOB", folder: "", body }, "X/Y", 12)).rejects.toThrow();
    await replaceObject(store.db, 100, { type: "JOBS", name: "A.JOB", folder: "Z", body: { general_attributes: { name: "A.JOB" } } }, "B/C", 13);
    expect(await findObject(store.db, 100, "A.JOB")).toMatchObject({ folder: "Z", createdBy: "ADMIN/ADMIN", modifiedBy: "B/C", modifiedAt: 13 });
  });

  it("stores credentials per client and finds users by name without department", async () => {
    await setPasswordHash(store.db, 100, "ADMIN/ADMIN", "h1", 1);
    await setPasswordHash(store.db, 100, "ADMIN/ADMIN", "h2", 2);
    await setPasswordHash(store.db, 100, "ADMINX/OPS", "h3", 2);
    expect(await findCredential(store.db, 100, "ADMIN/ADMIN")).toMatchObject({ passwordHash: "h2", failedLogins: 0 });
    expect(await findCredential(store.db, 0, "ADMIN/ADMIN")).toBeUndefined();
    expect((await findCredentialsByName(store.db, 100, "ADMIN")).map((c) => c.userName)).toEqual(["ADMIN/ADMIN"]);
    expect(await findCredentialsByName(store.db, 100, "ADM%")).toEqual([]);
    expect(await countCredentials(store.db, 100)).toBe(2);
  });

  it("lists executions newest first with filters, total and a page limit", async () => {
    const created: Execution[] = [];
    for (const [i, name] of ["A.ONE", "A.TWO", "B.ONE", "A_X"].entries()) {
      created.push(await insertExecution(store.db, newExecution({ name, activationTime: 1000 + (i % 2) * 10 }), "{}", 1));
    }
    await insertExecution(store.db, newExecution({ client: 200, name: "A.ONE" }), "{}", 1);
    const all = await listExecutions(store.db, 100, {}, { maxResults: 50 }, store.dialect);
    expect(all.total).toBe(4);
    // activation_time desc, then run_id desc
    expect(all.executions.map((e) => e.name)).toEqual(["A_X", "A.TWO", "B.ONE", "A.ONE"]);
    const page = await listExecutions(store.db, 100, {}, { maxResults: 2 }, store.dialect);
    expect(page).toMatchObject({ total: 4, hasmore: true });
    expect(page.executions).toHaveLength(2);
    // start_at_run_id (the last RunID of a page) continues below it in the same order, total unchanged.
    const next = await listExecutions(store.db, 100, {}, { maxResults: 2, startAtRunId: page.executions[1]?.runId }, store.dialect);
    expect(next).toMatchObject({ total: 4, hasmore: false });
    expect(next.executions.map((e) => e.name)).toEqual(["B.ONE", "A.ONE"]);
    // The cursor holds its place when the filter no longer matches it.
    expect((await listExecutions(store.db, 100, { name: "A.*" }, { maxResults: 50, startAtRunId: created[2]?.runId }, store.dialect)).executions.map((e) => e.name)).toEqual(["A.ONE"]);
    expect((await listExecutions(store.db, 100, { name: "a.*" }, { maxResults: 50 }, store.dialect)).executions.map((e) => e.name)).toEqual(["A.TWO", "A.ONE"]);
    // `_` is a literal, not LIKE's any-character
    expect((await listExecutions(store.db, 100, { name: "A_*" }, { maxResults: 50 }, store.dialect)).executions.map((e) => e.name)).toEqual(["A_X"]);
    expect((await listExecutions(store.db, 100, { name: "?.ONE" }, { maxResults: 50 }, store.dialect)).total).toBe(2);
    expect((await listExecutions(store.db, 100, { objectTypes: ["JOBP"] }, { maxResults: 50 }, store.dialect)).total).toBe(0);
    expect((await listExecutions(store.db, 100, { runId: created[1]!.runId }, { maxResults: 50 }, store.dialect)).executions.map((e) => e.name)).toEqual(["A.TWO"]);
  });

  it("filters by status codes and ranges", async () => {
    const ok = await insertExecution(store.db, newExecution({ status: Status.ENDED_OK }), "{}", 1);
    await insertExecution(store.db, newExecution({ status: Status.ENDED_NOT_OK }), "{}", 1);
    await insertExecution(store.db, newExecution({ status: Status.ACTIVE }), "{}", 1);
    expect((await listExecutions(store.db, 100, { status: [{ from: 1900, to: 1999 }] }, { maxResults: 50 }, store.dialect)).executions.map((e) => e.runId)).toEqual([ok.runId]);
    expect((await listExecutions(store.db, 100, { status: [{ from: 1800, to: 1800 }, { from: 1550, to: 1550 }] }, { maxResults: 50 }, store.dialect)).total).toBe(2);
  });

  it("updates status in a transaction and records ordered events per client", async () => {
    const execution = await insertExecution(store.db, newExecution(), '{"general_attributes":{"name":"X"}}', 1);
    const seqs: number[] = [];
    await store.db.transaction().execute(async (trx) => {
      const updated = await updateExecution(trx, 100, execution.runId, { status: Status.ACTIVE, startTime: 5, agent: "LOCAL", platform: "UNIX" }, 5);
      expect(updated).toMatchObject({ execution: { status: Status.ACTIVE, startTime: 5, agent: "LOCAL" }, callback: null });
      seqs.push(...(await appendEvents(trx, [{ client: 100, runId: execution.runId, payload: '{"a":1}', createdAt: 5 }])));
      seqs.push(
        ...(await appendEvents(trx, [
          { client: 200, runId: 999, payload: '{"b":1}', createdAt: 5 },
          { client: 100, runId: execution.runId, payload: '{"c":1}', createdAt: 6 },
        ])),
      );
    });
    expect(seqs[0]! < seqs[1]! && seqs[1]! < seqs[2]!).toBe(true);
    expect((await eventsAfter(store.db, 100, 0, 10)).map((e) => e.payload)).toEqual(['{"a":1}', '{"c":1}']);
    expect((await eventsAfter(store.db, 100, seqs[0]!, 10)).map((e) => e.payload)).toEqual(['{"c":1}']);
    expect(await latestEventSeq(store.db)).toBe(seqs[2]);
    expect(await findExecution(store.db, 200, execution.runId)).toBeUndefined();
    expect((await listUnfinishedExecutions(store.db)).map((e) => e.runId)).toEqual([execution.runId]);
  });

  it("records an end only while the execution has none, with the run's variables in the same update", async () => {
    const execution = await insertExecution(store.db, newExecution({ status: Status.ACTIVE }), "{}", 1);
    const variables = { variables: { "&X#": "1" }, returned: { "&R#": 2 }, passed: {} };
    const ended = await store.db.transaction().execute((trx) => updateExecution(trx, 100, execution.runId, { status: Status.ENDED_LOST, endTime: 7 }, 7, "unfinished"));
    expect(ended?.execution.status).toBe(Status.ENDED_LOST);
    // A second end (the job's own, after another node ended it lost) changes nothing.
    const again = await store.db.transaction().execute((trx) => updateExecution(trx, 100, execution.runId, { status: Status.ENDED_OK, endTime: 8, variables }, 8, "unfinished"));
    expect(again).toBeUndefined();
    expect((await findExecution(store.db, 100, execution.runId))?.status).toBe(Status.ENDED_LOST);
    const other = await insertExecution(store.db, newExecution({ status: Status.ACTIVE }), "{}", 1);
    await store.db.transaction().execute((trx) => updateExecution(trx, 100, other.runId, { status: Status.ENDED_OK, endTime: 8, variables }, 8, "unfinished"));
    expect(await findExecutionVariables(store.db, 100, other.runId)).toEqual({ "&X#": "1" });
    expect(await findExecutionVariables(store.db, 100, other.runId, "returned")).toEqual({ "&R#": 2 });
  });

  it("writes a thousand events in a few inserts, numbered in the order given", async () => {
    const events = Array.from({ length: 1200 }, (_, i) => ({ client: 100, runId: i, payload: `{"n":${i}}`, createdAt: 5 }));
    const seqs = await store.db.transaction().execute((trx) => appendEvents(trx, events));
    expect(seqs).toHaveLength(1200);
    expect(seqs).toEqual([...seqs].sort((a, b) => a - b));
    const stored = await eventsAfter(store.db, 100, 0, 2000);
    expect(stored.map((e) => e.payload)).toEqual(events.map((e) => e.payload));
    expect(stored.map((e) => e.seq)).toEqual(seqs);
  });

  it("prunes old status events in batches, oldest first, keeping newer ones", async () => {
    await store.db.transaction().execute(async (trx) => {
      const old = Array.from({ length: 5 }, (_, i) => ({ client: 100, runId: 1, payload: `{"old":${i}}`, createdAt: 1000 + i }));
      await appendEvents(trx, [...old, { client: 100, runId: 1, payload: '{"new":1}', createdAt: 5000 }]);
    });
    expect(await pruneEvents(store.db, 2000, 3)).toBe(3);
    expect(await pruneEvents(store.db, 2000, 3)).toBe(2);
    expect(await pruneEvents(store.db, 2000, 3)).toBe(0);
    expect((await eventsAfter(store.db, 100, 0, 10)).map((e) => e.payload)).toEqual(['{"new":1}']);
  });

  it("appends reports into pages of at most 32 KiB cut at line ends", async () => {
    const line = `${"x".repeat(99)}\n`;
    for (let i = 0; i < 500; i++) await appendReport(store.db, 100, 7, "REP", line.repeat(2), i);
    await endReport(store.db, 100, 7, "REP", 999);
    expect(await countReportPages(store.db, 100, 7, "REP")).toBe(4);
    const pages = await readReportPages(store.db, 7, "REP", 1, 100);
    expect(pages.map((p) => p.page)).toEqual([1, 2, 3, 4]);
    expect(pages.map((p) => p.content).join("")).toBe(line.repeat(1000));
    for (const page of pages) {
      expect(page.content.length).toBeLessThanOrEqual(REPORT_PAGE_SIZE);
      expect(page.content.endsWith("\n")).toBe(true);
    }
    expect((await readReportPages(store.db, 7, "REP", 3, 3)).map((p) => p.page)).toEqual([3]);
    expect(await countReportPages(store.db, 200, 7, "REP")).toBeUndefined();
    expect(await listReports(store.db, 100, 7)).toEqual([{ type: "REP", updatedAt: 999, ended: true }]);
  });

  it("writes the same pages when the writer tells the last page it left as when it is read, also with characters of several bytes", async () => {
    const lines = Array.from({ length: 400 }, (_, i) => `${i} ${"é€x".repeat(i % 97)}\n`);
    let last = (await openReport(store.db, 100, 9, "REP", 1)) ? NO_PAGE : undefined;
    expect(last).toEqual(NO_PAGE);
    for (const [i, text] of lines.entries()) {
      last = await appendReport(store.db, 100, 9, "REP", text, i, { last });
      await appendReport(store.db, 100, 10, "REP", text, i);
    }
    const told = await readReportPages(store.db, 9, "REP", 1, 100);
    const read = await readReportPages(store.db, 10, "REP", 1, 100);
    expect(told.length).toBeGreaterThan(1);
    expect(told).toEqual(read);
    expect(last).toEqual({ page: told.length, bytes: Buffer.byteLength(told.at(-1)?.content ?? "") });
    // A report that exists already is not created again, and its pages are then read.
    expect(await openReport(store.db, 100, 9, "REP", 2)).toBe(false);
  });

  it("appends after what another node wrote to the report since the writer's last write", async () => {
    const told = (await openReport(store.db, 100, 11, "ACT", 1)) ? NO_PAGE : undefined;
    // A node that took the execution over writes to the same report.
    await appendReport(store.db, 100, 11, "ACT", "taken over\n", 2);
    const last = await appendReport(store.db, 100, 11, "ACT", "first of the writer\n", 3, { last: told });
    await appendReport(store.db, 100, 11, "ACT", "again taken over\n", 4);
    await appendReport(store.db, 100, 11, "ACT", "second of the writer\n", 5, { last });
    expect((await readReportPages(store.db, 11, "ACT", 1, 10)).map((p) => p.content)).toEqual(["taken over\nfirst of the writer\nagain taken over\nsecond of the writer\n"]);
  });

  it("creates a report when it opens, and writes its last text and its end in one write", async () => {
    await appendReport(store.db, 100, 8, "ACT", "", 1);
    expect(await listReports(store.db, 100, 8)).toEqual([{ type: "ACT", updatedAt: 1, ended: false }]);
    expect(await countReportPages(store.db, 100, 8, "ACT")).toBe(0);
    await appendReport(store.db, 100, 8, "ACT", "last line\n", 2, { ended: true });
    expect(await listReports(store.db, 100, 8)).toEqual([{ type: "ACT", updatedAt: 2, ended: true }]);
    expect((await readReportPages(store.db, 8, "ACT", 1, 10)).map((p) => p.content)).toEqual(["last line\n"]);
  });
});
