import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, OutAgent, OutAgentList, OutAgentPack, OutError, OutValidationError } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAgentPackage, startAgentProcess, unpackAgentPackage, type AgentProcess } from "../testing/agent-process";
import { ADMIN, basic, json, startTestBaton, until, type TestBaton } from "../testing/test-baton";
import { z } from "zod";

// What the vendor documents of its agents operations, and what an agent installer sends
// (docs/decisions.md, "Agents", "Agents belong to clients" and "Vendor wire behaviour").

/** "AE REST API - Working with Agents". */
const WORKING_WITH_AGENTS = "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.6/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_WorkingWithAgents.htm";
/** "Resetting the Agent Public Key". */
const RESET_PUBLIC_KEY = "https://docs.automic.com/documentation/webhelp/english/AA/21.0/DOCU/21.0/Automic%20Automation%20Guides/Content/_Common/Security/Security_Hardening_ResetAgentPublicKey.htm";
/** The vendor's swagger as the generated client carries it (operation listAgents and its parameters). */
const SWAGGER = "https://github.com/KrumGanev/automic_rest/blob/master/automic_rest/help.py";

const TOKEN = "vendor-agents-enrolment-token-0123";
const NO_ADMIN = basic("NOADMIN/OPS:No-admin-pass1");

const Empty = z.object({}).strict();

describe.each(testDialects)("the vendor's agents pages on %s", (dialect) => {
  let test: TestBaton;
  let work: string;
  const agents: AgentProcess[] = [];

  const status = async (path: string, init?: RequestInit) => (await test.rest(path, init)).status;
  const post = (path: string, body: unknown) => test.rest(path, json(body));
  const agent = async (client: number, name: string) => OutAgent.parse(await (await test.rest(`/${client}/system/agents/${name}`)).json());
  const names = async (path: string) => OutAgentList.parse(await (await test.rest(path)).json()).data.map((a) => a.name);
  /** A package made with `body`: its agent.ini and the unpacked directory. */
  async function pack(client: number, body: unknown, dir: string): Promise<{ ini: string; dir: string; zip: Buffer }> {
    const created = await post(`/${client}/system/agentpacks`, body);
    expect(created.status, await created.clone().text()).toBe(201);
    const link = OutAgentPack.parse(await created.json()).link;
    const zip = Buffer.from(await (await test.rest(link.replace("/ae/api/v1", ""))).arrayBuffer());
    const unpacked = unpackAgentPackage(zip, dir);
    return { ini: readFileSync(join(unpacked, "agent.ini"), "utf8"), dir: unpacked, zip };
  }
  async function withAgentAuthentication<T>(body: () => Promise<T>): Promise<T> {
    const settings = (value: string) => json({ data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS", type: "VARA" }, static_values: [{ key: "AGENT_AUTHENTICATION", value1: value }] } }, path: "" });
    expect((await test.rest("/0/objects?overwrite_existing_objects=true", settings("ON"))).status).toBe(200);
    try {
      return await body();
    } finally {
      await test.rest("/0/objects?overwrite_existing_objects=true", settings("OFF"));
    }
  }

  beforeAll(async () => {
    test = await startTestBaton(dialect, { BATON_AGENT_TOKEN: TOKEN });
    work = mkdtempSync(join(tmpdir(), "baton-vendor-agents-"));
    const user = {
      data: { user: { general_attributes: { name: "NOADMIN/OPS", type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password: "No-admin-pass1" }, privileges: ["SYSTEM_OVERVIEW"], authorizations: [] } },
      path: "USERS",
    };
    expect((await post("/100/objects", user)).status).toBe(200);
  });
  afterEach(() => {
    for (const running of agents.splice(0)) running.child.kill("SIGKILL");
  });
  afterAll(async () => {
    await test.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it(`creates the example's agent: 200, and it is in the Agents list of the client called (${WORKING_WITH_AGENTS})`, async () => {
    const created = await post("/100/system/agents", { name: "WIN01", template: "<WIN>" });
    expect(created.status).toBe(200);
    Empty.parse(await created.json());
    expect(await names("/100/system/agents?max_results=1000")).toContain("WIN01");
    expect(await agent(100, "WIN01")).toMatchObject({ name: "WIN01", platform: "WINDOWS", authenticated: true, active: false });
    // The Agents list of the client called, not of every client: one made in client 0 is not client 100's.
    expect((await post("/0/system/agents", { name: "WIN00", template: "<WIN>" })).status).toBe(200);
    expect(await names("/0/system/agents?max_results=1000")).toContain("WIN00");
    expect(await names("/100/system/agents?max_results=1000")).not.toContain("WIN00");
  });

  it(`creating an agent needs the right to administer (the Administration perspective); a refusal creates nothing (${WORKING_WITH_AGENTS})`, async () => {
    const refused = await test.rest("/100/system/agents", { ...json({ name: "WIN02", template: "<WIN>" }), headers: { "content-type": "application/json", authorization: NO_ADMIN } });
    expect(refused.status).toBe(403);
    OutError.parse(await refused.json());
    expect(await status("/100/system/agents/WIN02")).toBe(404);
  });

  it(`makes agents from the UNIX and WIN templates; Baton has no SQL or REST agents, and says so (${WORKING_WITH_AGENTS})`, async () => {
    expect((await post("/100/system/agents", { name: "UNIX01", template: "<UNIX>" })).status).toBe(200);
    expect((await agent(100, "UNIX01")).platform).toBe("UNIX");
    for (const template of ["<SQL>", "<REST>"]) {
      const refused = await post("/100/system/agents", { name: "SQL01", template });
      expect(refused.status).toBe(400);
      expect(z.array(OutValidationError).parse(await refused.json())[0]).toMatchObject({ path: "template" });
    }
    expect(await status("/100/system/agents/SQL01")).toBe(404);
  });

  it(`downloads a pre-configured agent: 201 Created, the zip holds the agent and its .ini file (${WORKING_WITH_AGENTS})`, async () => {
    const created = await post("/100/system/agentpacks", { platform: "UNIX", name: "PACK01" });
    expect(created.status).toBe(201);
    const { link } = OutAgentPack.parse(await created.json());
    expect(created.headers.get("location")).toBe(new URL(link, test.baton.url).href);
    const download = await test.rest(link.replace("/ae/api/v1", ""));
    expect(download.headers.get("content-type")).toBe("application/octet-stream");
    const dir = unpackAgentPackage(Buffer.from(await download.arrayBuffer()), join(work, "pack01"));
    expect(readdirSync(dir)).toEqual(expect.arrayContaining(["agent.ini", "baton-agent.mjs"]));
    expect(readFileSync(join(dir, "agent.ini"), "utf8")).toContain("name=PACK01");
  });

  it(`the example's package body: its SQL platform is refused at platform, creating nothing; for UNIX the package is made, named by name, service manager accepted (${WORKING_WITH_AGENTS})`, async () => {
    const example = { platform: "SQL", name: "TEST09", config_update: "[GLOBAL]\nname=TEST08", service_manager: { operating_system: "Windows", operating_system_architecture: "x64", config_update: "[GLOBAL]\nport=8873" } };
    const refused = await post("/100/system/agentpacks", example);
    expect(refused.status).toBe(400);
    expect(z.array(OutValidationError).parse(await refused.json()).map((issue) => issue.path)).toEqual(["platform"]);
    expect(await status("/100/system/agents/TEST09")).toBe(404);

    const made = await pack(100, { ...example, platform: "UNIX" }, join(work, "test09"));
    expect(made.ini).toMatch(/^name=TEST09$/m);
    expect(made.ini).not.toContain("TEST08");
    expect(await agent(100, "TEST09")).toMatchObject({ platform: "UNIX", authenticated: true });
    expect(await status("/100/system/agents/TEST08")).toBe(404);
  });

  it(`the name parameter is optional: config_update's [GLOBAL] name names the agent; WIN is the Windows platform (${WORKING_WITH_AGENTS})`, async () => {
    const made = await pack(100, { platform: "WIN", config_update: "[GLOBAL]\nname=test10\n[AGENT]\nmax_jobs=2" }, join(work, "test10"));
    expect(made.ini).toMatch(/^name=TEST10$/m);
    expect(made.ini).toMatch(/^max_jobs=2$/m);
    expect((await agent(100, "TEST10")).platform).toBe("WINDOWS");
    // Without either there is no agent to make the package for.
    const nameless = await post("/100/system/agentpacks", { platform: "UNIX", config_update: "[AGENT]\nmax_jobs=2" });
    expect(nameless.status).toBe(400);
    expect(z.array(OutValidationError).parse(await nameless.json())[0]).toMatchObject({ path: "name" });
  });

  it(`packages and authentication packages reach the engine at UC_SYSTEM_SETTINGS' JCP_ENDPOINT, else REST_ENDPOINT, of client 0 (${WORKING_WITH_AGENTS})`, async () => {
    const settings = (rows: Record<string, string>) => json({ data: { vara: { general_attributes: { name: "UC_SYSTEM_SETTINGS", type: "VARA" }, static_values: Object.entries(rows).map(([key, value1]) => ({ key, value1 })) } }, path: "" });
    const engineUrl = (ini: string) => /^url=(.*)$/m.exec(ini)?.[1];
    try {
      expect((await test.rest("/0/objects?overwrite_existing_objects=true", settings({ JCP_ENDPOINT: "agents.example.test:8443", REST_ENDPOINT: "https://rest.example.test/ae/api/v1" }))).status).toBe(200);
      expect(engineUrl((await pack(100, { name: "ENDPOINT1" }, join(work, "endpoint1"))).ini)).toBe("http://agents.example.test:8443");
      const keyed = await (await test.rest("/100/system/agents/ENDPOINT2/authentication_package")).json();
      expect(keyed).toMatchObject({ engine_url: "http://agents.example.test:8443" });
      expect((await test.rest("/0/objects?overwrite_existing_objects=true", settings({ REST_ENDPOINT: "https://rest.example.test/ae/api/v1" }))).status).toBe(200);
      expect(engineUrl((await pack(100, { name: "ENDPOINT3" }, join(work, "endpoint3"))).ini)).toBe("https://rest.example.test");
      // What the request names wins; another client's variable counts for nothing.
      expect(engineUrl((await pack(100, { name: "ENDPOINT4", engine_url: "http://named.example.test:9000" }, join(work, "endpoint4"))).ini)).toBe("http://named.example.test:9000");
      expect((await test.rest("/0/objects?overwrite_existing_objects=true", settings({}))).status).toBe(200);
      expect((await test.rest("/100/objects?overwrite_existing_objects=true", settings({ JCP_ENDPOINT: "https://elsewhere.example.test" }))).status).toBe(200);
      expect(engineUrl((await pack(100, { name: "ENDPOINT5" }, join(work, "endpoint5"))).ini)).toBe(test.baton.url);
    } finally {
      await test.rest("/0/objects?overwrite_existing_objects=true", settings({}));
    }
  });

  it(`lists agents with the swagger's filters: name and platform wildcards, active, linked as "False", max_results with total and hasmore (${SWAGGER})`, async () => {
    for (const [name, template] of [["WFILTER1", "<WIN>"], ["UFILTER1", "<UNIX>"]]) expect((await post("/100/system/agents", { name, template })).status).toBe(200);
    expect(await names("/100/system/agents?name=WFILTER*")).toEqual(["WFILTER1"]);
    expect(await names("/100/system/agents?name=?FILTER1&platform=WIN*")).toEqual(["WFILTER1"]);
    expect(await names("/100/system/agents?platform=UNIX&name=*FILTER*")).toEqual(["UFILTER1"]);
    const active = OutAgentList.parse(await (await test.rest("/100/system/agents?active=true&max_results=5000")).json());
    expect(active.data.map((a) => a.name)).toContain("LOCAL");
    expect(active.data.every((a) => a.active)).toBe(true);
    expect(await names("/100/system/agents?active=False&name=*FILTER1")).toEqual(["UFILTER1", "WFILTER1"]);
    expect(await names("/100/system/agents?linked=False&name=*FILTER1")).toEqual(["UFILTER1", "WFILTER1"]);
    expect(await names("/100/system/agents?software=WinNT&name=*FILTER1")).toEqual([]);
    const page = OutAgentList.parse(await (await test.rest("/100/system/agents?max_results=1&name=*FILTER1")).json());
    expect(page).toMatchObject({ total: 2, hasmore: true });
    expect(page.data).toHaveLength(1);
    // Every member of an entry, as the generated Go client decodes it (AgentMetaData).
    expect(Object.keys(page.data[0] ?? {})).toEqual(expect.arrayContaining(["name", "platform", "authenticated", "version", "hardware", "ip_address", "port", "software", "active", "linked"]));
    expect((await test.rest("/100/system/agents?max_results=0")).status).toBe(400);
  });

  it(`the example: curl -f POST to client 0's resetpublickey with USER/DEPARTMENT:PASS and no body succeeds, and the agent is authenticated again before it connects again (${RESET_PUBLIC_KEY})`, async () => {
    const running = startAgentProcess(test.baton.url, "reset1", join(work, "reset1"), TOKEN);
    agents.push(running);
    await running.connected();
    const before = readFileSync(join(work, "reset1", "agent-key"), "utf8");
    await withAgentAuthentication(async () => {
      // What curl sends: the login, no body, no Content-Type.
      const reset = await fetch(`${test.baton.restUrl}/0/system/agents/RESET1/resetpublickey`, { method: "POST", headers: { authorization: ADMIN } });
      expect(reset.status).toBe(200);
      Empty.parse(await reset.json());
      await until(async () => !(await agent(0, "RESET1")).active);
      await until(() => running.log.join("").includes("HTTP 401"));
      // It enrols again by itself, and waits until an administrator authenticates it.
      await until(() => running.log.join("").includes("waiting for an administrator"));
      expect(await agent(0, "RESET1")).toMatchObject({ authenticated: false, active: false });
      expect((await test.rest("/0/system/agents/RESET1/authenticate", { method: "POST" })).status).toBe(200);
      await running.connected(2);
    });
    expect(await agent(0, "RESET1")).toMatchObject({ authenticated: true, active: true });
    expect(readFileSync(join(work, "reset1", "agent-key"), "utf8")).not.toBe(before);
  });

  it(`an agent that keeps no key (a new container) connects under its name only once its key was reset (${RESET_PUBLIC_KEY})`, async () => {
    const first = startAgentProcess(test.baton.url, "reset2", join(work, "reset2-first"), TOKEN);
    agents.push(first);
    await first.connected();
    first.child.kill("SIGKILL");
    await until(async () => !(await agent(0, "RESET2")).active);
    const fresh = startAgentProcess(test.baton.url, "reset2", join(work, "reset2-fresh"), TOKEN);
    agents.push(fresh);
    await until(() => fresh.log.join("").includes("the name RESET2 is taken"));
    expect((await test.rest("/0/system/agents/RESET2/resetpublickey", { method: "POST" })).status).toBe(200);
    await fresh.connected();
    expect((await agent(0, "RESET2")).active).toBe(true);
  });

  it(`the reset is client 0's for a system agent: another client is refused, an unknown agent is 404 (${RESET_PUBLIC_KEY})`, async () => {
    const enrolled = startAgentProcess(test.baton.url, "reset3", join(work, "reset3"), TOKEN);
    agents.push(enrolled);
    await enrolled.connected();
    const refused = await test.rest("/100/system/agents/RESET3/resetpublickey", { method: "POST" });
    expect(refused.status).toBe(403);
    expect(OutError.parse(await refused.json()).details).toContain("Agent authorization");
    expect((await agent(0, "RESET3")).active).toBe(true);
    const unknown = await test.rest("/0/system/agents/NO.SUCH.AGENT/resetpublickey", { method: "POST" });
    expect([unknown.status, OutError.parse(await unknown.json()).code]).toEqual([404, ErrorCode.OBJECT_NOT_FOUND]);
  });

  // A container's start script (search tool code corpus, stored file 14352674918): reset the key
  // (client 0, curl without -f: the first start of a new name answers 404 and the script goes on),
  // make a package with its body, take the Location header, download it, unzip and start.
  it(`replays an agent container's start script: first start and restart (${RESET_PUBLIC_KEY})`, async () => {
    async function containerStart(run: string): Promise<{ reset: number; agent: AgentProcess; dir: string }> {
      const reset = await fetch(`${test.baton.restUrl}/0/system/agents/CONTAINER1/resetpublickey`, { method: "POST", headers: { authorization: ADMIN } });
      await reset.arrayBuffer();
      const body = '{"platform" : "UNIX", "operating_system" : "Linux",\n"operating_system_architecture" : "x64", "name" : "CONTAINER1" }';
      const created = await fetch(`${test.baton.restUrl}/100/system/agentpacks`, { method: "POST", headers: { authorization: ADMIN, "content-type": "application/json" }, body });
      expect(created.status, await created.clone().text()).toBe(201);
      const location = created.headers.get("location") ?? "";
      const zip = await fetch(location, { headers: { authorization: ADMIN } });
      expect(zip.status).toBe(200);
      const dir = join(work, `container-${run}`);
      const started = startAgentPackage(Buffer.from(await zip.arrayBuffer()), dir);
      agents.push(started);
      return { reset: reset.status, agent: started, dir };
    }
    const first = await containerStart("first");
    expect(first.reset).toBe(404);
    await first.agent.connected();
    first.agent.child.kill("SIGKILL");
    await until(async () => !(await agent(0, "CONTAINER1")).active);

    const restart = await containerStart("restart");
    expect(restart.reset).toBe(200);
    await restart.agent.connected();
    expect((await agent(100, "CONTAINER1")).active).toBe(true);
    // The first container's key no longer connects.
    expect(existsSync(join(first.dir, "baton-agent", "agent-key"))).toBe(true);
    restart.agent.child.kill("SIGKILL");
    await until(async () => !(await agent(0, "CONTAINER1")).active);
    const old = startAgentProcess(test.baton.url, "container1", join(first.dir, "baton-agent"));
    agents.push(old);
    await until(() => old.log.join("").includes("HTTP 401"));
  });
});
