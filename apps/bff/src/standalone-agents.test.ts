import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, OutAgent, OutAgentGroupList, OutAgentList, OutAgentPack, OutAuthenticationPackage, OutError, OutExecution, OutRunId } from "@baton/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAgentPackage, startAgentProcess, type AgentProcess } from "./testing/agent-process";
import { startCuttableProxy, type CuttableProxy } from "./testing/cuttable-proxy";
import { reportText } from "./testing/report-text";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "./testing/test-baton";

const TOKEN = "standalone-agent-token-0123";

/** Starts `baton-agent` with the enrolment token; its credential is kept in `dir` (one per agent unless a test shares or swaps it). */
function startAgent(engineUrl: string, name: string, dir: string, token = TOKEN): AgentProcess {
  return startAgentProcess(engineUrl, name, dir, token);
}

describe("standalone agents", () => {
  let test: TestBaton;
  let work: string;
  const agents: AgentProcess[] = [];

  beforeAll(async () => {
    test = await startTestBaton("sqlite", { BATON_AGENT_TOKEN: TOKEN, BATON_AGENT_LOST_MS: "1500" });
    work = mkdtempSync(join(tmpdir(), "baton-standalone-"));
  });
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.child.kill("SIGKILL");
  });
  afterAll(async () => {
    await test.stop();
    rmSync(work, { recursive: true, force: true });
  });

  const dirOf = (name: string) => join(work, `agent-${name}`);
  async function execute(name: string): Promise<number> {
    return OutRunId.parse(await (await test.rest("/100/executions", json({ object_name: name, execution_option: "execute" }))).json()).run_id;
  }
  function report(runId: number): Promise<string> {
    return reportText(test.rest, 100, runId, "REP");
  }
  async function status(runId: number): Promise<number> {
    return OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status;
  }
  const job = (name: string, agent: string, lines: string[]) => test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope(name, lines, { job_attributes: { platform: "UNIX", agent, unix_shell: "sh" } })));

  it("connects, runs a job on its host and streams the output back", async () => {
    const agent = startAgent(test.baton.url, "far1", dirOf("far1"));
    agents.push(agent);
    await agent.connected();
    await job("SA.HELLO", "FAR1", ["echo hello from $BATON_AGENT", "echo to stderr >&2", "exit 3"]);
    const runId = await execute("SA.HELLO");
    const ended = await waitForEnd(test, 100, runId);
    expect(ended).toMatchObject({ status: 1800, return_code: 3, agent: "FAR1" });
    expect(await report(runId)).toBe("hello from FAR1\nto stderr\n");
  });

  it("refuses an agent with a wrong token", async () => {
    const agent = startAgent(test.baton.url, "intruder", dirOf("intruder"), "not-the-token-at-all");
    agents.push(agent);
    await until(() => agent.log.join("").includes("HTTP 401"));
    await job("SA.INTRUDER", "INTRUDER", ["echo never"]);
    expect((await waitForEnd(test, 100, await execute("SA.INTRUDER"))).status).toBe(1821);
  });

  it("keeps a job through a network drop: every line arrives once, in order", async () => {
    const proxy: CuttableProxy = await startCuttableProxy(Number(new URL(test.baton.url).port));
    try {
      const agent = startAgent(`http://127.0.0.1:${proxy.port}`, "far2", dirOf("far2"));
      agents.push(agent);
      await agent.connected();
      const runs = join(work, "drop-runs");
      await job("SA.DROP", "FAR2", [`echo run >> ${runs}`, "i=1", "while [ $i -le 30 ]; do echo line $i; i=$((i+1)); sleep 0.05; done"]);
      const runId = await execute("SA.DROP");
      await until(async () => (await report(runId)).includes("line 3"));
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 700));
      // The engine's welcome after the reconnect comes 400 ms late: the job writes lines meanwhile,
      // which must follow the ones kept during the drop, not overtake them.
      proxy.delayReplies(400);
      proxy.restore();
      await agent.connected(2);
      const ended = await waitForEnd(test, 100, runId);
      expect(ended.status).toBe(1900);
      expect(await report(runId)).toBe(Array.from({ length: 30 }, (_, i) => `line ${i + 1}\n`).join(""));
      expect(readFileSync(runs, "utf8")).toBe("run\n");
    } finally {
      await proxy.close();
    }
  });

  it("holds a job at its writes while the engine has not acknowledged its output, and loses none of it", { timeout: 60_000 }, async () => {
    const proxy: CuttableProxy = await startCuttableProxy(Number(new URL(test.baton.url).port));
    try {
      const agent = startAgent(`http://127.0.0.1:${proxy.port}`, "far12", dirOf("far12"));
      agents.push(agent);
      await agent.connected();
      const go = join(work, "slow-link-go");
      const done = join(work, "slow-link-done");
      // About 48 MB: more than the agent keeps unacknowledged (16 Mi characters).
      const lines = 6_000_000;
      await job("SA.SLOWLINK", "FAR12", ["echo waiting", `while [ ! -f ${go} ]; do sleep 0.05; done`, `seq 1 ${lines}`, `touch ${done}`]);
      const runId = await execute("SA.SLOWLINK");
      await until(async () => (await report(runId)) === "waiting\n");
      // The engine's acknowledgements (and anything else it sends) now reach the agent 3 s late.
      proxy.delayReplies(3000);
      writeFileSync(go, "");
      await new Promise((resolve) => setTimeout(resolve, 2500));
      expect(existsSync(done)).toBe(false);
      proxy.delayReplies(0);
      const ended = await waitForEnd(test, 100, runId);
      expect(ended.status).toBe(1900);
      expect((await report(runId)) === `waiting\n${Array.from({ length: lines }, (_, i) => i + 1).join("\n")}\n`).toBe(true);
    } finally {
      await proxy.close();
    }
  });

  it("ends the jobs of an agent killed mid-job as lost once it stays away, and never runs them twice", async () => {
    const agent = startAgent(test.baton.url, "far3", dirOf("far3"));
    agents.push(agent);
    await agent.connected();
    const runs = join(work, "kill-runs");
    await job("SA.KILLED", "FAR3", [`echo run >> ${runs}`, "echo started", "sleep 1"]);
    const runId = await execute("SA.KILLED");
    await until(async () => (await report(runId)).includes("started"));
    agent.child.kill("SIGKILL");
    const ended = await waitForEnd(test, 100, runId);
    expect(ended.status).toBe(1815);

    // Back again: the agent does not know the job, and the engine does not hand it out again.
    const again = startAgent(test.baton.url, "far3", dirOf("far3"));
    agents.push(again);
    await again.connected();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(readFileSync(runs, "utf8")).toBe("run\n");
    expect(await status(runId)).toBe(1815);
  });

  it("an agent restarted while its job ran ends that job as lost at once", async () => {
    const agent = startAgent(test.baton.url, "far4", dirOf("far4"));
    agents.push(agent);
    await agent.connected();
    await job("SA.RESTARTED", "FAR4", ["echo started", "sleep 5"]);
    const runId = await execute("SA.RESTARTED");
    await until(async () => (await report(runId)).includes("started"));
    agent.child.kill("SIGKILL");
    const restarted = startAgent(test.baton.url, "far4", dirOf("far4"));
    agents.push(restarted);
    await restarted.connected();
    await until(async () => (await status(runId)) === 1815, 1000);
  });

  it("transfers files to and from a standalone agent", async () => {
    const agent = startAgent(test.baton.url, "far5", dirOf("far5"));
    agents.push(agent);
    await agent.connected();
    mkdirSync(join(work, "in"));
    mkdirSync(join(work, "out"));
    const big = "x".repeat(300_000);
    writeFileSync(join(work, "in", "big.txt"), big);
    const transfer = (name: string, from: string, source: string, to: string, destination: string) =>
      test.rest("/100/objects", json({ data: { jobf: { general_attributes: { name, type: "JOBF" }, file_transfer_attributes: { source_agent: from, source_path: source, destination_agent: to, destination_path: destination } } }, path: "" }));
    await transfer("SA.OUT", "LOCAL", join(work, "in", "big.txt"), "FAR5", join(work, "out", "there.txt"));
    expect((await waitForEnd(test, 100, await execute("SA.OUT"))).status).toBe(1900);
    await transfer("SA.BACK", "FAR5", join(work, "out", "there.txt"), "LOCAL", join(work, "out", "back.txt"));
    expect((await waitForEnd(test, 100, await execute("SA.BACK"))).status).toBe(1900);
    expect(readFileSync(join(work, "out", "back.txt"), "utf8")).toBe(big);
  });

  it("registers agents with what they report, filters them and refuses one that takes a known name without its key", async () => {
    const agent = startAgent(test.baton.url, "far6", dirOf("far6"));
    agents.push(agent);
    await agent.connected();
    const list = OutAgentList.parse(await (await test.rest("/100/system/agents?name=FAR6")).json());
    expect(list.data).toEqual([expect.objectContaining({ name: "FAR6", platform: "UNIX", authenticated: true, version: "0.1.0", active: true, linked: false, in_process: false })]);
    expect(list.data[0]?.hardware).toMatch(/CPUs/);
    const local = OutAgent.parse(await (await test.rest("/100/system/agents/LOCAL")).json());
    expect(local).toMatchObject({ name: "LOCAL", active: true, authenticated: true, in_process: true });
    const inactive = OutAgentList.parse(await (await test.rest("/100/system/agents?active=false&max_results=1")).json());
    expect(inactive.data.every((a) => !a.active)).toBe(true);

    const impostor = startAgent(test.baton.url, "far6", join(work, "elsewhere"));
    agents.push(impostor);
    await until(() => impostor.log.join("").includes("connected with another credential"));
    agent.child.kill("SIGKILL");
    await until(async () => !OutAgent.parse(await (await test.rest("/100/system/agents/FAR6")).json()).active);
    await until(() => impostor.log.join("").includes("the name FAR6 is taken"));
    // The credential is renewed (by client 0: an enrolled agent is a system agent): the next agent to enrol with the name gets a new one.
    expect((await test.rest("/100/system/agents/FAR6/renew_transferkey", { method: "POST" })).status).toBe(403);
    expect((await test.rest("/0/system/agents/FAR6/renew_transferkey", { method: "POST" })).status).toBe(200);
    await impostor.connected();
  });

  it("lists each agent's active jobs of the client and when it was last heard, also after it went away", async () => {
    // Times are answered in whole seconds: the agent is heard from in the second it starts or later.
    const startedAt = Math.floor(Date.now() / 1000) * 1000;
    const agent = startAgent(test.baton.url, "far9", dirOf("far9"));
    agents.push(agent);
    await agent.connected();
    const far9 = async () => OutAgent.parse(await (await test.rest("/100/system/agents/FAR9")).json());
    expect(await far9()).toMatchObject({ active: true, running_jobs: 0 });
    await job("SA.BUSY", "FAR9", ["echo started", "sleep 30"]);
    const runId = await execute("SA.BUSY");
    await until(async () => (await status(runId)) === 1550);
    const busy = await far9();
    expect(busy.running_jobs).toBe(1);
    // The list counts the same job; another client sees none of client 100's.
    expect(OutAgentList.parse(await (await test.rest("/100/system/agents?name=FAR9")).json()).data[0]?.running_jobs).toBe(1);
    expect(OutAgentList.parse(await (await test.rest("/0/system/agents?name=FAR9")).json()).data[0]?.running_jobs).toBe(0);
    const heard = Date.parse(busy.last_heartbeat ?? "");
    expect(heard).toBeGreaterThanOrEqual(startedAt);
    expect(heard).toBeLessThanOrEqual(Date.now());
    // In-process agents live as long as the engine: heard now.
    expect(Date.parse(OutAgent.parse(await (await test.rest("/100/system/agents/LOCAL")).json()).last_heartbeat ?? "")).toBeGreaterThanOrEqual(Date.now() - 2000);

    agent.child.kill("SIGKILL");
    const killedAt = Date.now();
    await until(async () => !(await far9()).active);
    // Away: the time it was last heard stays (it was before the kill); its job ends lost after BATON_AGENT_LOST_MS.
    const away = Date.parse((await far9()).last_heartbeat ?? "");
    expect(away).toBeGreaterThanOrEqual(heard);
    expect(away).toBeLessThanOrEqual(killedAt);
    await until(async () => (await status(runId)) === 1815);
    expect((await far9()).running_jobs).toBe(0);
  });

  it("lets new agents wait for authentication when the system asks for it", async () => {
    await test.rest("/0/objects", json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [{ key: "AGENT_AUTHENTICATION", value1: "ON" }] } }, path: "" }));
    try {
      const agent = startAgent(test.baton.url, "far7", dirOf("far7"));
      agents.push(agent);
      await until(() => agent.log.join("").includes("waiting for an administrator"));
      expect(OutAgent.parse(await (await test.rest("/100/system/agents/FAR7")).json())).toMatchObject({ authenticated: false, active: false });
      // An enrolled agent is a system agent: client 0 authenticates it.
      expect((await test.rest("/100/system/agents/FAR7/authenticate", { method: "POST" })).status).toBe(403);
      expect((await test.rest("/0/system/agents/FAR7/authenticate", { method: "POST" })).status).toBe(200);
      await agent.connected();
      expect(OutAgent.parse(await (await test.rest("/100/system/agents/FAR7")).json())).toMatchObject({ authenticated: true, active: true });
    } finally {
      await test.rest("/0/objects?overwrite_existing_objects=true", json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [] } }, path: "" }));
    }
  });

  it("creates, renames and deletes agents, refusing it for connected and in-process ones", async () => {
    const status = async (path: string, init?: RequestInit) => (await test.rest(path, init)).status;
    // A conflict with the agent's state is a 400 with the CONFLICT code (the interface has no 409).
    const conflict = async (path: string, init?: RequestInit) => {
      const response = await test.rest(path, init);
      return [response.status, OutError.parse(await response.json()).code];
    };
    expect(await status("/100/system/agents", json({ name: "new1", template: "<WIN>" }))).toBe(200);
    expect(await conflict("/100/system/agents", json({ name: "NEW1", template: "<UNIX>" }))).toEqual([400, ErrorCode.CONFLICT]);
    expect(await status("/100/system/agents", json({ name: "bad name", template: "<UNIX>" }))).toBe(400);
    expect(await status("/100/system/agents", json({ name: "X", template: "<OS2>" }))).toBe(400);
    expect(OutAgent.parse(await (await test.rest("/100/system/agents/NEW1")).json())).toMatchObject({ platform: "WINDOWS", authenticated: true, active: false });
    expect(await status("/100/system/agents/NEW1/rename", json({ new_name: "new2" }))).toBe(200);
    expect(await status("/100/system/agents/NEW1")).toBe(404);
    expect(await status("/100/system/agents/NEW2", { method: "DELETE" })).toBe(200);
    expect(await status("/100/system/agents/NEW2", { method: "DELETE" })).toBe(404);
    expect(await conflict("/100/system/agents/LOCAL", { method: "DELETE" })).toEqual([400, ErrorCode.CONFLICT]);
    const agent = startAgent(test.baton.url, "far8", dirOf("far8"));
    agents.push(agent);
    await agent.connected();
    // An enrolled agent is client 0's to administer; it refuses both while connected.
    expect(await status("/100/system/agents/FAR8", { method: "DELETE" })).toBe(403);
    expect(await conflict("/0/system/agents/FAR8", { method: "DELETE" })).toEqual([400, ErrorCode.CONFLICT]);
    expect(await conflict("/0/system/agents/FAR8/rename", json({ new_name: "FAR9" }))).toEqual([400, ErrorCode.CONFLICT]);
  });

  it("lists agent groups with the agents their filters match", async () => {
    for (const name of ["FARAWAY", "NEAR"]) await test.rest("/100/system/agents", json({ name, template: "<UNIX>" }));
    const imported = await test.rest("/100/objects", json({ data: { hostg: { general_attributes: { name: "FARS", title: "Far agents" }, agent_group_attributes: { platform: "UNIX", mode: "N" }, agent_group_filters: [{ type: "F", agent: "FAR*" }, { type: "H", agent: "LOCAL" }] } }, path: "" }));
    expect(imported.status, await imported.clone().text()).toBe(200);
    const groups = OutAgentGroupList.parse(await (await test.rest("/100/system/agentgroups")).json());
    const fars = groups.data.find((group) => group.name === "FARS");
    expect(fars).toMatchObject({ title: "Far agents", mode: "N" });
    expect(fars?.agents).toEqual(expect.arrayContaining([{ name: "FARAWAY", active: false }, { name: "LOCAL", active: true }]));
    expect(fars?.agents.some((a) => a.name === "NEAR")).toBe(false);
  });

  it("makes agent packages: a zip that, unzipped and started, connects as its agent", async () => {
    const created = await test.rest("/100/system/agentpacks", json({ platform: "UNIX", name: "packed1", config_update: "[AGENT]\nmax_jobs=3\n[CUSTOM]\nnote=kept\n" }));
    expect(created.status, await created.clone().text()).toBe(201);
    const pack = OutAgentPack.parse(await created.json());
    expect(pack.link).toBe(`/ae/api/v1/100/system/agentpacks/${pack.filename}`);
    const download = await test.rest(pack.link.replace("/ae/api/v1", ""));
    expect(download.headers.get("content-disposition")).toContain(pack.filename);
    const unpacked = join(work, "unpacked");
    const packed = startAgentPackage(Buffer.from(await download.arrayBuffer()), unpacked);
    agents.push(packed);
    const config = readFileSync(join(unpacked, "baton-agent", "agent.ini"), "utf8");
    expect(config).toContain("name=PACKED1");
    expect(config).toContain(`url=${test.baton.url}`);
    // The package holds the agent's own credential, never the engine's enrolment token.
    expect(config).not.toContain("token");
    expect(readFileSync(join(unpacked, "baton-agent", "agent-key"), "utf8")).toMatch(/^[\w-]{43}\n$/);
    expect(config).toContain("max_jobs=3");
    expect(config).toContain("note=kept");
    await packed.connected();
    expect(OutAgent.parse(await (await test.rest("/100/system/agents/PACKED1")).json()).active).toBe(true);
    await job("SA.PACKED", "PACKED1", ["echo from the package"]);
    const runId = await execute("SA.PACKED");
    expect((await waitForEnd(test, 100, runId)).status).toBe(1900);
    expect(await report(runId)).toBe("from the package\n");
  });

  it("refuses bad agent package requests and names", async () => {
    // config_update may name the agent only when `name` does not (vendor page "Working with Agents"; vendor/agents.test.ts).
    expect((await test.rest("/100/system/agentpacks", json({ config_update: "[GLOBAL]\nname=bad name\n" }))).status).toBe(400);
    expect((await test.rest("/100/system/agentpacks", json({ name: "other", platform: "SQL" }))).status).toBe(400);
    expect((await test.rest("/100/system/agentpacks", json({ name: "bad name" }))).status).toBe(400);
    const inProcess = await test.rest("/100/system/agentpacks", json({ name: "local" }));
    expect([inProcess.status, OutError.parse(await inProcess.json()).code]).toEqual([400, ErrorCode.CONFLICT]);
    expect((await test.rest("/100/system/agentpacks/..%2F..%2Fagent-token")).status).toBe(400);
    expect((await test.rest("/100/system/agentpacks/baton-agent-NONE-0123456789ab.zip")).status).toBe(404);
  });

  it("hands out authentication packages: the enrolment token in client 0 only, and for one agent its own new credential", async () => {
    expect((await test.rest("/100/system/agents/authentication_package")).status).toBe(403);
    const general = OutAuthenticationPackage.parse(await (await test.rest("/0/system/agents/authentication_package")).json());
    expect(general).toEqual({ engine_url: test.baton.url, token: TOKEN });
    const keyed = OutAuthenticationPackage.parse(await (await test.rest("/100/system/agents/keyed1/authentication_package")).json());
    expect(keyed).toMatchObject({ agent_name: "KEYED1", key: expect.stringMatching(/^[\w-]{43}$/) });
    expect(keyed.token).toBe(keyed.key);
    mkdirSync(dirOf("keyed1"), { recursive: true });
    writeFileSync(join(dirOf("keyed1"), "agent-key"), `${keyed.key}\n`);
    const agent = startAgentProcess(test.baton.url, "keyed1", dirOf("keyed1"));
    agents.push(agent);
    await agent.connected();
    const stranger = startAgent(test.baton.url, "keyed1", join(work, "no-key"));
    agents.push(stranger);
    await until(() => stranger.log.join("").includes("connected with another credential"));
  });

  it("a restarted agent reports the jobs it runs after the restart (its reports are numbered afresh)", async () => {
    const agent = startAgent(test.baton.url, "far10", dirOf("far10"));
    agents.push(agent);
    await agent.connected();
    await job("SA.BEFORE", "FAR10", ["for i in 1 2 3 4 5 6 7 8; do echo before $i; done"]);
    expect((await waitForEnd(test, 100, await execute("SA.BEFORE"))).status).toBe(1900);
    agent.child.kill("SIGKILL");
    const restarted = startAgent(test.baton.url, "far10", dirOf("far10"));
    agents.push(restarted);
    await restarted.connected();
    await job("SA.AFTER", "FAR10", ["echo after the restart"]);
    const runId = await execute("SA.AFTER");
    expect((await waitForEnd(test, 100, runId, 10_000)).status).toBe(1900);
    expect(await report(runId)).toBe("after the restart\n");
  });

  it("renew_transferkey revokes the credential: the live connection ends and the old credential no longer connects", async () => {
    const agent = startAgent(test.baton.url, "far11", dirOf("far11"));
    agents.push(agent);
    await agent.connected();
    const copy = join(work, "far11-copy");
    mkdirSync(copy, { recursive: true });
    copyFileSync(join(dirOf("far11"), "agent-key"), join(copy, "agent-key"));
    agent.child.kill("SIGKILL");
    await until(async () => !OutAgent.parse(await (await test.rest("/100/system/agents/FAR11")).json()).active);
    // Its credential only, no enrolment token: a revoked credential leaves it nothing to connect with.
    const holder = startAgentProcess(test.baton.url, "far11", copy);
    agents.push(holder);
    await holder.connected();
    expect((await test.rest("/0/system/agents/FAR11/renew_transferkey", { method: "POST" })).status).toBe(200);
    await until(async () => !OutAgent.parse(await (await test.rest("/100/system/agents/FAR11")).json()).active);
    await until(() => holder.log.join("").includes("HTTP 401"));
    // Enrolled again with the enrolment token, the agent gets a new credential and works.
    const enrolled = startAgent(test.baton.url, "far11", join(work, "far11-new"));
    agents.push(enrolled);
    await enrolled.connected();
    expect(readFileSync(join(work, "far11-new", "agent-key"), "utf8")).not.toBe(readFileSync(join(copy, "agent-key"), "utf8"));
  });
});
