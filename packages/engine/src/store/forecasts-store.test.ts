import { Status } from "@baton/contract";
import { describe, expect, it } from "vitest";
import { newExecution } from "../testing/new-execution";
import { eachWithFreshStore, testDialects } from "../testing/test-databases";
import type { Store } from "./connect";
import { insertExecution } from "./executions-store";
import {
  completeForecast,
  deleteForecasts,
  endCalculatingForecasts,
  findAutoforecast,
  findForecast,
  insertForecast,
  listEntries,
  listForecasts,
  longestRecentRuntimes,
  retitleForecast,
  type ForecastEntry,
  type NewForecast,
} from "./forecasts-store";

const HOUR = 3_600_000;

function forecast(overrides: Partial<NewForecast> = {}): NewForecast {
  return { client: 100, type: "FCST", title: "Nightly", user: "ADMIN/ADMIN", status: 1550, subject: { type: "JOBP", name: "FLOW", right: 1 }, startTime: 10 * HOUR, endTime: 10 * HOUR, createdAt: 1, request: "{}", ...overrides };
}

function entry(id: number, overrides: Partial<ForecastEntry> = {}): ForecastEntry {
  return {
    id,
    parent: 0,
    name: `JOB${id}`,
    objectType: "JOBS",
    containerType: null,
    estimatedStart: id * HOUR,
    estimatedEnd: id * HOUR + 60_000,
    estimatedRuntime: 60,
    agentSource: null,
    agentDestination: "LOCAL",
    platformDestination: "UNIX",
    loginSource: null,
    loginDestination: null,
    status: null,
    ...overrides,
  };
}

const done = (startTime: number, endTime: number) => ({ status: 1900, startTime, endTime, estimatedStart: startTime, estimatedEnd: endTime, lastErrorCode: null, lastErrorMessage: null });

describe.each(testDialects)("forecasts store on %s", (dialect) => {
  let store: Store;
  eachWithFreshStore(dialect, (fresh) => {
    store = fresh.store;
  });

  it("stores a forecast, completes it with entries (many, times beyond 32 bits) and replaces them", async () => {
    const id = await insertForecast(store.db, forecast());
    expect(await findForecast(store.db, 100, id)).toMatchObject({ id, status: 1550, type: "FCST", subject: { type: "JOBP", name: "FLOW", right: 1 }, estimatedStart: null });
    expect(await findForecast(store.db, 200, id)).toBeUndefined();
    const later = 1_790_000_000_000;
    const many = Array.from({ length: 1203 }, (_, i) => entry(i + 1, { estimatedStart: later + i }));
    await completeForecast(store.db, 100, id, done(later, later + HOUR), many);
    expect(await findForecast(store.db, 100, id)).toMatchObject({ status: 1900, startTime: later, endTime: later + HOUR, estimatedEnd: later + HOUR });
    const entries = (await listEntries(store.db, [id], {})).get(id) ?? [];
    expect(entries).toHaveLength(1203);
    expect(entries[1202]).toEqual(many[1202]);
    await completeForecast(store.db, 100, id, done(later, later), [entry(1)]);
    expect((await listEntries(store.db, [id], {})).get(id)).toEqual([entry(1)]);
  });

  it("filters forecasts by title, period, type and their entries, latest start first", async () => {
    const a = await insertForecast(store.db, forecast({ title: "Nightly run", startTime: 1 * HOUR, endTime: 5 * HOUR }));
    const b = await insertForecast(store.db, forecast({ title: "weekly", startTime: 3 * HOUR, endTime: 9 * HOUR }));
    const c = await insertForecast(store.db, forecast({ type: "AFCST", title: "Autoforecast", startTime: 2 * HOUR, endTime: 8 * HOUR, subject: null }));
    await insertForecast(store.db, forecast({ client: 200, title: "Nightly run" }));
    await completeForecast(store.db, 100, a, done(1 * HOUR, 5 * HOUR), [entry(1, { name: "BACKUP.DB" }), entry(2, { agentDestination: "WIN01", platformDestination: "WINDOWS" })]);
    await completeForecast(store.db, 100, b, done(3 * HOUR, 9 * HOUR), [entry(3, { objectType: "JOBF", agentSource: "SRC1", agentDestination: "DST1" })]);
    const ids = async (filter: Parameters<typeof listForecasts>[2]) => (await listForecasts(store.db, 100, filter)).map((f) => f.id);

    expect(await ids({})).toEqual([b, c, a]);
    expect(await ids({ title: "NIGHTLY*" })).toEqual([a]);
    expect(await ids({ title: "*y*" })).toEqual([b, a]);
    expect(await ids({ type: "AFCST" })).toEqual([c]);
    expect(await ids({ startFrom: 2 * HOUR, endTo: 8 * HOUR })).toEqual([c]);
    expect(await ids({ entries: { name: "BACKUP.*" } })).toEqual([a]);
    expect(await ids({ entries: { agentDestination: "D?T1" } })).toEqual([b]);
    expect(await ids({ entries: { agentSource: "SRC*" } })).toEqual([b]);
    expect(await ids({ entries: { objectTypes: ["JOBF"] } })).toEqual([b]);
    expect(await ids({ entries: { platforms: ["WINDOWS"] } })).toEqual([a]);
    expect(await ids({ entries: { startFrom: 2 * HOUR, startTo: 3 * HOUR } })).toEqual([b, a]);
    expect(await ids({ entries: { name: "NONE" } })).toEqual([]);

    const entries = await listEntries(store.db, [a, b], { startFrom: 2 * HOUR });
    expect(entries.get(a)?.map((e) => e.id)).toEqual([2]);
    expect(entries.get(b)?.map((e) => e.id)).toEqual([3]);
    expect((await findAutoforecast(store.db, 100))?.id).toBe(c);
    expect(await findAutoforecast(store.db, 200)).toBeUndefined();
  });

  it("retitles and deletes forecasts of its client only, entries with them", async () => {
    const id = await insertForecast(store.db, forecast());
    await completeForecast(store.db, 100, id, done(0, 0), [entry(1)]);
    await retitleForecast(store.db, 200, id, "Other");
    await deleteForecasts(store.db, 200, [id]);
    expect(await findForecast(store.db, 100, id)).toMatchObject({ title: "Nightly" });
    await retitleForecast(store.db, 100, id, "Renamed");
    expect(await findForecast(store.db, 100, id)).toMatchObject({ title: "Renamed" });
    await deleteForecasts(store.db, 100, [id, 999]);
    expect(await findForecast(store.db, 100, id)).toBeUndefined();
    expect((await listEntries(store.db, [id], {})).get(id)).toEqual([]);
  });

  it("ends forecasts left calculating with the given status and error", async () => {
    const calculating = await insertForecast(store.db, forecast());
    const finished = await insertForecast(store.db, forecast());
    await completeForecast(store.db, 100, finished, done(0, 0), []);
    expect(await endCalculatingForecasts(store.db, 1550, { status: 1815, code: 45280, message: "stopped" })).toBe(1);
    expect(await findForecast(store.db, 100, calculating)).toMatchObject({ status: 1815, lastErrorCode: 45280, lastErrorMessage: "stopped" });
    expect(await findForecast(store.db, 100, finished)).toMatchObject({ status: 1900, lastErrorCode: null });
  });

  it("finds the longest of each object's last OK runtimes, of its own type", async () => {
    const run = (name: string, objectType: string, seconds: number, end: number, status: number = Status.ENDED_OK) =>
      insertExecution(store.db, newExecution({ name, objectType, status, startTime: end - seconds * 1000, endTime: end }), "{}", end);
    await run("A", "JOBS", 50, 1000_000);
    await run("A", "JOBS", 20, 2000_000);
    await run("A", "JOBS", 10, 3000_000);
    await run("A", "JOBS", 99, 4000_000, Status.ENDED_NOT_OK);
    await run("A", "C_PERIOD", 500, 5000_000);
    await run("B", "JOBS", 7, 1000_000);
    const longest = await longestRecentRuntimes(store.db, 100, new Map([["A", "JOBS"], ["B", "JOBP"], ["C", "JOBS"]]), 2);
    expect(longest).toEqual(new Map([["A", 20]]));
  });
});
