import { InChangeExecutionStatusBody, statusText } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Execution } from "../domain/execution";
import { jobEnvelope } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { OffsetClock, startTestEngine, until, type TestEngine } from "../testing/test-engine";

/** HH:MM:SS in UTC of an instant. */
function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

/** A status change as a client asks for it: the body read by the contract's schema, as the REST API reads it. */
function changeStatus(test: TestEngine, runId: number, body: unknown): Promise<Execution> {
  return test.engine.executions.changeStatus(test.admin, runId, InChangeExecutionStatusBody.parse(body));
}

describe.each(testDialects)("schedules on %s", (dialect) => {
  let test: TestEngine;
  beforeAll(async () => {
    test = await startTestEngine(dialect);
  });
  afterAll(() => test.stop());

  it("starts each task daily at its time, gated by its calendar, and plans the next day; cancel ends the plan", async () => {
    const today = new Date(Date.now() + 2000);
    // A calendar that selects no day of this year, and one that selects the day of the start.
    const never = { data: { cale: { general_attributes: { name: "CALE.NEVER" }, events: [{ line_number: "1", name: "NONE" }], calendar_definitions: [] } }, path: "" };
    const days = Array<string>(372).fill("0");
    days[today.getUTCMonth() * 31 + today.getUTCDate() - 1] = "1";
    const todayCale = { data: { cale: { general_attributes: { name: "CALE.TODAY" }, events: [{ line_number: "1", name: "TODAY" }], calendar_definitions: [{ event_line_number: "1", year: String(today.getUTCFullYear()), content: days.join("") }] } }, path: "" };
    await test.importObjects(jobEnvelope("SCHED.TICK", ["echo tick"]), never, todayCale);
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
    await test.importObjects(schedule);
    const runId = await test.start("SCHED.DAILY");

    await until(async () => (await test.children(runId)).length === 3);
    const planned = await test.children(runId);
    expect(planned.map((c) => [c.lineNumber, c.status, c.activatorObjectType])).toEqual([
      [1, 1698, "JSCH"],
      [2, 1698, "JSCH"],
      [3, 1698, "JSCH"],
    ]);
    expect(await test.engine.executions.get(test.admin, runId)).toMatchObject({ objectType: "JSCH", status: 1550 });

    // At the start time each slot is decided, and the next day's slot is planned.
    await until(async () => {
      const slots = await test.children(runId);
      return slots.length === 6 && slots.slice(0, 3).every((c) => c.status >= 1800);
    });
    const [run, offCalendar, inactive, ...next] = await test.children(runId);
    expect(run).toMatchObject({ lineNumber: 1, status: 1900 });
    // Its start, to the second as the interface writes it, is at most a second before the time taken.
    const startSecond = Math.floor((run?.startTime ?? 0) / 1000) * 1000;
    expect(startSecond).toBeGreaterThanOrEqual(startAt - 1000);
    expect(offCalendar).toMatchObject({ lineNumber: 2, status: 1920 });
    expect(statusText(offCalendar?.status ?? 0)).toBe("ENDED_INACTIVE - inactive today because of calendar");
    expect(inactive).toMatchObject({ lineNumber: 3, status: 1921 });
    expect(await test.reportText(offCalendar?.runId ?? 0, "ACT")).toContain("is not in CALE.NEVER/NONE");
    expect(next.map((c) => [c.lineNumber, c.status])).toEqual([
      [1, 1698],
      [2, 1698],
      [3, 1698],
    ]);

    await changeStatus(test, runId, { action: "cancel" });
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1850 });
    expect((await test.children(runId)).slice(3).map((c) => c.status)).toEqual([1850, 1850, 1850]);
  });

  it("plans no next day once cancelled, however close the cancel comes to the day's start", { timeout: 60_000 }, async () => {
    await test.importObjects(jobEnvelope("SCHED.RACE", ["echo race"]));
    const at = clockTime(Date.now() + 2000);
    const names = Array.from({ length: 20 }, (_, i) => `SCHED.RACE${i}`);
    await test.importObjects(
      ...names.map((name) => ({ data: { jsch: { general_attributes: { name, type: "JSCH" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "SCHED.RACE", start_time: at }] } }, path: "" })),
    );
    const schedules = await Promise.all(names.map((name) => test.start(name)));
    const children = async () => (await Promise.all(schedules.map((schedule) => test.children(schedule)))).flat();
    // The first of the day's slots is taken: the others are being taken as the cancels come.
    await until(async () => (await children()).some((child) => child.status !== 1698));
    await Promise.all(schedules.map((schedule) => changeStatus(test, schedule, { action: "cancel", cancel: { recursive: true } })));
    await until(async () => (await children()).every((child) => child.status >= 1800 || child.status === 1698));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect((await children()).filter((child) => child.status === 1698)).toEqual([]);
  });

  it("runs its tasks in the zone of a TZ object, and fails saying why when the TZ object is missing", async () => {
    await test.importObjects(jobEnvelope("SCHED.ZONED", ["echo zoned"]), { data: { tz: { general_attributes: { name: "TZ.PLUS1" }, time_zone_attributes: { utc_offset: "+01:00" } } }, path: "" });
    const at = clockTime(Date.now() + 3_600_000 + 1500);
    const schedule = (name: string, timezone: string) => ({
      data: { jsch: { general_attributes: { name }, schedule_attributes: { timezone }, schedule_definitions: [{ line_number: "1", object_name: "SCHED.ZONED", start_time: at }] } },
      path: "",
    });
    await test.importObjects(schedule("SCHED.PLUS1", "TZ.PLUS1"));
    const runId = await test.start("SCHED.PLUS1");
    // The start time is read at UTC+1: due in about 1.5 s, not in an hour.
    await until(async () => (await test.children(runId)).some((c) => c.status === 1900));
    await changeStatus(test, runId, { action: "cancel" });

    await test.importObjects(schedule("SCHED.NOZONE", "TZ.MISSING"));
    const broken = await test.start("SCHED.NOZONE");
    expect(await test.waitForEnd(broken)).toMatchObject({ status: 1820 });
    expect(await test.reportText(broken, "ACT")).toContain("'TZ.MISSING' is neither an IANA time zone");
  });

  it("refuses to run a schedule whose definition is wrong, saying why", async () => {
    await test.importObjects({ data: { jsch: { general_attributes: { name: "SCHED.BROKEN" }, schedule_attributes: { timezone: "Nowhere/Land" } } }, path: "" });
    const runId = await test.start("SCHED.BROKEN");
    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1820 });
    expect(await test.reportText(runId, "ACT")).toContain("'Nowhere/Land' is not a time zone");
  });
});

describe.each(testDialects)("a schedule task still running at its next start, on %s", (dialect) => {
  // Time moves on a day at once: the engine's clock runs an offset ahead of real time that the test moves.
  const clock = new OffsetClock();
  let test: TestEngine;
  beforeAll(async () => {
    test = await startTestEngine(dialect, { clock });
  });
  afterAll(() => test.stop());

  it("is not started twice: the day's slot ends 1822 and the next day is planned", async () => {
    await test.importObjects(
      jobEnvelope("SCHED.LONG", ["sleep 30"]),
      { data: { jsch: { general_attributes: { name: "SCHED.OVERLAP" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "SCHED.LONG", start_time: clockTime(clock.now() + 1500) }] } }, path: "" },
    );
    const runId = await test.start("SCHED.OVERLAP");
    const slotsAre = (check: (s: Execution[]) => boolean) => until(async () => check(await test.children(runId)));
    await slotsAre((s) => s[0]?.status === 1550 && s[1]?.status === 1698);

    clock.advance(24 * 3_600_000);
    await slotsAre((s) => s.length === 3 && s[1]?.status === 1822);
    const [running, refused, next] = await test.children(runId);
    expect(running?.status).toBe(1550);
    expect(refused?.status).toBe(1822);
    expect(statusText(refused?.status ?? 0)).toContain("FAULT_ALREADY_RUNNING");
    expect(next?.status).toBe(1698);
    expect(await test.reportText(refused?.runId ?? 0, "ACT")).toContain("is not started twice");
    await changeStatus(test, runId, { action: "cancel", cancel: { recursive: true } });
    expect(await test.waitForEnd(running?.runId ?? 0)).toMatchObject({ status: 1850 });
  });
});
