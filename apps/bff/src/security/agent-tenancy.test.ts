import { mkdtempSync, readFileSync, rmSync, writeFileSync, existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutAgent, OutAgentList, OutAgentPack, OutExecution, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAgentPackage, startAgentProcess, startUnpackedAgent, unpackAgentPackage, type AgentProcess } from "../testing/agent-process";
import { reportText } from "../testing/report-text";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";

const TOKEN = "agent-tenancy-enrolment-token-0123";
const LOST_MS = 1500;

/**
 * Agents belong to clients: a client-100 administrator, as an attacker would, tries to see, take
 * over, re-key and use client 0's agent, which runs from a real package in a real `baton-agent`.
 */
describe.each(testDialects)("agents belong to clients on %s", (dialect) => {
  let test: TestBaton;
  let work: string;
  let owner: AgentProcess;
  const agents: AgentProcess[] = [];

  const status = async (path: string, init?: RequestInit) => (await test.rest(path, init)).status;
  const post = (path: string, body: unknown = {}) => test.rest(path, json(body));
  async function pack(client: number, name: string): Promise<Buffer> {
    const created = await post(`/${client}/system/agentpacks`, { name, platform: "UNIX" });
    expect(created.status, await created.clone().text()).toBe(201);
    const link = OutAgentPack.parse(await created.json()).link.replace("/ae/api/v1", "");
    return Buffer.from(await (await test.rest(link)).arrayBuffer());
  }
  const job = (client: number, name: string, agent: string, lines: string[]) => test.rest(`/${client}/objects?overwrite_existing_objects=true`, json(jobEnvelope(name, lines, { job_attributes: { platform: "UNIX", agent, unix_shell: "sh" } })));
  const execute = async (client: number, name: string) => OutRunId.parse(await (await post(`/${client}/executions`, { object_name: name, execution_option: "execute" })).json()).run_id;
  const report = (client: number, runId: number, type = "REP") => reportText(test.rest, client, runId, type);
  const listed = async (client: number) => OutAgentList.parse(await (await test.rest(`/${client}/system/agents?max_results=1000`)).json()).data.map((agent) => agent.name);
  const active = async (name: string) => OutAgent.parse(await (await test.rest(`/0/system/agents/${name}`)).json()).active;

  beforeAll(async () => {
    test = await startTestBaton(dialect, { BATON_AGENT_TOKEN: TOKEN, BATON_AGENT_LOST_MS: String(LOST_MS) });
    work = mkdtempSync(join(tmpdir(), "baton-agent-tenancy-"));
    owner = startAgentPackage(await pack(0, "C0AGENT"), join(work, "owner"));
    await owner.connected();
  });
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.child.kill("SIGKILL");
  });
  afterAll(async () => {
    owner.child.kill("SIGKILL");
    await test.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("client 100's administrator neither sees client 0's agent nor builds a package for it, renames, deletes, re-keys or authenticates it", async () => {
    expect(await listed(0)).toContain("C0AGENT");
    expect(await listed(100)).not.toContain("C0AGENT");
    expect(await status("/100/system/agents/C0AGENT")).toBe(403);
    expect(await status("/100/system/agentpacks", json({ name: "C0AGENT", platform: "UNIX" }))).toBe(403);
    expect(await status("/100/system/agents/C0AGENT/authentication_package")).toBe(403);
    expect(await status("/100/system/agents/authentication_package")).toBe(403);
    expect(await status("/100/system/agents/C0AGENT/rename", json({ new_name: "MINE" }))).toBe(403);
    expect(await status("/100/system/agents/C0AGENT", { method: "DELETE" })).toBe(403);
    for (const act of ["renew_transferkey", "resetpublickey", "authenticate"]) expect(await status(`/100/system/agents/C0AGENT/${act}`, { method: "POST" }), act).toBe(403);
    const refused = await test.rest("/100/system/agentpacks", json({ name: "C0AGENT", platform: "UNIX" }));
    expect(await refused.json()).toMatchObject({ code: 9, error: "Permission check failed." });
    // Nothing changed: the agent is still connected, under its name, with its credential.
    expect(await active("C0AGENT")).toBe(true);
    expect(await listed(0)).not.toContain("MINE");
  });

  it("client 0 administers every agent; a client administers the agents made in it", async () => {
    expect(await status("/100/system/agents", json({ name: "C100OWN", template: "<UNIX>" }))).toBe(200);
    expect(await listed(100)).toContain("C100OWN");
    expect(await status("/100/system/agents/C100OWN/resetpublickey", { method: "POST" })).toBe(200);
    expect(await status("/0/system/agents/C100OWN/rename", json({ new_name: "C100RENAMED" }))).toBe(200);
    expect(await listed(100)).toContain("C100RENAMED");
    expect(await status("/0/system/agents/C100RENAMED/renew_transferkey", { method: "POST" })).toBe(200);
    expect((await pack(0, "C100RENAMED")).length).toBeGreaterThan(0);
    expect(await status("/0/system/agents/C100RENAMED", { method: "DELETE" })).toBe(200);
    expect(await listed(100)).not.toContain("C100RENAMED");
    // An agent made in client 0 is client 0's alone.
    expect(await status("/0/system/agents", json({ name: "C0MADE", template: "<UNIX>" }))).toBe(200);
    expect(await listed(100)).not.toContain("C0MADE");
    expect(await status("/100/system/agents/C0MADE", { method: "DELETE" })).toBe(403);
    expect(await status("/0/system/agents/C0MADE", { method: "DELETE" })).toBe(200);
  });

  it("client 100 runs no job, file transfer or file event on client 0's agent unless an HSTA of client 0 lets it", async () => {
    const marker = join(work, "ran-for-100");
    await job(100, "TEN.FOREIGN", "C0AGENT", [`echo ran > ${marker}`]);
    const runId = await execute(100, "TEN.FOREIGN");
    expect((await waitForEnd(test, 100, runId)).status).toBe(1821);
    expect(await report(100, runId, "ACT")).toContain("not authorized to execute jobs on agent 'C0AGENT'");
    expect(existsSync(marker)).toBe(false);

    writeFileSync(join(work, "secret.txt"), "client 0's file");
    const transfer = await post("/100/objects?overwrite_existing_objects=true", { data: { jobf: { general_attributes: { name: "TEN.STEAL", type: "JOBF" }, file_transfer_attributes: { source_agent: "C0AGENT", source_path: join(work, "secret.txt"), destination_agent: "LOCAL", destination_path: join(work, "stolen.txt") } } }, path: "" });
    expect(transfer.status).toBe(200);
    expect((await waitForEnd(test, 100, await execute(100, "TEN.STEAL"))).status).toBe(1821);
    expect(existsSync(join(work, "stolen.txt"))).toBe(false);
    const watch = await post("/100/objects?overwrite_existing_objects=true", { data: { evnt: { general_attributes: { name: "TEN.WATCH" }, event_attributes: { event_type: "FILE", agent: "C0AGENT", file_path: join(work, "*.txt"), interval_seconds: "1", max_hits: "1" }, scripts: [{ process: [':PRINT "saw &EVENT_FILE#"'] }] } }, path: "" });
    expect(watch.status).toBe(200);
    expect((await waitForEnd(test, 100, await execute(100, "TEN.WATCH"))).status).toBe(1821);

    const assignment = (execute: number) => ({ data: { hsta: { general_attributes: { name: "C0AGENT.TO.100" }, agent_authorization_filters: [{ host: "C0*", is_excluded: 0 }], agent_authorizations: [{ client: 100, read: 0, write: 0, execute }] } }, path: "" });
    // An HSTA in client 100 counts for nothing: only client 0 assigns agents.
    expect((await post("/100/objects?overwrite_existing_objects=true", assignment(1))).status).toBe(200);
    expect((await waitForEnd(test, 100, await execute(100, "TEN.FOREIGN"))).status).toBe(1821);
    expect((await post("/0/objects?overwrite_existing_objects=true", assignment(1))).status).toBe(200);
    try {
      expect(await listed(100)).toContain("C0AGENT");
      expect((await waitForEnd(test, 100, await execute(100, "TEN.FOREIGN"))).status).toBe(1900);
      expect(readFileSync(marker, "utf8")).toBe("ran\n");
      // Execute alone does not let transfers read the agent's files, nor administer it.
      expect((await waitForEnd(test, 100, await execute(100, "TEN.STEAL"))).status).toBe(1821);
      expect(await status("/100/system/agentpacks", json({ name: "C0AGENT", platform: "UNIX" }))).toBe(403);
    } finally {
      expect((await post("/0/objects?overwrite_existing_objects=true", assignment(0))).status).toBe(200);
    }
    expect(await listed(100)).not.toContain("C0AGENT");
  });

  it("a connection with another credential for a live agent's name does not take its place and gets no jobs", async () => {
    // The old takeover: re-key the agent from client 100, then connect under its name.
    expect(await status("/100/system/agents/C0AGENT/resetpublickey", { method: "POST" })).toBe(403);
    // A package of client 100's own, renamed to client 0's agent; and an agent enrolling under its name.
    const impostorDir = unpackAgentPackage(await pack(100, "C100IMP"), join(work, "impostor"));
    const config = join(impostorDir, "agent.ini");
    writeFileSync(config, readFileSync(config, "utf8").replace("name=C100IMP", "name=C0AGENT"));
    const swapped = startUnpackedAgent(impostorDir);
    const enrolling = startAgentProcess(test.baton.url, "C0AGENT", join(work, "enrolling"), TOKEN);
    agents.push(swapped, enrolling);
    await until(() => swapped.log.join("").includes("connected with another credential"));
    await until(() => enrolling.log.join("").includes("connected with another credential"));
    expect(test.logs.some((line) => line.includes("tried to take the place of a connected agent"))).toBe(true);

    await job(0, "TEN.OWN", "C0AGENT", ["pwd"]);
    const runId = await execute(0, "TEN.OWN");
    expect((await waitForEnd(test, 0, runId)).status).toBe(1900);
    expect(await report(0, runId)).toContain(join(work, "owner", "baton-agent"));
    expect(await active("C0AGENT")).toBe(true);
    expect(swapped.log.join("") + enrolling.log.join("")).not.toContain("connected to ");
  });

  it("a job whose agent is killed ends 1815 within the lost window, and the agent started again reports its next jobs", async () => {
    const dir = join(work, "killed");
    const agent = startAgentProcess(test.baton.url, "C0KILLED", dir, TOKEN);
    agents.push(agent);
    await agent.connected();
    await job(0, "TEN.WARMUP", "C0KILLED", ["for i in 1 2 3 4 5 6; do echo warm $i; done"]);
    expect((await waitForEnd(test, 0, await execute(0, "TEN.WARMUP"))).status).toBe(1900);
    await job(0, "TEN.LONG", "C0KILLED", ["echo started", "sleep 30"]);
    const runId = await execute(0, "TEN.LONG");
    await until(async () => (await report(0, runId)).includes("started"));
    agent.child.kill("SIGKILL");
    const killedAt = Date.now();
    await until(async () => OutExecution.parse(await (await test.rest(`/0/executions/${runId}`)).json()).status === 1815, LOST_MS + 5000);
    expect(Date.now() - killedAt).toBeLessThan(LOST_MS + 5000);

    const again = startAgentProcess(test.baton.url, "C0KILLED", dir, TOKEN);
    agents.push(again);
    await again.connected();
    await job(0, "TEN.NEXT", "C0KILLED", ["echo after the restart"]);
    const next = await execute(0, "TEN.NEXT");
    expect((await waitForEnd(test, 0, next, 10_000)).status).toBe(1900);
    expect(await report(0, next)).toBe("after the restart\n");
  });
});
