import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutExecution, OutExecutionList, OutHealthCheck, OutRunId } from "@baton/contract";
import { createTestDatabase, testDialects, type TestDatabase } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, exited, startProcess, waitForStatus, type Process } from "./testing/baton-process";
import { jobEnvelope, until } from "./testing/test-baton";
import { workflow } from "./testing/workflow-envelope";

const NODE_ENV = {
  BATON_HEARTBEAT_MS: "200",
  BATON_LEASE_MS: "1000",
  BATON_SESSION_KEY: "cluster-session-key-0123456789",
  BATON_AGENT_TOKEN: "cluster-agent-token-0123456789",
  BATON_CALLBACK_ALLOW: "127.0.0.0/8",
};

// The nodes' jobs append their RunIDs to one file: a RunID twice would be a job run twice.
describe.runIf(testDialects.includes("postgres"))("failover and restarts of nodes on one PostgreSQL database", () => {
  let database: TestDatabase;
  let dir: string;
  let ticks: string;
  let receiver: Server;
  let callbackUrl: string;
  const callbacks: number[] = [];
  const nodes = new Map<string, Process>();

  async function node(id: string): Promise<Process> {
    const started = await startProcess(join(dir, id), { DATABASE_URL: database.databaseUrl ?? "", BATON_NODE_ID: id, ...NODE_ENV });
    nodes.set(id, started);
    return started;
  }
  async function kill(id: string): Promise<void> {
    const started = nodes.get(id);
    started?.child.kill("SIGKILL");
    if (started) await exited(started.child);
    nodes.delete(id);
  }
  const health = async (rest: string) => OutHealthCheck.safeParse(await call(rest, "/100/system/health?details=true")).data;
  const leaderSeenBy = async (rest: string) => (await health(rest))?.pwp.available?.[0]?.name;
  const children = async (rest: string, parent: number) => OutExecutionList.parse(await call(rest, `/100/executions/${parent}/children?max_results=200`)).data;
  const ticked = () => readFileSync(ticks, "utf8").trim().split("\n").filter((line) => line !== "").map(Number);
  const start = async (rest: string, body: Record<string, unknown>) => OutRunId.parse(await call(rest, "/100/executions", body)).run_id;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    dir = mkdtempSync(join(tmpdir(), "baton-failover-"));
    ticks = join(dir, "ticks.log");
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        callbacks.push(OutExecution.pick({ run_id: true }).parse((JSON.parse(body) as { execution: unknown }).execution).run_id);
        res.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    callbackUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
  });

  afterAll(async () => {
    for (const id of [...nodes.keys()]) await kill(id);
    await new Promise((resolve) => receiver.close(resolve));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("kill -9 of the leader: another node leads, schedules fire once per slot, workflows finish, callbacks arrive once", async () => {
    const a = await node("FAIL-A");
    await until(async () => (await leaderSeenBy(a.rest)) === "FAIL-A");
    const b = await node("FAIL-B");
    const c = await node("FAIL-C");
    await call(a.rest, "/100/objects", jobEnvelope("FAIL.TICK", [`echo "$BATON_RUN_ID" >> ${ticks}`]));
    await call(a.rest, "/100/objects", jobEnvelope("FAIL.STEP", [`echo "$BATON_RUN_ID" >> ${ticks}`, "sleep 1"]));
    await call(a.rest, "/100/objects", workflow("FAIL.FLOW", [{ name: "FAIL.STEP" }, { name: "FAIL.STEP", after: [2] }, { name: "FAIL.STEP", after: [3] }], [4]));
    // Three schedule slots, 3, 5 and 7 s from now: one before the kill, two after it.
    const time = (seconds: number) => new Date(Date.now() + seconds * 1000).toISOString().slice(11, 19);
    await call(a.rest, "/100/objects", {
      data: { jsch: { general_attributes: { name: "FAIL.DAILY" }, schedule_attributes: { timezone: "UTC" }, schedule_definitions: [3, 5, 7].map((s, i) => ({ line_number: String(i + 1), object_name: "FAIL.TICK", start_time: time(s) })) } },
      path: "",
    });

    // The schedule and the recurring execution belong to the leader that is about to die.
    const schedule = await start(a.rest, { object_name: "FAIL.DAILY", execution_option: "execute" });
    const recurring = await start(a.rest, { object_name: "FAIL.TICK", execution_option: "recurring", recurring: { execute_interval: "PT1S", end_after_executions: 6 }, callback: { recurring_mode: "once", http: { url: callbackUrl } } });
    const flows = [await start(b.rest, { object_name: "FAIL.FLOW", execution_option: "execute" }), await start(c.rest, { object_name: "FAIL.FLOW", execution_option: "execute" })];
    const withCallbacks = [b, c, b, c].map((n) => start(n.rest, { object_name: "FAIL.STEP", execution_option: "execute", callback: { http: { url: callbackUrl } } }));
    const called = await Promise.all(withCallbacks);

    await until(async () => (await children(b.rest, schedule)).some((slot) => slot.status >= 1800), 15_000);
    await kill("FAIL-A");
    const killedAt = Date.now();
    await until(async () => ["FAIL-B", "FAIL-C"].includes((await leaderSeenBy(b.rest)) ?? ""), 10_000);
    const takeoverMs = Date.now() - killedAt;

    // Workflows finish.
    for (const flow of flows) expect((await waitForStatus(b.rest, flow, (s) => s >= 1800)).status).toBe(1900);
    // The recurring execution makes its six activations, each once; one running at the kill may be
    // lost. A slot that fell due while that one still counted as active (before the takeover ended
    // it) is skipped (1930), and one that fires after the container ended is cancelled (1850), as
    // the rule says: neither counts as an activation.
    expect((await waitForStatus(c.rest, recurring, (s) => s >= 1800)).status).toBe(1900);
    const recurred = await children(c.rest, recurring);
    const activations = recurred.filter((run) => run.status !== 1930 && run.status !== 1850);
    expect(recurred.every((run) => run.status >= 1800)).toBe(true);
    expect(activations).toHaveLength(6);
    expect(activations.every((run) => run.status === 1900 || run.status === 1815)).toBe(true);
    // Every slot of the day fired once, and tomorrow's are planned.
    await until(async () => (await children(b.rest, schedule)).filter((slot) => slot.status >= 1800).length === 3, 15_000);
    const slots = await children(b.rest, schedule);
    expect(slots.filter((slot) => slot.status >= 1800).every((slot) => slot.status === 1900 || slot.status === 1815)).toBe(true);
    expect(slots.filter((slot) => slot.status === 1698)).toHaveLength(3);
    expect(slots).toHaveLength(6);
    // Callbacks: one per execution that asked, one for the recurring container, none twice.
    await until(() => callbacks.length >= called.length + 1, 15_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect([...callbacks].sort()).toEqual([...called, recurring].sort());

    // No job ran twice, and each that ended OK ran.
    const ran = ticked();
    expect(new Set(ran).size).toBe(ran.length);
    const endedOk = [...slots, ...activations].filter((run) => run.status === 1900).map((run) => run.run_id);
    expect(endedOk.filter((runId) => !ran.includes(runId))).toEqual([]);
    console.info(`leader killed: another node led after ${takeoverMs} ms (lease 1000 ms, heartbeat 200 ms); ${ran.length} job runs, none twice; ${callbacks.length} callbacks, none twice`);
  }, 120_000);

  it("a restart of every node loses nothing: executions, reports and plans are all there and go on", async () => {
    const rest = () => [...nodes.values()][0]?.rest ?? "";
    const once = await start(rest(), { object_name: "FAIL.TICK", execution_option: "once", once: { execution_date_time: new Date(Date.now() + 6000).toISOString() } });
    const recurring = await start(rest(), { object_name: "FAIL.TICK", execution_option: "recurring", recurring: { execute_interval: "PT1S", end_after_executions: 4 } });
    await until(async () => (await children(rest(), recurring)).length >= 1);
    const before = OutExecutionList.parse(await call(rest(), "/100/executions?max_results=1000&include_deactivated=true")).data;
    const reportsBefore = await call<unknown[]>(rest(), `/100/executions/${before.find((run) => run.status === 1900)?.run_id}/reports`);

    for (const id of [...nodes.keys()]) await kill(id);
    for (const id of ["FAIL-A", "FAIL-B", "FAIL-C"]) await node(id);

    const after = OutExecutionList.parse(await call(rest(), "/100/executions?max_results=1000&include_deactivated=true")).data;
    expect(after.map((run) => run.run_id)).toEqual(expect.arrayContaining(before.map((run) => run.run_id)));
    for (const run of before.filter((r) => r.status >= 1800)) expect(after.find((r) => r.run_id === run.run_id)?.status).toBe(run.status);
    expect(await call<unknown[]>(rest(), `/100/executions/${before.find((run) => run.status === 1900)?.run_id}/reports`)).toEqual(reportsBefore);
    // What was planned goes on: the once execution runs at its time, the recurring one to its end.
    expect((await waitForStatus(rest(), once, (s) => s >= 1800)).status).toBe(1900);
    await waitForStatus(rest(), recurring, (s) => s >= 1800);
    // Four activations, each once. A slot that fell due while the activation the kill interrupted
    // still counted as active (before recovery ended it) is skipped (1930), and one that fires after
    // the container ended is cancelled (1850), as the rule says: neither counts as an activation.
    const recurred = await children(rest(), recurring);
    console.info(`recurring after the restart: ${recurred.map((run) => run.status).join(", ")}`);
    expect(recurred.every((run) => run.status >= 1800)).toBe(true);
    expect(recurred.filter((run) => run.status !== 1930 && run.status !== 1850)).toHaveLength(4);
    const ran = ticked();
    expect(new Set(ran).size).toBe(ran.length);
    expect(ran).toContain(once);
  }, 120_000);
});
