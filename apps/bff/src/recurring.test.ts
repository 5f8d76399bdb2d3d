import { ErrorCode, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

describe.each(testDialects)("recurring executions on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
    await test.rest("/100/objects", json(jobEnvelope("REC.QUICK", ["echo quick"])));
    await test.rest("/100/objects", json(jobEnvelope("REC.SLOW", ["sleep 2.5"])));
  });
  afterAll(async () => {
    await test.stop();
  });

  async function children(parent: number): Promise<OutExecution[]> {
    const list = OutExecutionList.parse(await (await test.rest(`/100/executions/${parent}/children?max_results=100`)).json());
    return list.data.sort((a, b) => a.run_id - b.run_id);
  }

  async function start(body: Record<string, unknown>): Promise<number> {
    const response = await test.rest("/100/executions", json(body));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }

  it("activates every interval until the count is reached, then ends; fields=recurring shows the rule", async () => {
    const container = await start({ objectName: "REC.QUICK", executionOption: "recurring", recurring: { executeInterval: "PT1S", endAfterExecutions: 3, periodDescription: "three quick ones" } });
    expect(OutExecution.parse(await (await test.rest(`/100/executions/${container}`)).json())).toMatchObject({ type: "C_PERIOD", status: 1550, title: "three quick ones" });
    expect(await waitForEnd(test, 100, container, 15_000)).toMatchObject({ status: 1900 });
    const runs = await children(container);
    expect(runs.map((r) => [r.name, r.type, r.status, r.activator_object_type])).toEqual(Array(3).fill(["REC.QUICK", "JOBS", 1900, "PERIOD"]));
    // The n-th activation is due n intervals after the container started, and never starts earlier.
    const anchor = Date.parse(OutExecution.parse(await (await test.rest(`/100/executions/${container}`)).json()).start_time ?? "");
    runs.forEach((r, i) => expect(Date.parse(r.start_time ?? "")).toBeGreaterThanOrEqual(anchor + i * 1000));
    const withRule = OutExecution.parse(await (await test.rest(`/100/executions/${container}?fields=recurring`)).json());
    expect(withRule.recurring).toMatchObject({ execute_interval: "PT1S", end_after_executions: 3, period_description: "three quick ones", occur_count: 3 });
  });

  it("starts the next activation a gap after the previous one ended (snake_case request)", async () => {
    const container = await start({ object_name: "REC.QUICK", execution_option: "recurring", recurring: { execute_after: "PT1S", end_after_executions: 2 } });
    expect(await waitForEnd(test, 100, container, 15_000)).toMatchObject({ status: 1900 });
    const [first, second] = await children(container);
    expect(Date.parse(second?.start_time ?? "") - Date.parse(first?.end_time ?? "")).toBeGreaterThanOrEqual(900);
  });

  it("skips an activation while the previous one is still active, and cancel ends the plan", async () => {
    const container = await start({ objectName: "REC.SLOW", executionOption: "recurring", recurring: { executeInterval: "PT1S" } });
    const deadline = Date.now() + 15_000;
    while (!(await children(container)).some((c) => c.status === 1930) && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const response = await test.rest(`/100/executions/${container}/status`, json({ action: "cancel", cancel: { recursive: true } }));
    expect(response.status).toBe(200);
    expect(await waitForEnd(test, 100, container)).toMatchObject({ status: 1850 });
    const runs = await children(container);
    await Promise.all(runs.map((r) => waitForEnd(test, 100, r.run_id, 10_000)));
    const final = await children(container);
    expect(final.some((r) => r.status === 1930)).toBe(true);
    expect(final.filter((r) => r.status === 1930).every((r) => r.start_time === undefined)).toBe(true);
    // Never two running at once.
    const windows = final.filter((r) => r.start_time).map((r) => [Date.parse(r.start_time ?? ""), Date.parse(r.end_time ?? "")] as const).sort((a, b) => a[0] - b[0]);
    for (let i = 1; i < windows.length; i++) expect(windows[i]?.[0]).toBeGreaterThanOrEqual(windows[i - 1]?.[1] ?? 0);
  }, 30_000);

  it("takes its time zone from a TZ object: an IANA zone with its rules or a fixed offset", async () => {
    const tz = (name: string, attributes: Record<string, string>) => json({ data: { tz: { general_attributes: { name, type: "TZ" }, time_zone_attributes: attributes } }, path: "" });
    expect((await test.rest("/100/objects", tz("TZ.KOLKATA", { iana_name: "Asia/Kolkata" }))).status).toBe(200);
    expect((await test.rest("/100/objects", tz("TZ.MINUS3", { utc_offset: "-03:00" }))).status).toBe(200);
    for (const [zone, hour] of [["TZ.KOLKATA", "02:30"], ["tz.minus3", "11:00"], ["Asia/Kolkata", "02:30"]] as const) {
      const container = await start({ objectName: "REC.QUICK", executionOption: "recurring", recurring: { executeAt: "08:00" }, timezone: zone });
      const { recurring } = OutExecution.parse(await (await test.rest(`/100/executions/${container}?fields=recurring`)).json());
      expect(String(recurring?.["next_check"]).slice(11, 16), zone).toBe(hour);
      await test.rest(`/100/executions/${container}/status`, json({ action: "cancel" }));
    }
    const wrong = await test.rest("/100/objects", tz("TZ.WRONG", { utc_offset: "5 hours" }));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toEqual([expect.objectContaining({ path: "data.tz.time_zone_attributes", error: expect.stringContaining("+05:30") })]);
  });

  // A time zone that does not exist is not refused (vendor/executions-start.test.ts).
  it.each([
    [{ recurring: { executeAt: "08:00", executeInterval: "PT1H" } }, "recurring.execute_at"],
    [{ recurring: { executeAt: "08:00", endDate: "2030-01-01", endAfterExecutions: 2 } }, "recurring.end_date"],
    [{ recurring: { executeAt: "08:00", executeWeekly: ["mon"], executeCalendarList: [{ calendar: "C", event: "E" }] } }, "recurring.execute_weekly"],
    [{}, "recurring"],
  ])("refuses %j and starts nothing", async (extra, path) => {
    const before = OutExecutionList.parse(await (await test.rest("/100/executions?name=REC.QUICK")).json()).total;
    const response = await test.rest("/100/executions", json({ objectName: "REC.QUICK", executionOption: "recurring", ...extra }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code: ErrorCode.INVALID_REQUEST, path })]);
    expect(OutExecutionList.parse(await (await test.rest("/100/executions?name=REC.QUICK")).json()).total).toBe(before);
  });
});
