import { OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { jobEnvelope, json, startTestBaton, waitForEnd, until, type TestBaton } from "./testing/test-baton";

/** HH:MM:SS in UTC of an instant. */
function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

describe.each(testDialects)("schedules on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function children(parent: number): Promise<OutExecution[]> {
    const all = OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1000")).json());
    return all.data.filter((e) => e.parent === parent).sort((a, b) => a.run_id - b.run_id);
  }


  it("starts each task daily at its time, gated by its calendar, and plans the next day; cancel ends the plan", async () => {
    const now = Date.now();
    const today = new Date(now + 2000);
    await test.rest("/100/objects", json(jobEnvelope("SCHED.TICK", ["echo tick"])));
    // A calendar that selects no day of this year, and one that selects the day of the start.
    const never = { data: { cale: { general_attributes: { name: "CALE.NEVER" }, events: [{ line_number: "1", name: "NONE" }], calendar_definitions: [] } }, path: "" };
    const days = Array<string>(372).fill("0");
    days[today.getUTCMonth() * 31 + today.getUTCDate() - 1] = "1";
    const todayCale = { data: { cale: { general_attributes: { name: "CALE.TODAY" }, events: [{ line_number: "1", name: "TODAY" }], calendar_definitions: [{ event_line_number: "1", year: String(today.getUTCFullYear()), content: days.join("") }] } }, path: "" };
    await test.rest("/100/objects", json(never));
    await test.rest("/100/objects", json(todayCale));
    // Taken after the set-up above, so that a slow machine does not miss today's slot.
    const startAt = Date.now() + 2000;
    const at = clockTime(startAt);
    const schedule = {
      data: {
        jsch: {
          general_attributes: { name: "SCHED.DAILY", type: "JSCH" },
          schedule_attributes: { timezone: "UTC" },
          schedule_definitions: [
            { line_number: "1", object_name: "SCHED.TICK", start_time: at, calendar: "CALE.TODAY", calendar_event: "TODAY" },
            { line_number: "2", object_name: "SCHED.TICK", start_time: at, calendar: "CALE.NEVER", calendar_event: "NONE" },
            { line_number: "3", object_name: "SCHED.TICK", start_time: at, active: "0" },
          ],
        },
      },
      path: "",
    };
    expect((await test.rest("/100/objects", json(schedule))).status).toBe(200);
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SCHED.DAILY", executionOption: "execute" }))).json()).run_id;

    await until(async () => (await children(runId)).length === 3);
    const planned = await children(runId);
    expect(planned.map((c) => [c.line_number, c.status, c.activator_object_type])).toEqual([
      [1, 1698, "JSCH"],
      [2, 1698, "JSCH"],
      [3, 1698, "JSCH"],
    ]);
    expect(OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json())).toMatchObject({ type: "JSCH", status: 1550 });

    // At the start time each slot is decided, and the next day's slot is planned.
    await until(async () => (await children(runId)).length === 6 && (await children(runId)).slice(0, 3).every((c) => c.status >= 1800));
    const [run, offCalendar, inactive, ...next] = await children(runId);
    expect(run).toMatchObject({ line_number: 1, status: 1900 });
    expect(Date.parse(run?.start_time ?? "")).toBeGreaterThanOrEqual(startAt - 1000);
    expect(offCalendar).toMatchObject({ line_number: 2, status: 1920, status_text: "ENDED_INACTIVE - inactive today because of calendar" });
    expect(inactive).toMatchObject({ line_number: 3, status: 1921 });
    const act = await reportText(test.rest, 100, offCalendar?.run_id ?? 0, "ACT");
    expect(act).toContain("is not in CALE.NEVER/NONE");
    expect(next.map((c) => [c.line_number, c.status])).toEqual([
      [1, 1698],
      [2, 1698],
      [3, 1698],
    ]);

    const cancel = await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }));
    expect(cancel.status).toBe(200);
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1850 });
    expect((await children(runId)).slice(3).map((c) => c.status)).toEqual([1850, 1850, 1850]);
  });

  it("runs its tasks in the zone of a TZ object, and fails saying why when the TZ object is missing", async () => {
    await test.rest("/100/objects", json(jobEnvelope("SCHED.ZONED", ["echo zoned"])));
    await test.rest("/100/objects", json({ data: { tz: { general_attributes: { name: "TZ.PLUS1" }, time_zone_attributes: { utc_offset: "+01:00" } } }, path: "" }));
    const at = clockTime(Date.now() + 3_600_000 + 1500);
    const schedule = (name: string, timezone: string) =>
      json({ data: { jsch: { general_attributes: { name }, schedule_attributes: { timezone }, schedule_definitions: [{ line_number: "1", object_name: "SCHED.ZONED", start_time: at }] } }, path: "" });
    await test.rest("/100/objects", schedule("SCHED.PLUS1", "TZ.PLUS1"));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SCHED.PLUS1", executionOption: "execute" }))).json()).run_id;
    // The start time is read at UTC+1: due in about 1.5 s, not in an hour.
    await until(async () => (await children(runId)).some((c) => c.status === 1900));
    await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }));

    await test.rest("/100/objects", schedule("SCHED.NOZONE", "TZ.MISSING"));
    const broken = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SCHED.NOZONE", executionOption: "execute" }))).json()).run_id;
    expect(await waitForEnd(test, 100, broken)).toMatchObject({ status: 1820 });
    const act = await reportText(test.rest, 100, broken, "ACT");
    expect(act).toContain("'TZ.MISSING' is neither an IANA time zone");
  });

  it("refuses to run a schedule whose definition is wrong, saying why", async () => {
    await test.rest("/100/objects", json({ data: { jsch: { general_attributes: { name: "SCHED.BROKEN" }, schedule_attributes: { timezone: "Nowhere/Land" } } }, path: "" }));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SCHED.BROKEN", executionOption: "execute" }))).json()).run_id;
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1820 });
    const act = await reportText(test.rest, 100, runId, "ACT");
    expect(act).toContain("'Nowhere/Land' is not a time zone");
  });
});

describe("a schedule task still running at its next start", () => {
  // Time moves on a day at once: the engine's clock runs a settable offset ahead of real time.
  let offset = 0;
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton("sqlite", {}, { clock: { now: () => Date.now() + offset } });
  });
  afterAll(async () => {
    await test.stop();
  });

  it("is not started twice: the day's slot ends 1822 and the next day is planned", async () => {
    await test.rest("/100/objects", json(jobEnvelope("SCHED.LONG", ["sleep 30"])));
    const schedule = {
      data: { jsch: { general_attributes: { name: "SCHED.OVERLAP" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "SCHED.LONG", start_time: clockTime(Date.now() + 1500) }] } },
      path: "",
    };
    await test.rest("/100/objects", json(schedule));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SCHED.OVERLAP", executionOption: "execute" }))).json()).run_id;
    const slots = async () => OutExecutionList.parse(await (await test.rest(`/100/executions/${runId}/children`)).json()).data.sort((a, b) => a.run_id - b.run_id);
    const slotsAre = (check: (s: OutExecution[]) => boolean) => until(async () => check(await slots()));
    await slotsAre((s) => s[0]?.status === 1550 && s[1]?.status === 1698);

    offset += 24 * 3_600_000;
    await slotsAre((s) => s.length === 3 && s[1]?.status === 1822);
    const [running, refused, next] = await slots();
    expect(running?.status).toBe(1550);
    expect(refused).toMatchObject({ status: 1822, status_text: expect.stringContaining("FAULT_ALREADY_RUNNING") });
    expect(next?.status).toBe(1698);
    const act = await reportText(test.rest, 100, refused?.run_id ?? 0, "ACT");
    expect(act).toContain("is not started twice");
    await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel", cancel: { recursive: true } }));
    expect(await waitForEnd(test, 100, running?.run_id ?? 0)).toMatchObject({ status: 1850 });
  });
});
