import { OutExecution, OutRunId } from "@baton/contract";
import { holdReportPages, testDialects } from "@baton/engine/testing";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startAgentProcess, type AgentProcess } from "../testing/agent-process";
import { connectRawAgent } from "../testing/raw-agent";
import { waitForStatus } from "../testing/baton-process";
import { reportText } from "../testing/report-text";
import { jobEnvelope, until } from "../testing/test-baton";
import { faultBatons, post, type FaultBaton } from "./fault-batons";

const TOKEN = "slow-database-agent-token";
/** About 48 MB of output: far more than the engine lets wait for the database (PAUSE_AT_CHARACTERS, 4 Mi) or an agent keeps unacknowledged (16 Mi). */
const LINES = 6_000_000;

/**
 * PostgreSQL only: there a write the database is slow to take waits on its own connection while the
 * engine goes on taking the job's output. SQLite's writes run on the engine's thread, which takes no
 * output while one waits.
 */
describe.runIf(testDialects.includes("postgres"))("job output while PostgreSQL stores it slower than the job writes it", () => {
  const batons = faultBatons();
  let signals: string;
  const agents: AgentProcess[] = [];
  beforeAll(() => {
    signals = mkdtempSync(join(tmpdir(), "baton-slow-"));
  });
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.child.kill("SIGKILL");
  });
  afterAll(() => rmSync(signals, { recursive: true, force: true }));

  const execute = async (baton: FaultBaton, name: string) => OutRunId.parse(await (await baton.send("/100/executions", post({ object_name: name, execution_option: "execute" }))).json()).run_id;
  const report = (baton: FaultBaton, runId: number) => reportText(baton.send, 100, runId, "REP");

  it("holds the job at its writes until the pages are stored, on the in-process agent and on a standalone one, and loses none of its output", { timeout: 120_000 }, async () => {
    const location = await batons.database("postgres");
    const baton = await batons.startOn(location, { BATON_AGENT_TOKEN: TOKEN });
    const agent = startAgentProcess(new URL(baton.rest).origin, "slow1", join(signals, "agent"), TOKEN);
    agents.push(agent);
    await agent.connected();
    const go = join(signals, "go");
    const jobs = ["LOCAL", "SLOW1"].map((agentName) => ({ agentName, name: `SLOW.${agentName}`, done: join(signals, `done-${agentName}`) }));
    for (const job of jobs) {
      await baton.send("/100/objects", post(jobEnvelope(job.name, ["echo waiting", `while [ ! -f ${go} ]; do sleep 0.05; done`, `seq 1 ${LINES}`, `touch ${job.done}`, "echo last line"], { job_attributes: { platform: "UNIX", agent: job.agentName, unix_shell: "sh" } })));
    }
    const runIds = await Promise.all(jobs.map((job) => execute(baton, job.name)));
    for (const runId of runIds) await until(async () => (await report(baton, runId)) === "waiting\n");

    const held = await holdReportPages(location.databaseUrl ?? "");
    try {
      writeFileSync(go, "");
      // Without being held, each job writes its 48 MB well within this.
      await new Promise((resolve) => setTimeout(resolve, 3000));
      for (const job of jobs) expect(existsSync(job.done), `${job.name} went on writing`).toBe(false);
    } finally {
      await held.release();
    }

    const expected = `waiting\n${Array.from({ length: LINES }, (_, i) => i + 1).join("\n")}\nlast line\n`;
    for (const runId of runIds) {
      const ended = OutExecution.parse(await waitForStatus(baton.rest, runId, (status) => status >= 1800));
      expect(ended).toMatchObject({ status: 1900, return_code: 0 });
      expect((await report(baton, runId)) === expected).toBe(true);
    }
  });

  it("drops and counts what an agent goes on sending while asked to wait, past 32 Mi characters, and ends its job ENDED_NOT_OK saying so", { timeout: 120_000 }, async () => {
    const location = await batons.database("postgres");
    const baton = await batons.startOn(location, { BATON_AGENT_TOKEN: TOKEN });
    const rogue = await connectRawAgent(new URL(baton.rest).origin, TOKEN, "ROGUE1");
    try {
      await baton.send("/100/objects", post(jobEnvelope("SLOW.ROGUE", ["true"], { job_attributes: { platform: "UNIX", agent: "ROGUE1", unix_shell: "sh" } })));
      const runId = await execute(baton, "SLOW.ROGUE");
      await until(() => rogue.received.some((message) => message.type === "run" && message.request.run_id === runId));
      const held = await holdReportPages(location.databaseUrl ?? "");
      // 64 Mi characters in pieces of 64 Ki, sent without waiting for anything the engine says.
      const piece = "r".repeat(64 * 1024 - 1) + "\n";
      const pieces = 1024;
      let seq = 0;
      try {
        for (let i = 0; i < pieces; i++) rogue.socket.send(JSON.stringify({ type: "output", seq: ++seq, run_id: runId, text: piece }));
        rogue.socket.send(JSON.stringify({ type: "ended", seq: ++seq, result: { run_id: runId, exit_code: 0, signal: null, ended_by: "exit" } }));
        await until(() => rogue.received.some((message) => message.type === "ack" && message.seq === seq), 60_000);
        expect(rogue.received.some((message) => message.type === "pause_output" && message.run_id === runId)).toBe(true);
      } finally {
        await held.release();
      }
      const ended = OutExecution.parse(await waitForStatus(baton.rest, runId, (status) => status >= 1800));
      expect(ended).toMatchObject({ status: 1800, return_code: 0 });
      const dropped = /U00011418 (\d+) characters of the job's output were dropped: agent 'ROGUE1' went on sending it while asked to wait for the database: report REP is incomplete\./.exec(await reportText(baton.send, 100, runId, "ACT"));
      expect(dropped).not.toBeNull();
      expect((await report(baton, runId)).length + Number(dropped?.[1])).toBe(piece.length * pieces);
    } finally {
      rogue.socket.terminate();
    }
  });
});
