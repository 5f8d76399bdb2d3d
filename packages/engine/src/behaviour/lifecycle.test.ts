import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InChangeExecutionStatusBody, InExecutionBody, Status, statusText } from "@baton/contract";
import { afterEach, describe, expect, it } from "vitest";
import { openStore } from "../store/connect";
import { jobEnvelope } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { OffsetClock, startTestEngine, until, type TestEngine } from "../testing/test-engine";

/**
 * What an engine finds after a crash of its process. The crash is an engine abandoned in this
 * process (TestEngine.crash: its database connection and its jobs gone, no shutdown run) and
 * another started on the same database, as the same node, as a restarted process is.
 */
describe.each(testDialects)("after a crash, on %s", (dialect) => {
  let test: TestEngine;
  let clock: OffsetClock;
  let dir: string;
  const start = async () => {
    clock = new OffsetClock();
    dir = mkdtempSync(join(tmpdir(), "baton-life-"));
    test = await startTestEngine(dialect, { clock, engine: { node: { id: "LIFE" } } });
  };
  afterEach(async () => {
    await test.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Activates as a client asks: the body read by the contract's schema, as the REST API reads it. */
  const activate = async (body: Record<string, unknown>) => (await test.engine.executions.activate(test.admin, InExecutionBody.parse(body))).runId;
  const get = (runId: number) => test.engine.executions.get(test.admin, runId);
  const named = async (name: string) => (await test.engine.executions.list(test.admin, { name }, { maxResults: 50 })).total;
  /** The children of an execution newest first, as the interface lists them. */
  const newestFirst = async (runId: number) => (await test.engine.executions.children(test.admin, runId, { maxResults: 100 })).executions;

  it("records a job that was running as ENDED_LOST and never runs it again", async () => {
    await start();
    await test.importObjects(jobEnvelope("LIFE.CRASH", ["echo started", "sleep 30"]));
    const runId = await test.start("LIFE.CRASH");
    await test.waitForStatus(runId, 1550);
    test = await test.crash();

    const execution = await get(runId);
    expect(execution).toMatchObject({ status: 1815 });
    expect(statusText(execution.status)).toBe("ENDED_LOST - ended undefined (host terminated prematurely)");
    expect(await test.reportText(runId, "ACT")).toContain("The engine stopped while this execution was active");
    expect(await named("LIFE.CRASH")).toBe(1);
  });

  it("starts a once execution at its time, exactly once", async () => {
    await start();
    await test.importObjects(jobEnvelope("LIFE.ONCE", ["echo once"]));
    const due = clock.now() + 2000;
    const runId = await activate({ objectName: "LIFE.ONCE", executionOption: "once", once: { executionDateTime: new Date(due).toISOString() } });
    expect(await get(runId)).toMatchObject({ status: 1698 });
    test = await test.crash();

    const ended = await test.waitForEnd(runId);
    expect(ended.status).toBe(1900);
    // The interface writes start_time to the second: it is not before the second the execution was due in.
    expect(ended.startTime).toBeGreaterThanOrEqual(due - (due % 1000));
    expect(await named("LIFE.ONCE")).toBe(1);
  });

  it("a workflow goes on from its tasks: the lost task blocks it until restarted", async () => {
    await start();
    const marker = join(dir, "crashed-once");
    await test.importObjects(jobEnvelope("LIFE.STEP", [`if [ -f ${marker} ]; then echo again; else touch ${marker}; sleep 30; fi`]), jobEnvelope("LIFE.NEXT", ["echo next"]), {
      data: {
        jobp: {
          general_attributes: { name: "LIFE.FLOW" },
          workflow_definitions: [
            { line_number: "1", object_name: "START", object_type: "<START>" },
            { line_number: "2", object_name: "LIFE.STEP", object_type: "JOBS" },
            { line_number: "3", object_name: "LIFE.NEXT", object_type: "JOBS" },
            { line_number: "4", object_name: "END", object_type: "<END>" },
          ],
          line_conditions: [
            { workflow_line_number: "2", predecessor_line_number: "1" },
            { workflow_line_number: "3", predecessor_line_number: "2" },
            { workflow_line_number: "4", predecessor_line_number: "3" },
          ],
        },
      },
      path: "",
    });
    const flow = await test.start("LIFE.FLOW");
    // Crashed once the task's first run is under way (its marker written).
    const step = async () => (await newestFirst(flow)).find((t) => t.name === "LIFE.STEP");
    await until(async () => (await step())?.status === 1550 && existsSync(marker), 10_000);
    test = await test.crash();

    await test.waitForStatus(flow, 1560);
    const lost = await step();
    expect(lost).toMatchObject({ name: "LIFE.STEP", status: 1815 });
    // The task after it, activated with the workflow, still waits for it.
    expect((await newestFirst(flow)).find((t) => t.name === "LIFE.NEXT")).toMatchObject({ status: 1700, startTime: null });
    await test.engine.executions.changeStatus(test.admin, lost?.runId ?? 0, InChangeExecutionStatusBody.parse({ action: "restart" }));
    expect(await test.waitForEnd(flow)).toMatchObject({ status: 1900 });
    expect((await newestFirst(flow)).map((t) => [t.name, t.status])).toEqual([
      ["LIFE.STEP", 1900],
      ["LIFE.NEXT", 1900],
      ["LIFE.STEP", 1815],
    ]);
  });

  it("schedules and recurring executions keep their plans and run each activation once", async () => {
    await start();
    await test.importObjects(jobEnvelope("LIFE.TICK", ["echo tick"]), {
      data: { jsch: { general_attributes: { name: "LIFE.DAILY" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "LIFE.TICK", start_time: new Date(clock.now() + 4000).toISOString().slice(11, 19) }] } },
      path: "",
    });
    const schedule = await test.start("LIFE.DAILY");
    const recurring = await activate({ objectName: "LIFE.TICK", executionOption: "recurring", recurring: { executeInterval: "PT2S", endAfterExecutions: 3 } });
    await until(async () => (await test.children(schedule)).length > 0);
    test = await test.crash();

    expect(await test.waitForEnd(recurring)).toMatchObject({ status: 1900 });
    // Three activations in all: one running at the crash may have ended 1815, none ran twice.
    const activations = await test.children(recurring);
    expect(activations).toHaveLength(3);
    expect(activations.every((a) => a.status === 1900 || a.status === 1815)).toBe(true);
    await until(async () => {
      const slots = await test.children(schedule);
      return slots.length >= 2 && (slots[0]?.status ?? 0) >= 1800;
    }).catch(() => undefined);
    expect((await test.children(schedule)).map((s) => s.status)).toEqual([1900, 1698]);
    expect(await get(schedule)).toMatchObject({ status: 1550 });
  });

  it("between taking a slot and planning the next, schedules and recurring executions still plan it, each activation once", async () => {
    await start();
    const ran = join(dir, "ran.log");
    await test.importObjects(jobEnvelope("LIFE.SLOT", [`echo "$BATON_RUN_ID" >> ${ran}`]), {
      data: { jsch: { general_attributes: { name: "LIFE.LATER" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "LIFE.SLOT", start_time: new Date(clock.now() + 3_600_000).toISOString().slice(11, 19) }] } },
      path: "",
    });
    const schedule = await test.start("LIFE.LATER");
    const recurring = await activate({ objectName: "LIFE.SLOT", executionOption: "recurring", recurring: { executeInterval: "PT1H", endAfterExecutions: 2 } });
    const statuses = async (parent: number) => (await test.children(parent)).map((k) => k.status).join();
    // The first activation runs at once, the second is planned an hour later.
    await until(async () => (await statuses(recurring)) === "1900,1698" && (await test.children(schedule)).length === 1);
    // As if the engine had taken both waiting slots when due and died before planning the next ones.
    test = await test.crash(async () => {
      const store = await openStore({ databaseUrl: test.database.databaseUrl, dataDir: test.database.dataDir });
      await store.db.updateTable("executions").set({ status: Status.PREPARING }).where("status", "=", Status.WAITING_FOR_START_TIME).execute();
      await store.close();
    });

    // The recurring execution makes its second activation and ends: two in all, each counted once.
    expect((await test.waitForEnd(recurring)).status).toBe(1900);
    expect(await statuses(recurring)).toBe("1900,1900");
    // The schedule's slot runs and the task's next one is planned, once.
    await until(async () => (await statuses(schedule)) === "1900,1698");
    const lines = readFileSync(ran, "utf8").trim().split("\n");
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toHaveLength(3);
  });

  it("a recurring rule accepted under earlier bounds goes on as accepted after a restart", async () => {
    await start();
    await test.importObjects(jobEnvelope("LIFE.MONTHLY", ["echo tick"]));
    const recurring = await activate({ objectName: "LIFE.MONTHLY", executionOption: "recurring", recurring: { executeInterval: "PT1H", endAfterExecutions: 2 } });
    const statuses = async () => (await test.children(recurring)).map((k) => k.status).join();
    await until(async () => (await statuses()) === "1900,1698");
    // An interval of 30 days, beyond today's 504 hours, as an earlier version accepted it; an hour passes while no engine runs.
    test = await test.crash(async () => {
      const store = await openStore({ databaseUrl: test.database.databaseUrl, dataDir: test.database.dataDir });
      const earlier = { executeInterval: "P30D", endAfterExecutions: 2, timezone: "UTC", objectType: "JOBS" };
      await store.db.updateTable("executions").set({ recurring: JSON.stringify(earlier) }).where("run_id", "=", recurring).execute();
      await store.close();
      clock.advance(3_600_000);
    });

    expect((await test.waitForEnd(recurring)).status).toBe(1900);
    expect(await statuses()).toBe("1900,1900");
  });

  it("after downtime, a schedule with catch_up skip ends the missed slot 1941 and plans the next day", async () => {
    await start();
    const due = clock.now() + 2500;
    await test.importObjects(jobEnvelope("LIFE.MISSED", ["echo never"]), {
      data: {
        jsch: {
          general_attributes: { name: "LIFE.SKIPPING" },
          schedule_attributes: { timezone: "UTC", catch_up: "skip", catch_up_tolerance_seconds: "1" },
          schedule_definitions: [{ line_number: "1", object_name: "LIFE.MISSED", start_time: new Date(due).toISOString().slice(11, 19) }],
        },
      },
      path: "",
    });
    const schedule = await test.start("LIFE.SKIPPING");
    await until(async () => (await test.children(schedule)).length > 0);
    // Down past the start time and its tolerance: time moves on while no engine runs.
    test = await test.crash(async () => clock.advance(Math.max(0, due + 2000 - clock.now())));

    // The next day's slot is planned and the missed one ended (in either order).
    await until(async () => {
      const slots = await test.children(schedule);
      return slots.length >= 2 && (slots[0]?.status ?? 0) >= 1800;
    }, 10_000).catch(() => undefined);
    const [missed, next] = await test.children(schedule);
    expect(missed).toMatchObject({ status: 1941 });
    expect(statusText(missed?.status ?? 0)).toBe("ENDED_TIMEOUT - start time exceeded");
    expect(next).toMatchObject({ status: 1698 });
  });

  it("a file event goes on checking: a file that fired does not fire again, a new one does", async () => {
    await start();
    const watched = mkdtempSync(join(dir, "watched-"));
    writeFileSync(join(watched, "one.csv"), "1");
    await test.importObjects({
      data: {
        evnt: {
          general_attributes: { name: "LIFE.FILES" },
          event_attributes: { event_type: "FILE", agent: "LOCAL", file_path: join(watched, "*.csv"), interval_seconds: "1", max_hits: "2" },
          scripts: [{ process: [':PRINT "got &EVENT_FILE#"'] }],
        },
      },
      path: "",
    });
    const runId = await test.start("LIFE.FILES");
    await until(async () => (await test.reportText(runId, "ACT")).includes("hit 1"));
    test = await test.crash();

    // Checks resume; a second hit for one.csv would end the event.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await get(runId)).toMatchObject({ status: 1550 });
    writeFileSync(join(watched, "two.csv"), "2");
    await test.waitForStatus(runId, 1900);
    const text = await test.reportText(runId, "ACT");
    expect(text.match(/got /g)).toHaveLength(2);
    expect(text).toContain(`got ${join(watched, "two.csv")}`);
  });

  it("the job of an agent group in mode X ends from the jobs on its agents, which were lost", async () => {
    await start();
    await test.importObjects(
      { data: { hostg: { general_attributes: { name: "LIFE.GROUP" }, agent_group_attributes: { platform: "UNIX", mode: "X" }, agent_group_filters: [{ type: "H", agent: "LOCAL" }] } }, path: "" },
      jobEnvelope("LIFE.ONALL", ["sleep 60"], { job_attributes: { platform: "UNIX", agent: "LIFE.GROUP", unix_shell: "sh" } }),
    );
    const runId = await test.start("LIFE.ONALL");
    await until(async () => (await test.children(runId))[0]?.status === 1550);
    test = await test.crash();

    expect(await test.waitForEnd(runId)).toMatchObject({ status: 1800 });
    expect((await test.children(runId)).map((m) => m.status)).toEqual([1815]);
  });
});
