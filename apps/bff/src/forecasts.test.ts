import { ErrorCode, Right, OutExecution, OutForecast, OutForecastAgentList, OutForecastId, OutForecastList, OutIdList, OutRunId, OutValidationError, type OutForecastEntry } from "@baton/contract";
import { createEngine, openStore } from "@baton/engine";
import { testDialects } from "@baton/engine/testing";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ADMIN_PASSWORD, basic, jobEnvelope, json, startTestBaton, until, type TestBaton } from "./testing/test-baton";
import { workflow } from "./testing/workflow-envelope";

const START = "2030-01-01T00:00:00Z";
const MIN = 60_000;
const HOUR = 60 * MIN;

/** An instant rounded down to the whole second, as times are written. */
const second = (ms: number) => Math.floor(ms / 1000) * 1000;
const isoSecond = (ms: number) => new Date(second(ms)).toISOString().replace(".000Z", "Z");
/** The time `minutes` after START, as the interface answers times (UTC, whole seconds). */
const at = (minutes: number) => isoSecond(Date.parse(START) + minutes * MIN);
/** HH:MM in UTC of an instant, as schedules take start times. */
const clockTime = (ms: number) => new Date(ms).toISOString().slice(11, 16);

/** A job with a fixed estimated runtime (ERT), so forecasts of it are exact. */
const fixedJob = (name: string, seconds: number) => jobEnvelope(name, ["true"], { general_attributes: { name, type: "JOBS", ert_method: "FIXED", ert_fixed: String(seconds) } });

describe.each(testDialects)("forecasts on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect, {}, { extraAgentNames: ["FC2"] });
    for (const envelope of [fixedJob("FC.A", 600), fixedJob("FC.B", 300), jobEnvelope("FC.C", ["true"]), fixedJob("FC.GAP", 7200)]) {
      expect((await test.rest("/100/objects", json(envelope))).status).toBe(200);
    }
    // START(1) → A(2) → B(3) → END(5); START → C(4) → END.
    expect((await test.rest("/100/objects", json(workflow("FC.FLOW", [{ name: "FC.A" }, { name: "FC.B", after: [2] }, { name: "FC.C" }], [3, 4])))).status).toBe(200);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function create(body: unknown): Promise<number> {
    const response = await test.rest("/100/forecasts", json(body));
    expect(response.status).toBe(200);
    return Number(OutForecastId.parse(await response.json()).forecast_id);
  }

  async function forecast(id: number, query = ""): Promise<OutForecast> {
    const response = await test.rest(`/100/forecasts/${id}${query}`);
    expect(response.status).toBe(200);
    return OutForecast.parse(await response.json());
  }

  /** Polls a forecast until its calculation is over (no longer 1550). */
  async function calculated(id: number, query = "?fields=entries"): Promise<OutForecast> {
    await until(async () => (await forecast(id)).status !== 1550);
    return forecast(id, query);
  }

  async function list(query: string): Promise<OutForecastList> {
    const response = await test.rest(`/100/forecasts${query}`);
    expect(response.status).toBe(200);
    return OutForecastList.parse(await response.json());
  }

  async function invalid(response: Response): Promise<string[]> {
    expect(response.status).toBe(400);
    return z
      .array(OutValidationError)
      .parse(await response.json())
      .map((e) => e.path);
  }

  /** A forecast still calculating, as an engine stopped mid-way leaves it, written straight into the database. */
  async function insertCalculating(): Promise<number> {
    const store = await openStore({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    try {
      const row = await store.db
        .insertInto("forecasts")
        .values({ client: 100, type: "FCST", title: "Calculating", user: "ADMIN/ADMIN", status: 1550, subject_type: null, subject_name: null, subject_right: null, request: "{}", start_time: 0, end_time: 0, created_at: 0 })
        .returning("id")
        .executeTakeFirstOrThrow();
      return row.id;
    } finally {
      await store.close();
    }
  }

  const objectForecast = (title: string, extra: Record<string, unknown> = {}) => ({ forecast_option: "object", object: { name: "fc.flow", start: START, title, ...extra } });
  const brief = (e: OutForecastEntry) => [e.id, e.parent, e.name, e.estimated_start, e.estimated_end, e.estimated_runtime];

  it("forecasts a workflow from its start: each task's times, agent and container; <START>/<END> not shown", async () => {
    const id = await create(objectForecast("Nightly flow"));
    const done = await calculated(id);
    expect(done).toMatchObject({ id, title: "Nightly flow", status: 1900, type: "FCST", user: "ADMIN/ADMIN", start_time: at(0), end_time: at(15), estimated_start: at(0), estimated_end: at(15) });
    expect(done.status_text).toMatch(/^ENDED_OK/);
    expect(done.entries?.map(brief)).toEqual([
      [1, 0, "FC.FLOW", at(0), at(15), 900],
      [2, 1, "FC.A", at(0), at(10), 600],
      [3, 1, "FC.B", at(10), at(15), 300],
      // No runs yet and no fixed estimate: 60 s.
      [4, 1, "FC.C", at(0), at(1), 60],
    ]);
    expect(done.entries?.[1]).toMatchObject({ type: "JOBS", container_type: "JOBP", agent_destination: "LOCAL", platform_destination: "UNIX" });
    expect(done.entries?.[0]).toMatchObject({ type: "JOBP" });
    expect(done.entries?.[0]?.container_type).toBeUndefined();
    // Without fields=entries there are none.
    expect((await forecast(id)).entries).toBeUndefined();
  });

  it("counts a fixed runtime for every task when asked", async () => {
    const done = await calculated(await create(objectForecast("Fixed", { ert_group_option: "fixed", fixed: 30 })));
    expect(done.entries?.map(brief)).toEqual([
      [1, 0, "FC.FLOW", at(0), at(1), 60],
      [2, 1, "FC.A", at(0), at(0.5), 30],
      [3, 1, "FC.B", at(0.5), at(1), 30],
      [4, 1, "FC.C", at(0), at(0.5), 30],
    ]);
  });

  it("ends a forecast of what cannot be forecast with 45273 and says why", async () => {
    const missing = await calculated(await create({ forecast_option: "object", object: { name: "FC.MISSING", start: START, title: "Missing" } }));
    expect(missing).toMatchObject({ status: 1800, last_error_code: ErrorCode.FORECAST_NOT_CALCULABLE, entries: [] });
    expect(missing.last_error_message).toMatch(/'FC\.MISSING' does not exist/);
    await test.rest("/100/objects", json({ data: { vara: { general_attributes: { name: "FC.VARA" }, static_values: [] } }, path: "" }));
    const variable = await calculated(await create({ forecast_option: "object", object: { name: "FC.VARA", start: START, title: "Variable" } }));
    expect(variable).toMatchObject({ status: 1800, last_error_code: 45273 });
    expect(variable.last_error_message).toMatch(/does not run/);
  });

  it("refuses requests out of the limits with 400", async () => {
    expect(await invalid(await test.rest("/100/forecasts", json(objectForecast("x", { ert_group_option: "fixed", fixed: 43_201 }))))).toEqual(["object.fixed"]);
    expect(await invalid(await test.rest("/100/forecasts", json(objectForecast("x", { ert_group_option: "fixed", fixed: 0 }))))).toEqual(["object.fixed"]);
    expect(await invalid(await test.rest("/100/forecasts", json(objectForecast("x", { ert_group_option: "fixed" }))))).toEqual(["object.fixed"]);
    expect((await test.rest("/100/forecasts", json(objectForecast("x", { ert_group_option: "fixed", fixed: 43_200 })))).status).toBe(200);
    expect(await invalid(await test.rest("/100/forecasts", json({ forecast_option: "execution", execution: { run_id: 1, title: "x", ert_group_option: "fixed", fixed: 7200 } })))).toEqual(["execution.fixed"]);
    expect(await invalid(await test.rest("/100/forecasts", json({ forecast_option: "objects", object: {} })))).toEqual(["forecast_option"]);
    expect(await invalid(await test.rest("/100/forecasts", json({ forecast_option: "object", object: { name: "FC.FLOW", start: "tomorrow", title: "x" } })))).toEqual(["object.start"]);
    const unknownRun = await test.rest("/100/forecasts", json({ forecast_option: "execution", execution: { run_id: 2_000_000_000, title: "x" } }));
    expect(unknownRun.status).toBe(404);
    expect((await test.rest("/100/forecasts/2000000000")).status).toBe(404);
  });

  it("lists forecasts latest start first, filtered by title, period, type and entries", async () => {
    const early = await calculated(await create({ forecast_option: "object", object: { name: "FC.FLOW", start: at(-60), title: "FC list early" } }));
    const late = await calculated(await create({ forecast_option: "object", object: { name: "FC.A", start: at(60), title: "FC list late" } }));
    const ids = (l: OutForecastList) => l.data.map((f) => f.id);

    expect(ids(await list("?fc_title=fc%20LIST*"))).toEqual([late.id, early.id]);
    expect(ids(await list("?fc_title=FC%20list*&fc_start_time=2030-01-01T00:30:00Z"))).toEqual([late.id]);
    expect(ids(await list("?fc_title=FC%20list*&fc_end_time=2030-01-01T00:00:00Z"))).toEqual([early.id]);
    expect(ids(await list("?fc_title=FC%20list*&fc_type=AFCST"))).toEqual([]);
    expect(ids(await list("?fc_title=FC%20list*&name=FC.B"))).toEqual([early.id]);
    expect(ids(await list("?fc_title=FC%20list*&type=Workflow"))).toEqual([early.id]);
    expect(ids(await list("?fc_title=FC%20list*&agent_destination=LOC*&platform_destination=UNIX"))).toEqual([late.id, early.id]);
    expect(ids(await list("?fc_title=FC%20list*&agent_destination=NOWHERE"))).toEqual([]);
    expect(ids(await list(`?fc_title=FC%20list*&estimated_start_from=${at(50)}`))).toEqual([late.id]);

    // With fields=entries the list shows the entries that match.
    const withB = await list("?fc_title=FC%20list*&name=FC.B&fields=entries");
    expect(withB.data[0]?.entries?.map((e) => e.name)).toEqual(["FC.B"]);
    const page = await list("?fc_title=FC%20list*&max_results=1");
    expect(page).toMatchObject({ total: 2, hasmore: true });
    expect(page.data[0]?.entries).toBeUndefined();

    // One forecast takes the entry filters.
    const jobs = await forecast(early.id, "?fields=entries&type=JOBS&estimated_start_to=" + at(-55));
    expect(jobs.entries?.map((e) => e.name)).toEqual(["FC.A", "FC.C"]);
    expect(await invalid(await test.rest("/100/forecasts?fc_type=OTHER"))).toEqual(["fc_type"]);
    expect(await invalid(await test.rest(`/100/forecasts/${early.id}?fields=tasks`))).toEqual(["fields"]);
  });

  it("retitles a forecast", async () => {
    const id = await create(objectForecast("Before"));
    const renamed = OutForecast.parse(await (await test.rest(`/100/forecasts/${id}`, json({ title: "After" }))).json());
    expect(renamed).toMatchObject({ id, title: "After" });
    expect((await forecast(id)).title).toBe("After");
    expect(await invalid(await test.rest(`/100/forecasts/${id}`, json({})))).toEqual(["title"]);
  });

  it("deletes finished forecasts, unfinished ones only with force", async () => {
    const finished = (await calculated(await create(objectForecast("To delete")))).id;
    const unfinished = await insertCalculating();
    const remove = async (ids: number[], force?: boolean) => OutIdList.parse(await (await test.rest("/100/forecasts", json({ ids, ...(force !== undefined && { force }) }, "DELETE"))).json());

    expect(await remove([finished, unfinished, 2_000_000_000])).toEqual({ ids: [unfinished] });
    expect((await test.rest(`/100/forecasts/${finished}`)).status).toBe(404);
    expect((await forecast(unfinished)).status).toBe(1550);
    expect(await remove([unfinished], true)).toEqual({ ids: [] });
    expect((await test.rest(`/100/forecasts/${unfinished}`)).status).toBe(404);
    expect(await invalid(await test.rest("/100/forecasts", json({ ids: [1, 1] }, "DELETE")))).toEqual(["ids"]);
  });

  it("forecasts the client: an active schedule's slots and a once activation waiting for its time", async () => {
    const now = Date.now();
    const slot = now + 2 * HOUR;
    const schedule = {
      data: { jsch: { general_attributes: { name: "FC.DAILY", type: "JSCH" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "FC.A", start_time: clockTime(slot) }] } },
      path: "",
    };
    expect((await test.rest("/100/objects", json(schedule))).status).toBe(200);
    const scheduleRun = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "FC.DAILY", executionOption: "execute" }))).json()).run_id;
    const onceAt = isoSecond(now + 3 * HOUR);
    const onceRun = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "FC.B", executionOption: "once", once: { executionDateTime: onceAt } }))).json()).run_id;
    await until(async () => OutExecution.parse(await (await test.rest(`/100/executions/${scheduleRun}`)).json()).status === 1550);

    const done = await calculated(await create({ forecast_option: "client", client: { title: "Tomorrow", days: 1 } }));
    expect(done).toMatchObject({ status: 1900, title: "Tomorrow" });
    expect(Date.parse(done.end_time) - Date.parse(done.start_time)).toBe(24 * HOUR);
    const entries = done.entries ?? [];
    const daily = entries.find((e) => e.name === "FC.DAILY");
    expect(daily).toMatchObject({ type: "JSCH", status: 1550, parent: 0 });
    // One slot in the next 24 hours, at its start time.
    const slots = entries.filter((e) => e.parent === daily?.id);
    expect(slots.map((e) => [e.name, e.container_type, e.estimated_start?.slice(0, 16), e.estimated_runtime])).toEqual([["FC.A", "JSCH", new Date(slot).toISOString().slice(0, 16), 600]]);
    expect(entries.find((e) => e.name === "FC.B")).toMatchObject({ parent: 0, estimated_start: onceAt, estimated_runtime: 300 });

    // The schedule alone over two days: its slots before midnight (UTC) of the second day.
    const period = await calculated(await create({ forecast_option: "execution", execution: { run_id: scheduleRun, title: "Schedule", days: 2 } }));
    const midnight = new Date(now);
    midnight.setUTCHours(48, 0, 0, 0);
    expect(period).toMatchObject({ status: 1900, end_time: isoSecond(midnight.getTime()) });
    const periodSlots = (period.entries ?? []).filter((e) => e.name === "FC.A").map((e) => Date.parse(e.estimated_start ?? ""));
    expect(periodSlots.length).toBeGreaterThanOrEqual(1);
    expect(periodSlots.every((start) => start > now && start < midnight.getTime())).toBe(true);

    for (const runId of [scheduleRun, onceRun]) expect((await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }))).status).toBe(200);
    const ended = await calculated(await create({ forecast_option: "execution", execution: { run_id: onceRun, title: "Ended" } }));
    expect(ended).toMatchObject({ status: 1800, last_error_code: 45273 });
  });

  it("finds the gaps of every agent, at least min_duration long; an idle agent has one gap over the range", async () => {
    const from = second(Date.now());
    const busyFrom = from + HOUR;
    const run = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "FC.GAP", executionOption: "once", once: { executionDateTime: isoSecond(busyFrom) } }))).json()).run_id;
    const range = `from=${isoSecond(from)}&to=${isoSecond(from + 6 * HOUR)}&execution_name=FC.GAP`;
    const agents = async (query: string) => {
      const response = await test.rest(`/100/forecasts/agents?${query}`);
      expect(response.status).toBe(200);
      return OutForecastAgentList.parse(await response.json());
    };
    const iso = isoSecond;

    // FC.GAP runs 2 hours from an hour after `from`.
    expect((await agents(`${range}&min_duration=PT1H`)).data).toEqual([
      { agent: "FC2", slots: [{ from: iso(from), to: iso(from + 6 * HOUR), duration: "PT6H" }] },
      {
        agent: "LOCAL",
        slots: [
          { from: iso(from), to: iso(busyFrom), duration: "PT1H" },
          { from: iso(busyFrom + 2 * HOUR), to: iso(from + 6 * HOUR), duration: "PT3H" },
        ],
      },
    ]);
    expect((await agents(`${range}&min_duration=PT1H1M&name=LOC*`)).data).toEqual([{ agent: "LOCAL", slots: [{ from: iso(busyFrom + 2 * HOUR), to: iso(from + 6 * HOUR), duration: "PT3H" }] }]);
    expect((await agents(`${range}&type=WINDOWS`)).total).toBe(0);
    expect((await agents(`${range}&type=UNIX&version=*`)).total).toBe(2);

    expect(await invalid(await test.rest(`/100/forecasts/agents?to=${isoSecond(from)}`))).toEqual(["from"]);
    expect(await invalid(await test.rest(`/100/forecasts/agents?from=${isoSecond(from)}`))).toEqual(["to"]);
    expect(await invalid(await test.rest(`/100/forecasts/agents?${range}&min_duration=1%20hour`))).toEqual(["min_duration"]);
    expect((await test.rest(`/100/executions/${run}/status`, json({ action: "cancel" }))).status).toBe(200);
  });

  it("needs the FORECASTS privilege, and the read right on an object to see its forecasts", async () => {
    const user = (name: string, password: string, privileges: string[]) => ({
      data: {
        user: {
          general_attributes: { name, type: "USER" },
          user_attributes: { is_active: "1", is_locked: "0", password },
          privileges,
          // Everything but the workflow FC.FLOW may be read.
          authorizations: [
            { filter_object_type: "*", filter_object_name: "*", bitcode: Right.READ | Right.STATISTICS, auth_group: 1 },
            { filter_object_type: "JOBP", filter_object_name: "FC.FLOW", bitcode: Right.READ, auth_group: 0 },
          ],
        },
      },
      path: "USERS",
    });
    expect((await test.rest("/100/objects", json(user("FC.PLANNER/OPS", "Planner-pass1", ["FORECASTS"])))).status).toBe(200);
    expect((await test.rest("/100/objects", json(user("FC.NOBODY/OPS", "Nobody-pass1", [])))).status).toBe(200);
    const as = (userPass: string, path: string, init: RequestInit = {}) => fetch(`${test.baton.restUrl}${path}`, { ...init, headers: { authorization: basic(userPass), ...init.headers } });
    const planner = (path: string, init?: RequestInit) => as("FC.PLANNER/OPS:Planner-pass1", path, init);

    expect((await as("FC.NOBODY/OPS:Nobody-pass1", "/100/forecasts")).status).toBe(403);
    expect((await planner("/100/forecasts", json(objectForecast("Not mine")))).status).toBe(403);
    const flow = await create(objectForecast("Admin's flow"));
    const job = Number(OutForecastId.parse(await (await planner("/100/forecasts", json({ forecast_option: "object", object: { name: "FC.A", start: START, title: "Planner's job" } }))).json()).forecast_id);
    const seen = OutForecastList.parse(await (await planner("/100/forecasts?max_results=1000")).json()).data.map((f) => f.id);
    expect(seen).toContain(job);
    expect(seen).not.toContain(flow);
    expect((await planner(`/100/forecasts/${flow}`)).status).toBe(403);
    expect((await planner(`/100/forecasts/${job}`)).status).toBe(200);
  });

  it("keeps one autoforecast per client, recomputed over the client's horizon", async () => {
    const once = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "FC.C", executionOption: "once", once: { executionDateTime: isoSecond(Date.now() + 30 * HOUR) } }))).json()).run_id;
    await test.baton.engine.refreshAutoforecasts();
    const first = await list("?fc_type=AFCST&fields=entries");
    expect(first.total).toBe(1);
    const auto = first.data[0];
    expect(auto).toMatchObject({ type: "AFCST", status: 1900, user: "SYSTEM" });
    // The horizon ends at midnight (UTC) of its third day, today the first.
    const midnightAfter = (start: string | undefined, days: number) => isoSecond(Math.floor(Date.parse(start ?? "") / (24 * HOUR)) * 24 * HOUR + days * 24 * HOUR);
    expect(auto?.end_time).toBe(midnightAfter(auto?.start_time, 3));
    expect(auto?.entries?.some((e) => e.name === "FC.C")).toBe(true);

    // A horizon of one day leaves the activation in 30 hours out; the autoforecast keeps its id.
    const settings = (days: number[]) => json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: days.map((d) => ({ key: "FORECAST_HORIZON_DAYS", value1: String(d) })) } }, path: "" });
    expect((await test.rest("/100/objects?overwrite_existing_objects=true", settings([1]))).status).toBe(200);
    await test.baton.engine.refreshAutoforecasts();
    const second = await list("?fc_type=AFCST&fields=entries");
    expect(second.data.map((f) => f.id)).toEqual([auto?.id]);
    expect(second.data[0]?.end_time).toBe(midnightAfter(second.data[0]?.start_time, 1));
    expect(second.data[0]?.entries?.some((e) => e.name === "FC.C")).toBe(false);
    await test.rest("/100/objects?overwrite_existing_objects=true", settings([]));
    expect((await test.rest(`/100/executions/${once}/status`, json({ action: "cancel" }))).status).toBe(200);
  });

  it("fails a forecast an engine left calculating when the engine starts again", async () => {
    const id = await insertCalculating();
    // A second engine on the same database starts as a restarted one would.
    const store = await openStore({ databaseUrl: test.databaseUrl, dataDir: test.dataDir });
    const restarted = await createEngine({ store, agents: [], logger: pino({ level: "silent" }), adminPassword: ADMIN_PASSWORD });
    await restarted.close();
    const failed = await forecast(id);
    expect(failed).toMatchObject({ status: 1815, last_error_code: ErrorCode.FORECAST_INTERRUPTED });
    expect(failed.last_error_message).toMatch(/engine stopped while the forecast was being calculated/);
  });
});
