import { OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "../testing/report-text";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";
import { workflow } from "../testing/workflow-envelope";

// The restart options of POST /{client_id}/executions/{run_id}/status as the vendor documents them
// (docs/decisions.md, "Restart options").
const EXECUTED_OBJECTS =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ManipulateExecutions.htm";

const PROMPT_SET = { data: { prpt: { general_attributes: { name: "PRPT.RESTART" }, prompt_elements: [{ name: "TEXT1#", type: "text", default: "default text" }, { name: "NUMBER1#", type: "number", default: "0" }] } }, path: "" };

/** A job that lists `promptSet`. */
function promptedJob(name: string, promptSet: string, lines: string[]) {
  const job = jobEnvelope(name, lines);
  return { ...job, data: { jobs: { ...job.data.jobs, prompt_set_list: [{ name: promptSet }] } } };
}

/** HH:MM:SS in UTC of an instant. */
function clockTime(ms: number): string {
  return new Date(ms).toISOString().slice(11, 19);
}

describe.each(testDialects)("restart options on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
    const envelopes = [
      PROMPT_SET,
      jobEnvelope("RESTART.STEPS", ["echo before", ":RESTART RP1, 'first step'", "echo one", ":RESTART RP2", "echo two", "echo three"]),
      promptedJob("RESTART.PROMPTED", "PRPT.RESTART", ["echo text=&TEXT1# number=&NUMBER1#"]),
      jobEnvelope("RESTART.A", ["echo a"]),
      jobEnvelope("RESTART.B", ["echo b"]),
      jobEnvelope("RESTART.C", ["echo c"]),
      workflow("RESTART.FLOW", [{ name: "RESTART.A" }, { name: "RESTART.B", after: [2] }, { name: "RESTART.C", after: [3] }], [4]),
      { data: { queue: { general_attributes: { name: "RESTART.QUEUE", type: "QUEUE" }, queue_attributes: { max_slots: "5" } } }, path: "" },
      { data: { scri: { general_attributes: { name: "RESTART.SCRIPT" }, scripts: [{ process: [":PRINT 'step-zero'", ":RESTART P1", ":PRINT 'step-one'", ":RESTART P2", ":PRINT 'step-two'"] }] } }, path: "" },
      jobEnvelope("LOGICAL.JOB", [":SET &LD# = SYS_LDATE()", ":SET &LT# = SYS_LTIME()", "echo &LD# &LT#"]),
      workflow("LOGICAL.FLOW", [{ name: "LOGICAL.JOB" }], [2]),
      jobEnvelope("CANCEL.SLEEP", ["sleep 30"]),
      workflow("CANCEL.FLOW", [{ name: "CANCEL.SLEEP" }], [2]),
    ];
    for (const envelope of envelopes) {
      const response = await test.rest("/100/objects", json(envelope));
      expect(response.status, await response.text()).toBe(200);
    }
  });
  afterAll(async () => {
    await test.stop();
  });

  async function start(objectName: string, inputs?: Record<string, string>): Promise<number> {
    const response = await test.rest("/100/executions", json({ object_name: objectName, ...(inputs && { inputs }) }));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }
  async function restart(runId: number, options: Record<string, unknown>): Promise<number> {
    const response = await test.rest(`/100/executions/${runId}/status`, json({ action: "restart", restart: options }));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }
  const execution = async (runId: number) => OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
  const children = async (runId: number) =>
    OutExecutionList.parse(await (await test.rest(`/100/executions/${runId}/children?max_results=100`)).json()).data.sort((a, b) => a.run_id - b.run_id);
  const executionCount = async () => OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1000&include_deactivated=true")).json()).total;

  /** A restart that must be refused: 400 naming `path`, and no execution made. */
  async function refused(runId: number, options: Record<string, unknown>, path: string): Promise<string> {
    const before = await executionCount();
    const response = await test.rest(`/100/executions/${runId}/status`, json({ action: "restart", restart: options }));
    const text = await response.text();
    expect(response.status, text).toBe(400);
    const issues = JSON.parse(text) as { path?: string; error?: string }[] | { path?: string; error?: string };
    const list = Array.isArray(issues) ? issues : [issues];
    expect(list.map((i) => i.path)).toContain(path);
    expect(await executionCount()).toBe(before);
    return list.map((i) => i.error ?? "").join(" ");
  }

  it(`answers a cancel with {}, non-recursive and recursive; a restart with the new RunID (${EXECUTED_OBJECTS})`, async () => {
    const cancel = async (runId: number, body: Record<string, unknown>) => {
      const response = await test.rest(`/100/executions/${runId}/status`, json(body));
      expect(response.status).toBe(200);
      return (await response.json()) as unknown;
    };
    const job = await start("CANCEL.SLEEP");
    await until(async () => (await execution(job)).status === 1550);
    expect(await cancel(job, { action: "cancel" })).toEqual({});
    expect((await waitForEnd(test, 100, job)).status).toBe(1850);

    const flow = await start("CANCEL.FLOW");
    await until(async () => (await children(flow)).some((task) => task.status === 1550));
    expect(await cancel(flow, { action: "cancel", cancel: { recursive: "true" } })).toEqual({});
    expect((await waitForEnd(test, 100, flow)).status).toBe(1851);
    const [task] = await children(flow);
    expect((await waitForEnd(test, 100, task?.run_id ?? 0)).status).toBe(1850);

    const restarted = await cancel(job, { action: "restart" });
    expect(restarted).toEqual({ run_id: expect.any(Number) });
    expect(restarted).not.toEqual({ run_id: job });
  });

  // EXECUTED_OBJECTS ("All Possible Parameters": restart_point "RP2") and
  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/12.0/AWA%2520Guides/Content/AE_AWA_Source/Script/ucaady.htm
  // (:RESTART, without :GENERATE: the lines up to the first :RESTART, then those after the restart point).
  it(`restarts a job from its restart point RP2: the agent runs only what comes after it (${EXECUTED_OBJECTS})`, async () => {
    const first = await start("RESTART.STEPS");
    expect((await waitForEnd(test, 100, first)).status).toBe(1900);
    expect(await reportText(test.rest, 100, first, "REP")).toBe("before\none\ntwo\nthree\n");
    expect(await reportText(test.rest, 100, first, "ACT")).toContain("first step");

    const restarted = await restart(first, { restart_point: "rp2" });
    expect(await waitForEnd(test, 100, restarted)).toMatchObject({ status: 1900, reference_run_id: first });
    expect(await reportText(test.rest, 100, restarted, "REP")).toBe("before\ntwo\nthree\n");
    expect(await reportText(test.rest, 100, restarted, "ACT")).toContain("Restart from restart point 'RP2'");

    // Without a restart point the whole page runs again.
    const whole = await restart(first, {});
    expect((await waitForEnd(test, 100, whole)).status).toBe(1900);
    expect(await reportText(test.rest, 100, whole, "REP")).toBe("before\none\ntwo\nthree\n");

    // A script's page restarts the same way.
    const script = await start("RESTART.SCRIPT");
    expect((await waitForEnd(test, 100, script)).status).toBe(1900);
    expect(await reportText(test.rest, 100, script, "ACT")).toMatch(/step-zero[\s\S]*step-one[\s\S]*step-two/);
    const again = await restart(script, { restart_point: "P2" });
    expect((await waitForEnd(test, 100, again)).status).toBe(1900);
    const act = await reportText(test.rest, 100, again, "ACT");
    expect(act).toMatch(/step-zero[\s\S]*step-two/);
    expect(act).not.toContain("step-one");
  });

  // EXECUTED_OBJECTS and https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/AWA/Executions/obj_ExecutingRestart.htm
  // (a restart begins at a position from which reprocessing starts): a workflow's restart point is a task's line.
  it(`restarts a workflow from line 3: lines before it are not run again and show 1922 (${EXECUTED_OBJECTS})`, async () => {
    const first = await start("RESTART.FLOW");
    expect((await waitForEnd(test, 100, first)).status).toBe(1900);
    expect((await children(first)).map((c) => [c.line_number, c.status])).toEqual([[2, 1900], [3, 1900], [4, 1900]]);

    const restarted = await restart(first, { restart_point: "3" });
    expect((await waitForEnd(test, 100, restarted)).status).toBe(1900);
    const tasks = await children(restarted);
    expect(tasks.map((c) => [c.line_number, c.name, c.status])).toEqual([[2, "RESTART.A", 1922], [3, "RESTART.B", 1900], [4, "RESTART.C", 1900]]);
    expect(await reportText(test.rest, 100, tasks[0]?.run_id ?? 0, "REP")).toBe("");
    expect(await reportText(test.rest, 100, tasks[1]?.run_id ?? 0, "REP")).toBe("b\n");
    expect(await reportText(test.rest, 100, restarted, "ACT")).toContain("Workflow restarted from line 3: line 2 not run again.");
  });

  // EXECUTED_OBJECTS (keep_start_type) and https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/12.0/ARA%20Guides/Content/AWA/Executions/obj_ExecutingRestart.htm
  // ("Keep start type": the task keeps its start type, else the restart is a start of its own).
  it(`keeps the original start type only with keep_start_type; else the restart's start type is API (${EXECUTED_OBJECTS})`, async () => {
    const flow = await start("RESTART.FLOW");
    expect((await waitForEnd(test, 100, flow)).status).toBe(1900);
    const task = (await children(flow)).find((c) => c.line_number === 2);
    expect(task?.activator_object_type).toBe("JOBP");

    const kept = await restart(task?.run_id ?? 0, { keep_start_type: "true" });
    expect(await waitForEnd(test, 100, kept)).toMatchObject({ status: 1900, activator_object_type: "JOBP", parent: flow, line_number: 2 });
    const own = await restart(task?.run_id ?? 0, { keep_start_type: false });
    expect(await waitForEnd(test, 100, own)).toMatchObject({ status: 1900, activator_object_type: "API" });
    const plain = await restart(task?.run_id ?? 0, {});
    expect((await execution(plain)).activator_object_type).toBe("API");
  });

  // EXECUTED_OBJECTS ("All Possible Parameters": inputs, PromptSet values, and queue FAST.QUEUE).
  it(`takes restart inputs as a start does: checked, defaults filling the rest, reaching the job (${EXECUTED_OBJECTS})`, async () => {
    const first = await start("RESTART.PROMPTED", { "TEXT1#": "first text", "NUMBER1#": "1" });
    expect((await waitForEnd(test, 100, first)).status).toBe(1900);
    const restarted = await restart(first, { queue: "RESTART.QUEUE", wait_for_manual_release: "false", inputs: { "TEXT1#": "restart text" } });
    expect(await waitForEnd(test, 100, restarted)).toMatchObject({ status: 1900, queue: "RESTART.QUEUE" });
    expect(await reportText(test.rest, 100, restarted, "REP")).toBe("text=restart text number=0\n");

    await refused(first, { inputs: { "NUMBER1#": "not a number" } }, "restart.inputs.NUMBER1#");
    await refused(first, { inputs: { "OTHER#": "x" } }, "restart.inputs.OTHER#");
  });

  // EXECUTED_OBJECTS ("All Possible Parameters": queue) and https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/12.0/AWA%2520Guides/Content/AE_AWA_Source/Script/ucaady.htm
  it(`refuses an unknown queue or restart point with 400 naming it, creating nothing (${EXECUTED_OBJECTS})`, async () => {
    const job = await start("RESTART.STEPS");
    expect((await waitForEnd(test, 100, job)).status).toBe(1900);
    expect(await refused(job, { queue: "NO.SUCH.QUEUE" }, "restart.queue")).toContain("NO.SUCH.QUEUE");
    expect(await refused(job, { queue: "RESTART.A" }, "restart.queue")).toContain("not a queue");
    expect(await refused(job, { restart_point: "RP9" }, "restart.restart_point")).toContain("RP1, RP2");

    const plain = await start("RESTART.A");
    expect((await waitForEnd(test, 100, plain)).status).toBe(1900);
    expect(await refused(plain, { restart_point: "RP1" }, "restart.restart_point")).toContain("no :RESTART point");

    const flow = await start("RESTART.FLOW");
    expect((await waitForEnd(test, 100, flow)).status).toBe(1900);
    for (const point of ["9", "1", "5", "RP1"]) await refused(flow, { restart_point: point }, "restart.restart_point");
  });

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecuteObjects.htm
  // (a start without inputs runs with the PromptSet's defaults): a schedule passes none, so its task runs with the defaults.
  it("runs a schedule's task with its prompt set's defaults, as a workflow's task and a start without inputs do", async () => {
    const at = Date.now() + 2000;
    const schedule = {
      data: {
        jsch: {
          general_attributes: { name: "RESTART.SCHED" },
          schedule_attributes: { timezone: "UTC" },
          schedule_definitions: [
            { line_number: "1", object_name: "RESTART.PROMPTED", start_time: clockTime(at) },
            { line_number: "2", object_name: "LOGICAL.JOB", start_time: clockTime(at) },
          ],
        },
      },
      path: "",
    };
    expect((await test.rest("/100/objects", json(schedule))).status).toBe(200);
    const runId = await start("RESTART.SCHED");
    const ranOn = async (line: number) => (await children(runId)).find((c) => c.line_number === line && c.status === 1900);
    await until(async () => (await ranOn(1)) !== undefined && (await ranOn(2)) !== undefined, 20_000);
    expect(await reportText(test.rest, 100, (await ranOn(1))?.run_id ?? 0, "REP")).toBe("text=default text number=0\n");
    // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/12.0/AWA%2520Guides/Content/AE_AWA_Source/Administration/ucabnw.htm:
    // a schedule task's logical date is the time it was scheduled for.
    const planned = new Date(Math.floor(at / 1000) * 1000).toISOString();
    expect(await reportText(test.rest, 100, (await ranOn(2))?.run_id ?? 0, "REP")).toBe(`${planned.slice(0, 10)} ${planned.slice(11, 19)}\n`);
    await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel", cancel: { recursive: true } }));
  });

  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_ExecuteObjects.htm ("Once": use_logical_time),
  // https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/Script/Reference/SYS_LDATE.htm and
  // https://docs.automic.com/documentation/webhelp/english/AA/12.3/DOCU/12.3/Automic%2520Automation%2520Guides/Content/AWA/Executions/Exec_LogicalRealDate.htm
  // (workflow tasks inherit the top workflow's logical date; restarts use the reference execution's).
  it("runs a once start with use_logical_time on that logical date: SYS_LDATE/SYS_LTIME, its workflow's tasks, its restarts", async () => {
    const once = async (objectName: string) => {
      const response = await test.rest("/100/executions", json({ object_name: objectName, execution_option: "once", once: { use_logical_time: "2018-05-03T10:30:00Z" } }));
      expect(response.status, await response.clone().text()).toBe(200);
      return OutRunId.parse(await response.json()).run_id;
    };
    const job = await once("LOGICAL.JOB");
    expect((await waitForEnd(test, 100, job)).status).toBe(1900);
    expect(await reportText(test.rest, 100, job, "REP")).toBe("2018-05-03 10:30:00\n");

    const flow = await once("LOGICAL.FLOW");
    expect((await waitForEnd(test, 100, flow)).status).toBe(1900);
    const [task] = await children(flow);
    expect(await reportText(test.rest, 100, task?.run_id ?? 0, "REP")).toBe("2018-05-03 10:30:00\n");

    const restarted = await restart(job, {});
    expect((await waitForEnd(test, 100, restarted)).status).toBe(1900);
    expect(await reportText(test.rest, 100, restarted, "REP")).toBe("2018-05-03 10:30:00\n");

    // Without use_logical_time the logical date is the activation time; a restart keeps the original's.
    const plain = await start("LOGICAL.JOB");
    const original = await waitForEnd(test, 100, plain);
    const activated = new Date(Date.parse(original.activation_time)).toISOString();
    expect(await reportText(test.rest, 100, plain, "REP")).toMatch(new RegExp(`^${activated.slice(0, 10)} \\d\\d:\\d\\d:\\d\\d\\n$`));
    const again = await restart(plain, {});
    expect((await waitForEnd(test, 100, again)).status).toBe(1900);
    expect(await reportText(test.rest, 100, again, "REP")).toBe(`${activated.slice(0, 10)} ${activated.slice(11, 19)}\n`);
  });
});
