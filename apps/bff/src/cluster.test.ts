import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OutHealthCheck, OutRunId, type ExecutionEvent } from "@baton/contract";
import { createTestDatabase, testDialects, type TestDatabase } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminGet, reportText } from "./testing/report-text";
import { call, exited, startProcess, waitForStatus, type Process } from "./testing/baton-process";
import { readEvents } from "./testing/sse-client";
import { ADMIN_PASSWORD, jobEnvelope, until } from "./testing/test-baton";

const AGENT_TOKEN = "cluster-agent-token-0123456789";
const HEARTBEAT = { BATON_HEARTBEAT_MS: "200", BATON_LEASE_MS: "1000", BATON_AGENT_TOKEN: AGENT_TOKEN, BATON_SESSION_KEY: "cluster-session-key-0123456789" };
const AGENT_BIN = fileURLToPath(new URL("../../../packages/agent/bin/baton-agent.mjs", import.meta.url));

// Several nodes share one PostgreSQL database (one SQLite file has one node).
describe.runIf(testDialects.includes("postgres"))("nodes on one PostgreSQL database", () => {
  let database: TestDatabase;
  const nodes: Process[] = [];
  const dirs: string[] = [];

  async function node(id: string, env: Record<string, string> = {}): Promise<Process> {
    const dir = mkdtempSync(join(tmpdir(), "baton-node-"));
    dirs.push(dir);
    const started = await startProcess(dir, { DATABASE_URL: database.databaseUrl ?? "", BATON_NODE_ID: id, ...HEARTBEAT, ...env });
    nodes.push(started);
    return started;
  }
  /** The health check as a node answers it, UP (200) or DOWN (503, e.g. while no node leads); undefined when the answer is not a check. */
  const health = async (rest: string) => OutHealthCheck.safeParse(await call(rest, "/100/system/health?details=true")).data;

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
  });
  afterAll(async () => {
    for (const started of nodes) started.child.kill("SIGKILL");
    await Promise.all(nodes.map((started) => exited(started.child)));
    await database.drop();
    for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
  });

  it("lets one node lead the scheduler and shows every node in the health check", async () => {
    const a = await node("NODE-A");
    const b = await node("NODE-B");
    const api = await node("NODE-API", { BATON_ROLE: "api" });
    await until(async () => (await health(b.rest))?.wp.instancesRunning === 3);
    const seen = await health(api.rest);
    expect(seen).toMatchObject({ status: "UP", pwp: { instancesRunning: 1, available: [{ name: "NODE-A" }] }, jwp: { instancesRunning: 3 }, cp: { instancesRunning: 2 } });
    expect(seen?.cp.available?.map((instance) => instance.name).sort()).toEqual(["NODE-A", "NODE-B"]);
    // A node without the api role lives (/ping) and sends API requests elsewhere.
    const scheduling = await node("NODE-SCHED", { BATON_ROLE: "scheduling" });
    expect((await fetch(`${scheduling.rest}/ping`)).status).toBe(200);
    expect((await fetch(`${scheduling.rest}/100/executions`)).status).toBe(503);
    expect(a.child.exitCode).toBeNull();
    // Four node processes start in this test: on a loaded machine that alone takes a while.
  }, 60_000);

  it("shows a console on one node, live, the status changes made on another", async () => {
    const [a, b] = nodes;
    if (a === undefined || b === undefined) throw new Error("the nodes of the first test are needed");
    const consoleUrl = b.rest.replace("/ae/api/v1", "");
    const login = await fetch(`${consoleUrl}/bff/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client: 100, user: "ADMIN", department: "ADMIN", password: ADMIN_PASSWORD }) });
    const cookie = (login.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    // The session lives in the database: node A serves the browser that logged in on node B.
    expect((await fetch(`${a.rest.replace("/ae/api/v1", "")}/api/100/executions`, { headers: { cookie } })).status).toBe(200);
    await call(a.rest, "/100/objects", jobEnvelope("CLUSTER.LIVE", ["echo live"]));
    let runId = 0;
    const events = readEvents(`${consoleUrl}/bff/events`, { cookie }, (received) => received.some((event) => event.event === "execution" && (JSON.parse(event.data) as ExecutionEvent).execution.run_id === runId && (JSON.parse(event.data) as ExecutionEvent).execution.status === 1900));
    await new Promise((resolve) => setTimeout(resolve, 300));
    runId = OutRunId.parse(await call(a.rest, "/100/executions", { object_name: "CLUSTER.LIVE", execution_option: "execute" })).run_id;
    const statuses = (await events).filter((event) => event.event === "execution").map((event) => JSON.parse(event.data) as ExecutionEvent).filter((event) => event.execution.run_id === runId);
    expect(statuses.map((event) => event.execution.status)).toEqual(expect.arrayContaining([1550, 1900]));
    const seqs = statuses.map((event) => event.seq);
    expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
  });

  it("hands a job made on one node to the node its agent is connected to", async () => {
    const [a, b] = nodes;
    if (a === undefined || b === undefined) throw new Error("the nodes of the first test are needed");
    const agent = spawn(process.execPath, [AGENT_BIN, "--engine", b.rest.replace("/ae/api/v1", ""), "--name", "ROAM1", "--token", AGENT_TOKEN, "--dir", join(dirs[1] ?? tmpdir(), "agent")], { stdio: "ignore" });
    try {
      await until(async () => (await health(a.rest))?.cp.available?.some((instance) => instance.name === "NODE-B" && instance.count_of_connections === 1) ?? false, 15_000);
      await call(a.rest, "/100/objects", jobEnvelope("CLUSTER.ROAM", ["echo on $BATON_AGENT"], { job_attributes: { platform: "UNIX", agent: "ROAM1", unix_shell: "sh" } }));
      const { run_id: runId } = OutRunId.parse(await call(a.rest, "/100/executions", { object_name: "CLUSTER.ROAM", execution_option: "execute" }));
      const ended = await waitForStatus(a.rest, runId, (status) => status >= 1800);
      expect(ended).toMatchObject({ status: 1900, agent: "ROAM1" });
      expect(await reportText(adminGet(a.rest), 100, runId, "REP")).toBe("on ROAM1\n");
    } finally {
      agent.kill("SIGKILL");
    }
  });

  it("moves the scheduler and the killed leader's executions to another node: what falls due then still runs", async () => {
    const [a, b] = nodes;
    if (a === undefined || b === undefined) throw new Error("the nodes of the first test are needed");
    // A job runs on node A's agent when A is killed: another node takes it over and records it lost.
    const runs = join(dirs[0] ?? tmpdir(), "runs");
    await call(a.rest, "/100/objects", jobEnvelope("CLUSTER.LONG", [`echo run >> ${runs}`, "sleep 30"]));
    const { run_id: running } = OutRunId.parse(await call(a.rest, "/100/executions", { object_name: "CLUSTER.LONG", execution_option: "execute" }));
    await waitForStatus(a.rest, running, (status) => status === 1550);
    a.child.kill("SIGKILL");
    await exited(a.child);
    expect((await waitForStatus(b.rest, running, (status) => status >= 1800)).status).toBe(1815);
    expect(readFileSync(runs, "utf8")).toBe("run\n");
    await until(async () => ["NODE-B", "NODE-SCHED"].includes((await health(b.rest))?.pwp.available?.[0]?.name ?? ""), 10_000);
    const leader = (await health(b.rest))?.pwp.available?.[0]?.name;
    expect(["NODE-B", "NODE-SCHED"]).toContain(leader);
    await call(b.rest, "/100/objects", jobEnvelope("CLUSTER.ONCE", ["echo after failover"]));
    const due = new Date(Date.now() + 1500).toISOString();
    const { run_id: runId } = OutRunId.parse(await call(b.rest, "/100/executions", { object_name: "CLUSTER.ONCE", execution_option: "once", once: { execution_date_time: due } }));
    expect((await waitForStatus(b.rest, runId, (status) => status >= 1800)).status).toBe(1900);
  });
});
