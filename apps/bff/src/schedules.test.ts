import { OutExecution, OutExecutionList, OutReportContent, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

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

  async function until(check: () => Promise<boolean>, ms = 15_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
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
    const at = clockTime(now + 2000);
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
    expect(OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json())).toMatchObject({ type: "Schedule", status: 1550 });

    // At the start time each slot is decided, and the next day's slot is planned.
    await until(async () => (await children(runId)).length === 6 && (await children(runId)).slice(0, 3).every((c) => c.status >= 1800));
    const [run, offCalendar, inactive, ...next] = await children(runId);
    expect(run).toMatchObject({ line_number: 1, status: 1900 });
    expect(Date.parse(run?.start_time ?? "")).toBeGreaterThanOrEqual(now + 1000);
    expect(offCalendar).toMatchObject({ line_number: 2, status: 1920, status_text: "ENDED_INACTIVE - inactive today because of calendar" });
    expect(inactive).toMatchObject({ line_number: 3, status: 1921 });
    const act = z.array(OutReportContent).parse(await (await test.rest(`/100/executions/${offCalendar?.run_id}/reports/ACT`)).json());
    expect(act[0]?.content).toContain("is not in CALE.NEVER/NONE");
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

  it("refuses to run a schedule whose definition is wrong, saying why", async () => {
    await test.rest("/100/objects", json({ data: { jsch: { general_attributes: { name: "SCHED.BROKEN" }, schedule_attributes: { timezone: "Nowhere/Land" } } }, path: "" }));
    const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "SCHED.BROKEN", executionOption: "execute" }))).json()).run_id;
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1820 });
    const act = z.array(OutReportContent).parse(await (await test.rest(`/100/executions/${runId}/reports/ACT`)).json());
    expect(act[0]?.content).toContain("'Nowhere/Land' is not a time zone");
  });
});
