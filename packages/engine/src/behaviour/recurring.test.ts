import { ErrorCode, InChangeExecutionStatusBody, InExecutionBody, isFinalStatus } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { OffsetClock, refusal, startTestEngine, until, type TestEngine } from "../testing/test-engine";

describe.each(testDialects)("recurring executions on %s", (dialect) => {
  let test: TestEngine;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
    await test.importObjects(jobEnvelope("REC.QUICK", ["echo quick"]), jobEnvelope("REC.SLOW", ["sleep 2.5"]), {
      data: { cale: { general_attributes: { name: "REC.CALE" }, events: [{ line_number: "1", name: "WORKDAYS" }], calendar_definitions: [] } },
      path: "",
    });
  });
  afterAll(() => test.stop());

  /** Activates as a client asks: the body read by the contract's schema, as the REST API reads it. */
  const start = async (body: Record<string, unknown>) => (await test.engine.executions.activate(test.admin, InExecutionBody.parse(body))).runId;
  const status = (runId: number, body: unknown) => test.engine.executions.changeStatus(test.admin, runId, InChangeExecutionStatusBody.parse(body));
  const get = (runId: number) => test.engine.executions.get(test.admin, runId);
  const recurringOf = async (runId: number) => (await test.engine.executions.detail(test.admin, runId, ["recurring"])).recurring;
  const quickOnes = async () => (await test.engine.executions.list(test.admin, { name: "REC.QUICK" }, { maxResults: 50 })).total;

  it("activates every interval until the count is reached, then ends; the recurring field shows the rule", async () => {
    const container = await start({ objectName: "REC.QUICK", executionOption: "recurring", recurring: { executeInterval: "PT1S", endAfterExecutions: 3, periodDescription: "three quick ones" } });
    expect(await get(container)).toMatchObject({ objectType: "C_PERIOD", status: 1550, title: "three quick ones" });
    expect(await test.waitForEnd(container, 15_000)).toMatchObject({ status: 1900 });
    const runs = await test.children(container);
    expect(runs.map((r) => [r.name, r.objectType, r.status, r.activatorObjectType])).toEqual(Array(3).fill(["REC.QUICK", "JOBS", 1900, "PERIOD"]));
    // The n-th activation is due n intervals after the container started, and never starts earlier.
    const anchor = (await get(container)).startTime ?? Infinity;
    runs.forEach((r, i) => expect(r.startTime).toBeGreaterThanOrEqual(anchor + i * 1000));
    expect(await recurringOf(container)).toMatchObject({ rule: { executeInterval: "PT1S", endAfterExecutions: 3, periodDescription: "three quick ones" }, occurCount: 3 });
  });

  it("skips an activation while the previous one is still active, and cancel ends the plan", async () => {
    const container = await start({ objectName: "REC.SLOW", executionOption: "recurring", recurring: { executeInterval: "PT1S" } });
    const deadline = Date.now() + 15_000;
    while (!(await test.children(container)).some((c) => c.status === 1930) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    await status(container, { action: "cancel", cancel: { recursive: true } });
    expect(await test.waitForEnd(container)).toMatchObject({ status: 1850 });
    const runs = await test.children(container);
    await Promise.all(runs.map((r) => test.waitForEnd(r.runId, 10_000)));
    const final = await test.children(container);
    expect(final.some((r) => r.status === 1930)).toBe(true);
    expect(final.filter((r) => r.status === 1930).every((r) => r.startTime === null)).toBe(true);
    // Never two running at once.
    const windows = final.filter((r) => r.startTime !== null).map((r) => [r.startTime ?? 0, r.endTime ?? 0] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < windows.length; i++) expect(windows[i]?.[0]).toBeGreaterThanOrEqual(windows[i - 1]?.[1] ?? 0);
  }, 30_000);

  it("plans no activation once cancelled, however close the cancel comes to the first one", { timeout: 60_000 }, async () => {
    const containers = await Promise.all(Array.from({ length: 30 }, () => start({ objectName: "REC.QUICK", executionOption: "recurring", recurring: { executeInterval: "PT1H" } })));
    await Promise.all(containers.map((container) => status(container, { action: "cancel", cancel: { recursive: true } })));
    for (const container of containers) await test.waitForEnd(container);
    const children = async () => (await Promise.all(containers.map((container) => test.children(container)))).flat();
    // The first activations (due at the start) end, run or cancelled; what ran plans its next meanwhile.
    await until(async () => (await children()).every((child) => isFinalStatus(child.status) || child.status === 1698), 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await children()).filter((child) => child.status === 1698)).toEqual([]);
  });

  it("is not restarted once ended: a container runs nothing itself, and a restart would run its object once outside the rule", async () => {
    const container = await start({ objectName: "REC.QUICK", executionOption: "recurring", recurring: { executeInterval: "PT1H" } });
    await status(container, { action: "cancel", cancel: { recursive: true } });
    await test.waitForEnd(container);
    for (const child of await test.children(container)) await test.waitForEnd(child.runId);
    const before = await quickOnes();
    const refused = await refusal(status(container, { action: "restart" }));
    expect(refused).toMatchObject({ kind: "bad_request", code: ErrorCode.INVALID_TRANSITION });
    expect(await quickOnes()).toBe(before);
  });

  it("takes its time zone from a TZ object: an IANA zone with its rules or a fixed offset", async () => {
    const tz = (name: string, attributes: Record<string, string>) => ({ data: { tz: { general_attributes: { name, type: "TZ" }, time_zone_attributes: attributes } }, path: "" });
    await test.importObjects(tz("TZ.KOLKATA", { iana_name: "Asia/Kolkata" }), tz("TZ.MINUS3", { utc_offset: "-03:00" }));
    for (const [zone, hour] of [["TZ.KOLKATA", "02:30"], ["tz.minus3", "11:00"], ["Asia/Kolkata", "02:30"]] as const) {
      const container = await start({ objectName: "REC.QUICK", executionOption: "recurring", recurring: { executeAt: "08:00" }, timezone: zone });
      const nextCheck = (await recurringOf(container))?.nextCheck;
      expect(nextCheck === undefined ? undefined : new Date(nextCheck).toISOString().slice(11, 16), zone).toBe(hour);
      await status(container, { action: "cancel" });
    }
    const wrong = await refusal(test.importObjects(tz("TZ.WRONG", { utc_offset: "5 hours" })));
    expect(wrong).toMatchObject({ kind: "validation", issues: [expect.objectContaining({ path: "data.tz.time_zone_attributes", error: expect.stringContaining("+05:30") })] });
  });

  // A time zone that does not exist is not refused (the REST tests' vendor/executions-start.test.ts).
  it.each([
    [{ recurring: { executeAt: "08:00", executeInterval: "PT1H" } }, "recurring.execute_at"],
    [{ recurring: { executeAt: "08:00", endDate: "2030-01-01", endAfterExecutions: 2 } }, "recurring.end_date"],
    [{ recurring: { executeAt: "08:00", executeWeekly: ["mon"], executeCalendarList: [{ calendar: "C", event: "E" }] } }, "recurring.execute_weekly"],
    [{}, "recurring"],
    // Beyond 504 hours, the vendor's longest; the first would plan the next activation at a time no date can name.
    [{ recurring: { executeInterval: "P99999999999D", endAfterExecutions: 3 } }, "recurring.execute_interval"],
    [{ recurring: { executeAfter: "P99999999999D" } }, "recurring.execute_after"],
    [{ recurring: { executeInterval: "P22D" } }, "recurring.execute_interval"],
    // A gap after an end is at least a minute, the vendor's shortest.
    [{ recurring: { executeAfter: "PT1S" } }, "recurring.execute_after"],
    // A calendar that is not there, or has no such event, would let nothing run: the container would end at once.
    [{ recurring: { executeAt: "08:00", executeCalendarList: [{ calendar: "../X", event: "$(id)" }] } }, "recurring.execute_calendar_list[0].calendar"],
    [{ recurring: { executeAt: "08:00", executeCalendarList: [{ calendar: "REC.CALE", event: "WORKDAYS" }, { calendar: "REC.CALE", event: "HOLIDAYS" }] } }, "recurring.execute_calendar_list[1].event"],
    [{ recurring: { executeAt: "08:00", executeCalendarList: [{ calendar: "REC.QUICK", event: "WORKDAYS" }] } }, "recurring.execute_calendar_list[0].calendar"],
  ])("refuses %j and starts nothing", async (extra, path) => {
    const before = await quickOnes();
    const refused = await refusal(start({ objectName: "REC.QUICK", executionOption: "recurring", ...extra }));
    expect(refused).toMatchObject({ kind: "validation", issues: [expect.objectContaining({ code: ErrorCode.INVALID_REQUEST, path })] });
    expect(await quickOnes()).toBe(before);
  });
});

describe.each(testDialects)("a recurring execution with a gap after each end, on %s", (dialect) => {
  // The gap is a minute at least: the engine's clock runs an offset ahead of real time that the test moves.
  const clock = new OffsetClock();
  let test: TestEngine;
  beforeAll(async () => {
    test = await startTestEngine(dialect, { clock });
    await test.importObjects(jobEnvelope("GAP.QUICK", ["echo quick"]));
  });
  afterAll(() => test.stop());

  it("plans the next activation the gap after the previous one ended (snake_case request)", async () => {
    const body = InExecutionBody.parse({ object_name: "GAP.QUICK", execution_option: "recurring", recurring: { execute_after: "PT1M", end_after_executions: 2 } });
    const container = (await test.engine.executions.activate(test.admin, body)).runId;
    await until(async () => {
      const [first, second] = await test.children(container);
      return first?.status === 1900 && second?.status === 1698;
    });
    clock.advance(60_000);
    expect(await test.waitForEnd(container, 15_000)).toMatchObject({ status: 1900 });
    const [first, second] = await test.children(container);
    expect((second?.startTime ?? 0) - (first?.endTime ?? Infinity)).toBeGreaterThanOrEqual(60_000);
  });
});
