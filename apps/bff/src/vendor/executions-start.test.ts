import { ErrorCode, OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "../testing/report-text";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";
import { workflow } from "../testing/workflow-envelope";

// What the vendor documents and real clients send to POST /{client_id}/executions
// (docs/decisions.md, "Vendor wire behaviour").

const PROMPT_SET = { data: { prpt: { general_attributes: { name: "PRPT.VENDOR" }, prompt_elements: [{ name: "TEXT1#", type: "text", default: "default text" }, { name: "NUMBER1#", type: "number", default: "0" }] } }, path: "" };
const REQUIRED_SET = { data: { prpt: { general_attributes: { name: "PRPT.VENDOR.REQ" }, prompt_elements: [{ name: "NEEDED#", type: "text", required: "1" }] } }, path: "" };

/** A job that prints its prompt inputs, listing `promptSet`. */
function promptedJob(name: string, promptSet: string, lines: string[]) {
  const job = jobEnvelope(name, lines);
  return { ...job, data: { jobs: { ...job.data.jobs, prompt_set_list: [{ name: promptSet }] } } };
}

/** A calendar whose one event selects every day of `year`. */
function everyDayOf(name: string, year: number) {
  return { data: { cale: { general_attributes: { name }, events: [{ line_number: "1", name: "ALL" }], calendar_definitions: [{ event_line_number: "1", year: String(year), content: "1".repeat(372) }] } }, path: "" };
}

describe.each(testDialects)("starting executions as the vendor documents it on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
    const envelopes = [
      PROMPT_SET,
      REQUIRED_SET,
      promptedJob("VENDOR.JOB", "PRPT.VENDOR", ["echo text=&TEXT1# number=&NUMBER1#"]),
      promptedJob("VENDOR.NEEDS", "PRPT.VENDOR.REQ", ["echo needed=&NEEDED#"]),
      workflow("VENDOR.FLOW", [{ name: "VENDOR.JOB" }], [2]),
      workflow("VENDOR.FLOW.NEEDS", [{ name: "VENDOR.NEEDS" }], [2]),
      { data: { queue: { general_attributes: { name: "FAST.QUEUE", type: "QUEUE" }, queue_attributes: { max_slots: "5" } } }, path: "" },
      everyDayOf("CALE.VENDOR.2099", 2099),
    ];
    for (const envelope of envelopes) expect((await test.rest("/100/objects", json(envelope))).status).toBe(200);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function start(body: Record<string, unknown>): Promise<number> {
    const response = await test.rest("/100/executions", json(body));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }
  const execution = async (runId: number, query = "") => OutExecution.parse(await (await test.rest(`/100/executions/${runId}${query}`)).json());
  const executionCount = async () => OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1000&include_deactivated=true")).json()).total;
  const cancel = (runId: number) => test.rest(`/100/executions/${runId}/status`, json({ action: "cancel", cancel: { recursive: true } }));

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecuteObjects.htm ("Immediately"):
  // the vendor's first example has no execution_option; the object starts at once.
  it("starts at once a body without execution_option, with alias and inputs", async () => {
    const runId = await start({ object_name: "VENDOR.JOB", alias: "VENDOR.JOB.ALIAS", inputs: { "TEXT1#": "passed text", "NUMBER1#": "1234" } });
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900, alias: "VENDOR.JOB.ALIAS" });
    expect(await reportText(test.rest, 100, runId, "REP")).toBe("text=passed text number=1234\n");
  });

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecuteObjects.htm ("Immediately"), in the spec's camelCase.
  it("starts at once a camelCase body without executionOption, defaults filling the inputs not sent", async () => {
    const runId = await start({ objectName: "VENDOR.JOB" });
    expect((await waitForEnd(test, 100, runId)).status).toBe(1900);
    expect(await reportText(test.rest, 100, runId, "REP")).toBe("text=default text number=0\n");
  });

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecuteObjects.htm ("Once") and
  // https://knowledge.broadcom.com/external/article/265762/rest-api-ignores-timezone-objects-in-v21.html:
  // the vendor's example as it stands, with a TZ object this client does not have.
  it('takes the vendor\'s once example in snake_case, wait_for_manual_release as the string "false"', async () => {
    const runId = await start({
      object_name: "VENDOR.JOB",
      execution_option: "once",
      alias: "MYSCRI.ONCE",
      timezone: "TZ.PEPI1",
      queue: "FAST.QUEUE",
      inputs: { "NUMBER1#": "8888", "TEXT1#": "passed text" },
      once: { wait_for_manual_release: "false", execution_date_time: "2018-02-27T10:00:00Z", use_logical_time: "2018-05-03T10:30:00Z" },
    });
    // The time lies in the past: the object starts now, in the queue named.
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900, alias: "MYSCRI.ONCE", queue: "FAST.QUEUE" });
    expect(await reportText(test.rest, 100, runId, "REP")).toBe("text=passed text number=8888\n");
  });

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecuteObjects.htm ("Once").
  it('waits for its execution_date_time, and for a manual release with wait_for_manual_release "true"', async () => {
    const later = await start({ object_name: "VENDOR.JOB", execution_option: "once", once: { execution_date_time: "2099-02-27T10:00:00Z" } });
    expect((await execution(later)).status).toBe(1698);
    const held = await start({ object_name: "VENDOR.JOB", execution_option: "once", once: { wait_for_manual_release: "true" } });
    expect((await execution(held)).status).toBe(1693);
    for (const runId of [later, held]) expect((await cancel(runId)).status).toBe(200);
  });

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecuteObjects.htm ("Recurring");
  // the Python client KrumGanev/automic_rest (README.md, executeObject) sends its bodies as they are, in snake_case.
  it("takes every recurring member in snake_case, booleans and numbers as strings, and runs each activation with the inputs", async () => {
    const container = await start({
      object_name: "VENDOR.JOB",
      execution_option: "recurring",
      alias: "VENDOR.RECURRING.ALIAS",
      inputs: { "TEXT1#": "each time" },
      recurring: {
        period_description: "every second, twice",
        start_date: new Date().toISOString().slice(0, 10),
        end_after_executions: "2",
        execute_interval: "PT1S",
        allow_one_overlap: "false",
        execute_weekly: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
        adjust_start_time: "false",
      },
    });
    expect(await waitForEnd(test, 100, container, 20_000)).toMatchObject({ status: 1900, title: "every second, twice", alias: "VENDOR.RECURRING.ALIAS" });
    expect((await execution(container, "?fields=recurring")).recurring).toMatchObject({
      period_description: "every second, twice",
      end_after_executions: 2,
      execute_interval: "PT1S",
      allow_one_overlap: false,
      execute_weekly: ["mon", "tue", "wed", "thu", "fri", "sat", "sun"],
      adjust_start_time: false,
      occur_count: 2,
    });
    const runs = OutExecutionList.parse(await (await test.rest(`/100/executions/${container}/children`)).json()).data;
    expect(runs).toHaveLength(2);
    // Each activation runs with the inputs of the start, defaults filling the rest.
    for (const run of runs) expect(await reportText(test.rest, 100, run.run_id, "REP")).toBe("text=each time number=0\n");
  }, 30_000);

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecuteObjects.htm ("Recurring").
  it("takes the other recurring members in snake_case: execute_after, end_date, a window, calendars", async () => {
    const container = await start({
      object_name: "VENDOR.JOB",
      execution_option: "recurring",
      recurring: {
        start_date: "2099-01-01",
        end_date: "2099-12-31",
        execute_after: "PT1H",
        between_start: "08:00",
        between_end: "09:00",
        adjust_start_time: "true",
        execute_calendar_match: "one",
        execute_calendar_list: [{ calendar: "CALE.VENDOR.2099", event: "ALL" }],
      },
    });
    const { status, recurring } = await execution(container, "?fields=recurring");
    expect(status).toBe(1550);
    expect(Date.parse(String(recurring?.["next_check"]))).toBe(Date.parse("2099-01-01T08:00:00Z"));
    expect(recurring).toMatchObject({
      start_date: "2099-01-01",
      end_date: "2099-12-31",
      execute_after: "PT1H",
      between_start: "08:00",
      between_end: "09:00",
      adjust_start_time: true,
      execute_calendar_match: "one",
      execute_calendar_list: [{ calendar: "CALE.VENDOR.2099", event: "ALL" }],
    });
    expect((await cancel(container)).status).toBe(200);
  });

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.3/Automic%20Automation%20Guides/Content/REST_API/AE_REST_API_GeneralInfo.htm:
  // "The Automation Engine does not check if a time zone object exists when executing an object.
  // The AE REST API does not check it either." Baton then uses UTC, the zone of a start without one.
  it.each(["TZ.NOT.IN.THIS.CLIENT", "Mars/Base"])("accepts a timezone %s that does not exist and uses UTC", async (timezone) => {
    const container = await start({ object_name: "VENDOR.JOB", execution_option: "recurring", timezone, recurring: { execute_at: "08:00" } });
    const { recurring } = await execution(container, "?fields=recurring");
    expect(new Date(String(recurring?.["next_check"])).toISOString().slice(11, 19)).toBe("08:00:00");
    expect((await cancel(container)).status).toBe(200);
    const once = await start({ object_name: "VENDOR.JOB", execution_option: "once", timezone, once: { execution_date_time: "2018-02-27T10:00:00Z" } });
    expect((await waitForEnd(test, 100, once)).status).toBe(1900);
  });

  it("gives a workflow task its prompt set's defaults, as a direct start does", async () => {
    const flow = await start({ object_name: "VENDOR.FLOW" });
    expect((await waitForEnd(test, 100, flow)).status).toBe(1900);
    const [task] = OutExecutionList.parse(await (await test.rest(`/100/executions/${flow}/children`)).json()).data;
    expect(task).toMatchObject({ name: "VENDOR.JOB", status: 1900 });
    expect(await reportText(test.rest, 100, task?.run_id ?? 0, "REP")).toBe("text=default text number=0\n");
  });

  it("does not start a workflow task whose required prompt input nothing gives, as a direct start would refuse it", async () => {
    const flow = await start({ object_name: "VENDOR.FLOW.NEEDS" });
    let task: OutExecution | undefined;
    await until(async () => {
      [task] = OutExecutionList.parse(await (await test.rest(`/100/executions/${flow}/children`)).json()).data;
      return task !== undefined;
    });
    expect(task).toMatchObject({ name: "VENDOR.NEEDS", status: 1820 });
    expect(await reportText(test.rest, 100, task?.run_id ?? 0, "ACT")).toContain("inputs.NEEDED#: is required");
    expect(await reportText(test.rest, 100, task?.run_id ?? 0, "REP")).toBe("");
    expect((await cancel(flow)).status).toBe(200);
  });

  it.each([
    ["execute", {}],
    ["once", { once: { execution_date_time: "2099-01-01T00:00:00Z" } }],
    ["recurring", { recurring: { execute_interval: "PT1S" } }],
  ])("refuses execution_option %s in a queue that does not exist with 400 naming it, and creates nothing", async (option, extra) => {
    const before = await executionCount();
    const response = await test.rest("/100/executions", json({ object_name: "VENDOR.JOB", execution_option: option, queue: "NO.SUCH.QUEUE", ...extra }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ code: ErrorCode.INVALID_REQUEST, path: "queue", error: expect.stringContaining("'NO.SUCH.QUEUE' does not exist"), invalid_value: "NO.SUCH.QUEUE" })]);
    expect(await executionCount()).toBe(before);
  });

  it("refuses as a queue an object that is not one, and takes CLIENT_QUEUE, which every client has", async () => {
    const response = await test.rest("/100/executions", json({ object_name: "VENDOR.JOB", queue: "VENDOR.FLOW" }));
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual([expect.objectContaining({ path: "queue", error: expect.stringContaining("not a queue") })]);
    const runId = await start({ object_name: "VENDOR.JOB", queue: "client_queue" });
    expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1900, queue: "CLIENT_QUEUE" });
  });
});
