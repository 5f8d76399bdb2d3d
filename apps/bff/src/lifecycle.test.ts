import type { ChildProcess } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Status, type OutExecution } from "@baton/contract";
import { openStore } from "@baton/engine";
import { afterEach, describe, expect, it } from "vitest";
import { adminGet, reportText } from "./testing/report-text";
import { call, exited, startProcess, waitForStatus } from "./testing/baton-process";
import { jobEnvelope, until } from "./testing/test-baton";

describe("process lifecycle", () => {
  const dirs: string[] = [];
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill("SIGKILL");
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  function dataDir(): string {
    const dir = mkdtempSync(join(tmpdir(), "baton-life-"));
    dirs.push(dir);
    return dir;
  }

  it("prints the URLs and a generated password once, and keeps data across a restart", async () => {
    const dir = dataDir();
    const first = await startProcess(dir, { BATON_ADMIN_PASSWORD: "" });
    children.push(first.child);
    const password = /Password: (\S+)\s+<- generated/.exec(first.output())?.[1];
    expect(password).toMatch(/^[\w-]{20,}$/);
    expect(first.output()).toContain("Console:  http://127.0.0.1:");
    const auth = `Basic ${Buffer.from(`ADMIN/ADMIN:${password}`).toString("base64")}`;
    expect((await fetch(`${first.rest}/100/executions`, { headers: { authorization: auth } })).status).toBe(200);
    first.child.kill("SIGINT");
    expect(await exited(first.child)).toBe(0);

    const second = await startProcess(dir, { BATON_ADMIN_PASSWORD: "" });
    children.push(second.child);
    expect(second.output()).not.toMatch(/<- generated/);
    expect((await fetch(`${second.rest}/0/executions`, { headers: { authorization: auth } })).status).toBe(200);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("after a crash, records a job that was running as ENDED_LOST and never runs it again", async () => {
    const dir = dataDir();
    const first = await startProcess(dir);
    children.push(first.child);
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.CRASH", ["echo started", "sleep 30"]));
    const { run_id: runId } = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.CRASH", executionOption: "execute" });
    await waitForStatus(first.rest, runId, (s) => s === 1550);
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await startProcess(dir);
    children.push(second.child);
    const execution = await call<OutExecution>(second.rest, `/100/executions/${runId}`);
    expect(execution).toMatchObject({ status: 1815, status_text: "ENDED_LOST - ended undefined (host terminated prematurely)" });
    const act = await reportText(adminGet(second.rest), 100, runId, "ACT");
    expect(act).toContain("The engine stopped while this execution was active");
    const list = await call<{ total: number }>(second.rest, "/100/executions?name=LIFE.CRASH");
    expect(list.total).toBe(1);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("after a crash, starts a once execution at its time, exactly once", async () => {
    const dir = dataDir();
    const first = await startProcess(dir);
    children.push(first.child);
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.ONCE", ["echo once"]));
    const due = Date.now() + 4000;
    const { run_id: runId } = await call<{ run_id: number }>(first.rest, "/100/executions", {
      objectName: "LIFE.ONCE",
      executionOption: "once",
      once: { executionDateTime: new Date(due).toISOString() },
    });
    expect(await call<OutExecution>(first.rest, `/100/executions/${runId}`)).toMatchObject({ status: 1698 });
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await startProcess(dir);
    children.push(second.child);
    const ended = await waitForStatus(second.rest, runId, (s) => s >= 1800);
    expect(ended.status).toBe(1900);
    // start_time is written to the second: it is not before the second the execution was due in.
    expect(Date.parse(ended.start_time ?? "")).toBeGreaterThanOrEqual(due - (due % 1000));
    expect((await call<{ total: number }>(second.rest, "/100/executions?name=LIFE.ONCE")).total).toBe(1);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("after a crash, a workflow goes on from its tasks: the lost task blocks it until restarted", async () => {
    const dir = dataDir();
    const first = await startProcess(dir);
    children.push(first.child);
    const marker = join(dir, "crashed-once");
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.STEP", [`if [ -f ${marker} ]; then echo again; else touch ${marker}; sleep 30; fi`]));
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.NEXT", ["echo next"]));
    await call(first.rest, "/100/objects", {
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
    const { run_id: flow } = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.FLOW", executionOption: "execute" });
    const taskOf = async (rest: string) => (await call<{ data: OutExecution[] }>(rest, `/100/executions/${flow}/children`)).data;
    const deadline = Date.now() + 10_000;
    while ((await taskOf(first.rest))[0]?.status !== 1550 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await startProcess(dir);
    children.push(second.child);
    await waitForStatus(second.rest, flow, (s) => s === 1560);
    const [lost] = await taskOf(second.rest);
    expect(lost).toMatchObject({ name: "LIFE.STEP", status: 1815 });
    await call(second.rest, `/100/executions/${lost?.run_id}/status`, { action: "restart" });
    expect(await waitForStatus(second.rest, flow, (s) => s >= 1800)).toMatchObject({ status: 1900 });
    expect((await taskOf(second.rest)).map((t) => [t.name, t.status])).toEqual([
      ["LIFE.NEXT", 1900],
      ["LIFE.STEP", 1900],
      ["LIFE.STEP", 1815],
    ]);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("after a crash, schedules and recurring executions keep their plans and run each activation once", async () => {
    const dir = dataDir();
    const first = await startProcess(dir);
    children.push(first.child);
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.TICK", ["echo tick"]));
    const at = new Date(Date.now() + 4000).toISOString().slice(11, 19);
    await call(first.rest, "/100/objects", {
      data: { jsch: { general_attributes: { name: "LIFE.DAILY" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "LIFE.TICK", start_time: at }] } },
      path: "",
    });
    const { run_id: schedule } = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.DAILY", executionOption: "execute" });
    const { run_id: recurring } = await call<{ run_id: number }>(first.rest, "/100/executions", {
      objectName: "LIFE.TICK",
      executionOption: "recurring",
      recurring: { executeInterval: "PT2S", endAfterExecutions: 3 },
    });
    const kids = async (rest: string, parent: number) => (await call<{ data: OutExecution[] }>(rest, `/100/executions/${parent}/children?max_results=100`)).data;
    while ((await kids(first.rest, schedule)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await startProcess(dir);
    children.push(second.child);
    expect(await waitForStatus(second.rest, recurring, (s) => s >= 1800)).toMatchObject({ status: 1900 });
    // Three activations in all: one running at the crash may have ended 1815, none ran twice.
    const activations = await kids(second.rest, recurring);
    expect(activations).toHaveLength(3);
    expect(activations.every((a) => a.status === 1900 || a.status === 1815)).toBe(true);
    const deadline = Date.now() + 15_000;
    while ((await kids(second.rest, schedule)).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const slots = (await kids(second.rest, schedule)).sort((a, b) => a.run_id - b.run_id);
    expect(slots.map((s) => s.status)).toEqual([1900, 1698]);
    expect(await call<OutExecution>(second.rest, `/100/executions/${schedule}`)).toMatchObject({ status: 1550 });
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("after a crash between taking a slot and planning the next, schedules and recurring executions still plan it, each activation once", async () => {
    const dir = dataDir();
    const ran = join(dir, "ran.log");
    const first = await startProcess(dir);
    children.push(first.child);
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.SLOT", [`echo "$BATON_RUN_ID" >> ${ran}`]));
    await call(first.rest, "/100/objects", {
      data: { jsch: { general_attributes: { name: "LIFE.LATER" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [{ line_number: "1", object_name: "LIFE.SLOT", start_time: new Date(Date.now() + 3_600_000).toISOString().slice(11, 19) }] } },
      path: "",
    });
    const { run_id: schedule } = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.LATER", executionOption: "execute" });
    const { run_id: recurring } = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.SLOT", executionOption: "recurring", recurring: { executeInterval: "PT1H", endAfterExecutions: 2 } });
    const kids = async (rest: string, parent: number) => (await call<{ data: OutExecution[] }>(rest, `/100/executions/${parent}/children?max_results=100`)).data.sort((a, b) => a.run_id - b.run_id);
    // The first activation runs at once, the second is planned an hour later.
    await until(async () => (await kids(first.rest, recurring)).map((k) => k.status).join() === "1900,1698" && (await kids(first.rest, schedule)).length === 1);
    first.child.kill("SIGKILL");
    await exited(first.child);
    // As if the engine had taken both waiting slots when due and died before planning the next ones.
    const store = await openStore({ dataDir: dir });
    await store.db.updateTable("executions").set({ status: Status.PREPARING }).where("status", "=", Status.WAITING_FOR_START_TIME).execute();
    await store.db.destroy();

    const second = await startProcess(dir);
    children.push(second.child);
    // The recurring execution makes its second activation and ends: two in all, each counted once.
    expect((await waitForStatus(second.rest, recurring, (s) => s >= 1800)).status).toBe(1900);
    expect((await kids(second.rest, recurring)).map((k) => k.status)).toEqual([1900, 1900]);
    // The schedule's slot runs and the task's next one is planned, once.
    await until(async () => (await kids(second.rest, schedule)).map((k) => k.status).join() === "1900,1698");
    const lines = readFileSync(ran, "utf8").trim().split("\n");
    expect(new Set(lines).size).toBe(lines.length);
    expect(lines).toHaveLength(3);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("after downtime, a schedule with catch_up skip ends the missed slot 1941 and plans the next day", async () => {
    const dir = dataDir();
    const first = await startProcess(dir);
    children.push(first.child);
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.MISSED", ["echo never"]));
    const due = Date.now() + 2500;
    await call(first.rest, "/100/objects", {
      data: {
        jsch: {
          general_attributes: { name: "LIFE.SKIPPING" },
          schedule_attributes: { timezone: "UTC", catch_up: "skip", catch_up_tolerance_seconds: "1" },
          schedule_definitions: [{ line_number: "1", object_name: "LIFE.MISSED", start_time: new Date(due).toISOString().slice(11, 19) }],
        },
      },
      path: "",
    });
    const { run_id: schedule } = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.SKIPPING", executionOption: "execute" });
    const slots = async (rest: string) => (await call<{ data: OutExecution[] }>(rest, `/100/executions/${schedule}/children`)).data.sort((a, b) => a.run_id - b.run_id);
    while ((await slots(first.rest)).length === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill("SIGKILL");
    await exited(first.child);
    // Down past the start time and its tolerance.
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due + 2000 - Date.now())));

    const second = await startProcess(dir);
    children.push(second.child);
    const deadline = Date.now() + 10_000;
    while ((await slots(second.rest)).length < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const [missed, next] = await slots(second.rest);
    expect(missed).toMatchObject({ status: 1941, status_text: "ENDED_TIMEOUT - start time exceeded" });
    expect(next).toMatchObject({ status: 1698 });
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("after a crash, a file event goes on checking: a file that fired does not fire again, a new one does", async () => {
    const dir = dataDir();
    const watched = mkdtempSync(join(dir, "watched-"));
    writeFileSync(join(watched, "one.csv"), "1");
    const first = await startProcess(dir);
    children.push(first.child);
    await call(first.rest, "/100/objects", {
      data: {
        evnt: {
          general_attributes: { name: "LIFE.FILES" },
          event_attributes: { event_type: "FILE", agent: "LOCAL", file_path: join(watched, "*.csv"), interval_seconds: "1", max_hits: "2" },
          scripts: [{ process: [':PRINT "got &EVENT_FILE#"'] }],
        },
      },
      path: "",
    });
    const { run_id: runId } = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.FILES", executionOption: "execute" });
    const act = (rest: string) => reportText(adminGet(rest), 100, runId, "ACT");
    while (!(await act(first.rest)).includes("hit 1")) await new Promise((resolve) => setTimeout(resolve, 100));
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await startProcess(dir);
    children.push(second.child);
    // Checks resume; a second hit for one.csv would end the event.
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await call<OutExecution>(second.rest, `/100/executions/${runId}`)).toMatchObject({ status: 1550 });
    writeFileSync(join(watched, "two.csv"), "2");
    await waitForStatus(second.rest, runId, (s) => s === 1900);
    const text = await act(second.rest);
    expect(text.match(/got /g)).toHaveLength(2);
    expect(text).toContain(`got ${join(watched, "two.csv")}`);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("after a crash, the job of an agent group in mode X ends from the jobs on its agents, which were lost", async () => {
    const dir = dataDir();
    const first = await startProcess(dir);
    children.push(first.child);
    await call(first.rest, "/100/objects", { data: { hostg: { general_attributes: { name: "LIFE.GROUP" }, agent_group_attributes: { platform: "UNIX", mode: "X" }, agent_group_filters: [{ type: "H", agent: "LOCAL" }] } }, path: "" });
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.ONALL", ["sleep 60"], { job_attributes: { platform: "UNIX", agent: "LIFE.GROUP", unix_shell: "sh" } }));
    const { run_id: runId } = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.ONALL", executionOption: "execute" });
    const members = async (rest: string) => (await call<{ data: OutExecution[] }>(rest, `/100/executions/${runId}/children`)).data;
    while ((await members(first.rest))[0]?.status !== 1550) await new Promise((resolve) => setTimeout(resolve, 50));
    first.child.kill("SIGKILL");
    await exited(first.child);

    const second = await startProcess(dir);
    children.push(second.child);
    expect(await waitForStatus(second.rest, runId, (s) => s >= 1800)).toMatchObject({ status: 1800 });
    expect((await members(second.rest)).map((m) => m.status)).toEqual([1815]);
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });

  it("on Ctrl-C lets a short job finish and records a long one as lost, then exits cleanly", async () => {
    const dir = dataDir();
    const first = await startProcess(dir, { BATON_SHUTDOWN_GRACE_MS: "1500" });
    children.push(first.child);
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.SHORT", ["sleep 0.5", "echo short-done"]));
    await call(first.rest, "/100/objects", jobEnvelope("LIFE.LONG", ["sleep 60"]));
    const short = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.SHORT", executionOption: "execute" });
    const long = await call<{ run_id: number }>(first.rest, "/100/executions", { objectName: "LIFE.LONG", executionOption: "execute" });
    await waitForStatus(first.rest, short.run_id, (s) => s >= 1550);
    await waitForStatus(first.rest, long.run_id, (s) => s === 1550);
    first.child.kill("SIGINT");
    expect(await exited(first.child)).toBe(0);

    const second = await startProcess(dir);
    children.push(second.child);
    expect(await call<OutExecution>(second.rest, `/100/executions/${short.run_id}`)).toMatchObject({ status: 1900 });
    expect(await call<OutExecution>(second.rest, `/100/executions/${long.run_id}`)).toMatchObject({ status: 1815 });
    second.child.kill("SIGINT");
    expect(await exited(second.child)).toBe(0);
  });
});
