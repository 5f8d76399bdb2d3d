import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AGENT_MAX_FRAME_BYTES, OutExecution, OutRunId } from "@baton/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { startAgentProcess, type AgentProcess } from "../testing/agent-process";
import { connectRawAgent, openRawAgent, rawHello, type RawAgent } from "../testing/raw-agent";
import { reportText } from "../testing/report-text";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";

const TOKEN = "rogue-agent-enrolment-token-0123";
const LOST_MS = 1500;
const ROGUE = "ROGUE01";

/** Sends one frame and returns how the engine ended the connection (failing when it leaves it open). */
async function sendAndWaitClose(agent: RawAgent, frame: string): Promise<{ code: number; reason: string }> {
  agent.socket.send(frame);
  let timer: NodeJS.Timeout | undefined;
  const open = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error("the engine left the connection open after the frame")), 5000);
  });
  try {
    return await Promise.race([agent.closed, open]);
  } finally {
    clearTimeout(timer);
  }
}

/** A report line whose `text` is a JSON array nested `depth` levels deep. */
const nestedOutput = (depth: number) => `{"type":"output","seq":1,"run_id":1,"text":${"[".repeat(depth)}${"]".repeat(depth)}}`;

/**
 * A rogue agent, holding a valid credential of its own, sends frames that break the protocol.
 * Every frame is bounded (size by the endpoint's maxPayload, nesting by the JSON depth scan)
 * before it is parsed and must match the protocol's schema; a frame that fails ends that agent's
 * connection (1008; 1009 for a frame over the size limit) and nothing else: the server serves on,
 * its job ends as for any vanished agent, and a well-behaved agent runs jobs as before.
 *
 * SQLite only: the frames are refused before anything reaches the store, and the paths they end in
 * (an agent going away, a job ending lost) are the ones agent-tenancy.test.ts runs on both dialects.
 */
describe("a rogue agent on sqlite", () => {
  let test: TestBaton;
  let work: string;
  let rogueKey: string;
  const agents: AgentProcess[] = [];
  const sockets: WebSocket[] = [];

  const ping = async () => (await fetch(`${test.baton.restUrl}/ping`)).status;
  const execute = async (name: string) => OutRunId.parse(await (await test.rest("/0/executions", json({ object_name: name, execution_option: "execute" }))).json()).run_id;
  const job = async (name: string, agent: string, lines: string[]) => expect((await test.rest("/0/objects?overwrite_existing_objects=true", json(jobEnvelope(name, lines, { job_attributes: { platform: "UNIX", agent, unix_shell: "sh" } })))).status).toBe(200);
  const status = async (runId: number) => OutExecution.parse(await (await test.rest(`/0/executions/${runId}`)).json()).status;
  const rogue = async () => {
    const agent = await connectRawAgent(test.baton.url, rogueKey, ROGUE);
    sockets.push(agent.socket);
    return agent;
  };

  beforeAll(async () => {
    test = await startTestBaton("sqlite", { BATON_AGENT_TOKEN: TOKEN, BATON_AGENT_LOST_MS: String(LOST_MS) });
    work = mkdtempSync(join(tmpdir(), "baton-rogue-agent-"));
    // The rogue agent enrols as any agent does and keeps the credential its welcome carries.
    const enrolled = await connectRawAgent(test.baton.url, TOKEN, ROGUE);
    expect(enrolled.welcome.key).toBeDefined();
    rogueKey = enrolled.welcome.key ?? "";
    enrolled.socket.close(1000);
    await enrolled.closed;
  });
  afterEach(() => {
    for (const agent of agents.splice(0)) agent.child.kill("SIGKILL");
    for (const socket of sockets.splice(0)) socket.terminate();
  });
  afterAll(async () => {
    await test.stop();
    rmSync(work, { recursive: true, force: true });
  });

  it("a frame nested 10,000 deep, frames of the wrong shape, a non-JSON frame and an oversized frame each close the rogue's connection; the server serves on and a good agent runs a job to 1900", async () => {
    const attacks: Array<{ what: string; frame: string; code: number }> = [
      { what: "nested 10,000 deep", frame: nestedOutput(10_000), code: 1008 },
      { what: "report text as a number", frame: JSON.stringify({ type: "output", seq: 1, run_id: 1, text: 5 }), code: 1008 },
      { what: "run id as an object", frame: JSON.stringify({ type: "ended", seq: 1, result: { run_id: { $gt: 0 }, exit_code: 0, signal: null, ended_by: "exit" } }), code: 1008 },
      { what: "a file call answered with a value of no kind", frame: JSON.stringify({ type: "reply", id: 1, value: { files: "all of them" } }), code: 1008 },
      { what: "no type", frame: JSON.stringify({ seq: 1 }), code: 1008 },
      { what: "not JSON", frame: "this is not JSON {", code: 1008 },
      // Over the limit: refused by its length before it is buffered (RFC 6455: 1009, message too big).
      { what: "oversized", frame: JSON.stringify({ type: "output", seq: 1, run_id: 1, text: "x".repeat(AGENT_MAX_FRAME_BYTES) }), code: 1009 },
    ];
    for (const attack of attacks) {
      const agent = await rogue();
      const closed = await sendAndWaitClose(agent, attack.frame);
      expect(closed.code, attack.what).toBe(attack.code);
      expect(await ping(), attack.what).toBe(200);
    }
    // The first frame too (the hello) is bounded and checked before anything is done with it.
    for (const frame of [`{"type":"hello","running":${"[".repeat(10_000)}${"]".repeat(10_000)}}`, "not JSON", JSON.stringify({ ...rawHello(ROGUE), running: "all" })]) {
      const agent = await openRawAgent(test.baton.url, rogueKey);
      sockets.push(agent.socket);
      expect((await sendAndWaitClose(agent, frame)).code).toBe(1008);
      expect(await ping()).toBe(200);
    }

    // Each refusal is logged at warn with the agent's name, never with its credential.
    const refusals = test.logs.filter((line) => line.includes("breaks the protocol") || line.includes("bad hello") || line.includes("protocol error"));
    expect(refusals.length).toBeGreaterThanOrEqual(attacks.length + 3);
    for (const line of refusals) {
      expect(line).toContain('"level":40');
      expect(line).toContain(ROGUE);
    }
    expect(test.logs.some((line) => line.includes(rogueKey))).toBe(false);

    // A well-behaved agent (a real baton-agent process) works as before.
    const good = startAgentProcess(test.baton.url, "GOOD01", join(work, "good"), TOKEN);
    agents.push(good);
    await good.connected();
    await job("ROGUE.GOOD", "GOOD01", ["echo well behaved"]);
    const runId = await execute("ROGUE.GOOD");
    expect((await waitForEnd(test, 0, runId)).status).toBe(1900);
    const report = await reportText(test.rest, 0, runId, "REP");
    expect(report).toBe("well behaved\n");
  });

  it("a rogue agent that breaks the protocol during its job loses the connection; the job ends lost (1815) as for any vanished agent", async () => {
    const agent = await rogue();
    await job("ROGUE.JOB", ROGUE, ["echo never run here"]);
    const runId = await execute("ROGUE.JOB");
    await until(() => agent.received.some((message) => message.type === "run" && message.request.run_id === runId), 10_000);
    // Its report of the job, with the run id as an object.
    const frame = JSON.stringify({ type: "ended", seq: 1, result: { run_id: { toString: runId }, exit_code: 0, signal: null, ended_by: "exit" } });
    expect((await sendAndWaitClose(agent, frame)).code).toBe(1008);
    // Nothing the frame said was taken: the job is still active until the lost window has passed.
    expect(await status(runId)).toBeLessThan(1800);
    const closedAt = Date.now();
    await until(async () => (await status(runId)) >= 1800, LOST_MS + 5000);
    expect(await status(runId)).toBe(1815);
    expect(Date.now() - closedAt).toBeGreaterThanOrEqual(LOST_MS - 500);
    expect(await ping()).toBe(200);
  });
});
