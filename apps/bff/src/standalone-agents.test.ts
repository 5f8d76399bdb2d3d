import { spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { OutExecution, OutReportContent, OutRunId } from "@baton/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startCuttableProxy, type CuttableProxy } from "./testing/cuttable-proxy";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "./testing/test-baton";

const AGENT_BIN = fileURLToPath(new URL("../../../packages/agent/bin/baton-agent.mjs", import.meta.url));
const TOKEN = "standalone-agent-token-0123";

/** A real `baton-agent` process and what it wrote to stderr. */
interface AgentProcess {
  child: ChildProcess;
  log: string[];
  /** Resolves once the agent said it is connected `times` times. */
  connected(times?: number): Promise<void>;
}

function startAgent(engineUrl: string, name: string, token = TOKEN): AgentProcess {
  const child = spawn(process.execPath, [AGENT_BIN, "--engine", engineUrl, "--name", name, "--token", token], { stdio: ["ignore", "ignore", "pipe"] });
  const log: string[] = [];
  child.stderr?.setEncoding("utf8").on("data", (text: string) => log.push(text));
  const connections = () => log.join("").split("connected to ").length - 1;
  return { child, log, connected: (times = 1) => until(() => connections() >= times, 20_000) };
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

  async function execute(name: string): Promise<number> {
    return OutRunId.parse(await (await test.rest("/100/executions", json({ object_name: name, execution_option: "execute" }))).json()).run_id;
  }
  async function report(runId: number): Promise<string> {
    const response = await test.rest(`/100/executions/${runId}/reports/REP?start_at=0`);
    return response.status === 404 ? "" : z.array(OutReportContent).parse(await response.json()).map((page) => page.content).join("");
  }
  async function status(runId: number): Promise<number> {
    return OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status;
  }
  const job = (name: string, agent: string, lines: string[]) => test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope(name, lines, { job_attributes: { platform: "UNIX", agent, unix_shell: "sh" } })));

  it("connects, runs a job on its host and streams the output back", async () => {
    const agent = startAgent(test.baton.url, "far1");
    agents.push(agent);
    await agent.connected();
    await job("SA.HELLO", "FAR1", ["echo hello from $BATON_AGENT", "echo to stderr >&2", "exit 3"]);
    const runId = await execute("SA.HELLO");
    const ended = await waitForEnd(test, 100, runId);
    expect(ended).toMatchObject({ status: 1800, return_code: 3, agent: "FAR1" });
    expect(await report(runId)).toBe("hello from FAR1\nto stderr\n");
  });

  it("refuses an agent with a wrong token", async () => {
    const agent = startAgent(test.baton.url, "intruder", "not-the-token-at-all");
    agents.push(agent);
    await until(() => agent.log.join("").includes("HTTP 401"));
    await job("SA.INTRUDER", "INTRUDER", ["echo never"]);
    expect((await waitForEnd(test, 100, await execute("SA.INTRUDER"))).status).toBe(1821);
  });

  it("keeps a job through a network drop: every line arrives once, in order", async () => {
    const proxy: CuttableProxy = await startCuttableProxy(Number(new URL(test.baton.url).port));
    try {
      const agent = startAgent(`http://127.0.0.1:${proxy.port}`, "far2");
      agents.push(agent);
      await agent.connected();
      const runs = join(work, "drop-runs");
      await job("SA.DROP", "FAR2", [`echo run >> ${runs}`, "i=1", "while [ $i -le 30 ]; do echo line $i; i=$((i+1)); sleep 0.05; done"]);
      const runId = await execute("SA.DROP");
      await until(async () => (await report(runId)).includes("line 3"));
      proxy.cut();
      await new Promise((resolve) => setTimeout(resolve, 700));
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

  it("ends the jobs of an agent killed mid-job as lost once it stays away, and never runs them twice", async () => {
    const agent = startAgent(test.baton.url, "far3");
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
    const again = startAgent(test.baton.url, "far3");
    agents.push(again);
    await again.connected();
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(readFileSync(runs, "utf8")).toBe("run\n");
    expect(await status(runId)).toBe(1815);
  });

  it("an agent restarted while its job ran ends that job as lost at once", async () => {
    const agent = startAgent(test.baton.url, "far4");
    agents.push(agent);
    await agent.connected();
    await job("SA.RESTARTED", "FAR4", ["echo started", "sleep 5"]);
    const runId = await execute("SA.RESTARTED");
    await until(async () => (await report(runId)).includes("started"));
    agent.child.kill("SIGKILL");
    const restarted = startAgent(test.baton.url, "far4");
    agents.push(restarted);
    await restarted.connected();
    await until(async () => (await status(runId)) === 1815, 1000);
  });

  it("transfers files to and from a standalone agent", async () => {
    const agent = startAgent(test.baton.url, "far5");
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
});
