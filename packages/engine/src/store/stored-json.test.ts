import { Status } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { eachWithFreshStore, testDialects } from "../testing/test-databases";
import { newExecution } from "../testing/new-execution";
import { claimDueCallbacks, findExecutionCallback, queueCallback, setExecutionCallback } from "./callbacks-store";
import type { Store } from "./connect";
import { findExecutionBody, insertExecution } from "./executions-store";
import { findExecutionVariables } from "./execution-variables-store";
import { findRecurringRule, setRecurring } from "./period-containers-store";
import { findFolder, writeFolder } from "./folders-store";
import { findObject, upsertObjects } from "./objects-store";
import { searchObjects } from "./search-store";
import { StoredDataError } from "./stored-json";

/** What reading a broken row must throw: an error naming the column and the row. */
function storedDataError(column: string, key: string) {
  return expect.objectContaining({ name: "StoredDataError", column, key, message: expect.stringContaining(`${column} (${key})`) });
}

describe.each(testDialects)("stored JSON read at the store boundary on %s", (dialect) => {
  let store: Store;
  eachWithFreshStore(dialect, (fresh) => {
    store = fresh.store;
  });

  it("reads an object body with its unknown members as stored, and refuses one that is not an object body", async () => {
    const body = { general_attributes: { name: "KEEP.ALL", type: "JOBS", extra: 1 }, unknown_member: { deep: [1, { x: null }] } };
    await upsertObjects(store.db, 100, [{ type: "JOBS", name: "KEEP.ALL", folder: "", body: JSON.stringify(body) }], "U", 1);
    expect((await findObject(store.db, 100, "KEEP.ALL"))?.body).toEqual(body);

    await store.db.updateTable("objects").set({ body: JSON.stringify({ members: "without general_attributes" }) }).where("name", "=", "KEEP.ALL").execute();
    await expect(findObject(store.db, 100, "KEEP.ALL")).rejects.toEqual(storedDataError("objects.body", "client 100, name KEEP.ALL"));
    await store.db.updateTable("objects").set({ body: "{not json" }).where("name", "=", "KEEP.ALL").execute();
    await expect(findObject(store.db, 100, "KEEP.ALL")).rejects.toBeInstanceOf(StoredDataError);
  });

  it("refuses a folder body that does not read, naming its path", async () => {
    await writeFolder(store.db, 100, "OPS", JSON.stringify({ general_attributes: { name: "OPS" } }), "U", 1, false);
    expect((await findFolder(store.db, 100, "OPS"))?.body.general_attributes.name).toBe("OPS");
    await store.db.updateTable("folders").set({ body: "[]" }).where("path", "=", "OPS").execute();
    await expect(findFolder(store.db, 100, "OPS")).rejects.toEqual(storedDataError("folders.body", "client 100, path OPS"));
  });

  it("reads an execution's definition as an object body, and a broken one as an error rather than as empty", async () => {
    const definition = { general_attributes: { name: "RUN.ME", type: "JOBS" }, job_attributes: { agent: "LOCAL" } };
    const { runId } = await insertExecution(store.db, newExecution({ name: "RUN.ME" }), JSON.stringify(definition), 1);
    expect(await findExecutionBody(store.db, 100, runId)).toEqual(definition);
    expect(await findExecutionBody(store.db, 100, runId + 1000)).toBeUndefined();

    const broken = await insertExecution(store.db, newExecution({ name: "BROKEN" }), "{}", 1);
    await expect(findExecutionBody(store.db, 100, broken.runId)).rejects.toEqual(storedDataError("executions.definition", `client 100, run_id ${broken.runId}`));
  });

  it("reads variables, callbacks and recurring rules typed, and refuses values the store never writes", async () => {
    const { runId } = await insertExecution(store.db, newExecution({ status: Status.ACTIVE }), JSON.stringify({ general_attributes: { name: "V" } }), 1);
    expect(await findExecutionVariables(store.db, 100, runId)).toEqual({});
    await store.db.updateTable("executions").set({ variables: JSON.stringify({ A: "1", B: 2 }), passed_variables: JSON.stringify({ P: { nested: true } }) }).where("run_id", "=", runId).execute();
    expect(await findExecutionVariables(store.db, 100, runId)).toEqual({ A: "1", B: 2 });
    await expect(findExecutionVariables(store.db, 100, runId, "passed")).rejects.toEqual(storedDataError("executions.passed_variables", `client 100, run_id ${runId}`));

    await setExecutionCallback(store.db, 100, runId, { url: "http://127.0.0.1:1/hook", headers: { "x-token": "t" } });
    expect(await findExecutionCallback(store.db, 100, runId)).toEqual({ url: "http://127.0.0.1:1/hook", headers: { "x-token": "t" } });
    await store.db.updateTable("executions").set({ callback: JSON.stringify({ headers: {} }) }).where("run_id", "=", runId).execute();
    await expect(findExecutionCallback(store.db, 100, runId)).rejects.toEqual(storedDataError("executions.callback", `client 100, run_id ${runId}`));
    await expect(queueCallback(store.db, 100, runId, "{", "{}", 1)).rejects.toBeInstanceOf(StoredDataError);

    await setRecurring(store.db, 100, runId, JSON.stringify({ executeInterval: "PT1H", objectType: "SCRI" }));
    expect(await findRecurringRule(store.db, 100, runId)).toEqual({ rule: { executeInterval: "PT1H", objectType: "SCRI", timezone: "UTC" }, occurCount: 0 });
    await setRecurring(store.db, 100, runId, JSON.stringify({ executeAt: "25:00" }));
    await expect(findRecurringRule(store.db, 100, runId)).rejects.toEqual(storedDataError("executions.recurring", `client 100, run_id ${runId}`));
  });

  it("reads a queued delivery's headers, and refuses headers that are not text", async () => {
    const { runId } = await insertExecution(store.db, newExecution({ status: Status.ACTIVE }), JSON.stringify({ general_attributes: { name: "H" } }), 1);
    await queueCallback(store.db, 100, runId, JSON.stringify({ url: "http://127.0.0.1:1/hook", headers: { a: "b" } }), "{}", 1);
    expect((await claimDueCallbacks(store, 1, 10, 1000)).map((c) => c.headers)).toEqual([{ a: "b" }]);
    await store.db.updateTable("callback_outbox").set({ headers: JSON.stringify({ a: 1 }), next_attempt_at: 1 }).execute();
    await expect(claimDueCallbacks(store, 1, 10, 1000)).rejects.toBeInstanceOf(StoredDataError);
  });

  it("gives a calendar event's child calendars as names", async () => {
    const calendar = {
      general_attributes: { name: "CAL.GROUP", type: "CALE" },
      events: [{ name: "BOTH", line_number: 1 }],
      group_definitions: [{ event_line_number: 1, calendar: "cal.a" }, { event_line_number: 1, calendar: "CAL.B" }],
    };
    await upsertObjects(store.db, 100, [{ type: "CALE", name: "CAL.GROUP", folder: "", body: JSON.stringify(calendar) }], "U", 1);
    const query = { clients: [100], granularity: "calendar_event" as const, conditions: [], sort: [], maxResults: 50, startAt: 0 };
    const { rows } = await searchObjects(store, query, { access: null, lastUse: false });
    expect(rows.map((r) => [r.event_name, r.event_child_calendars])).toEqual([["BOTH", ["CAL.A", "CAL.B"]]]);
    await store.db.updateTable("object_search_events").set({ child_calendars: "{}" }).execute();
    await expect(searchObjects(store, query, { access: null, lastUse: false })).rejects.toBeInstanceOf(StoredDataError);
  });
});
