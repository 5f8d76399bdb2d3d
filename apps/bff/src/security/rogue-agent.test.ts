import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AGENT_ENDPOINT_PATH, AGENT_MAX_FRAME_BYTES, EngineMessage, OutExecution, OutRunId, type AgentHello } from "@baton/contract";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { startAgentProcess, type AgentProcess } from "../testing/agent-process";
import { reportText } from "../testing/report-text";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";

const TOKEN = "rogue-agent-enrolment-token-0123";
const LOST_MS = 1500;
const ROGUE = "ROGUE01";

/** A raw connection to the agent endpoint, speaking the protocol by hand as a rogue agent would. */
interface RawAgent {
  socket: WebSocket;
  /** What the engine sent, parsed. */
  received: EngineMessage[];
  /** How the connection ended: its close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
}

function hello(name: string): AgentHello {
  return { type: "hello", name, version: "0.1.0", platform: "UNIX", hardware: "x", software: "rogue", ip_address: "", running: [], session: `rogue-${Date.now()}` };
}

/** Opens a connection with the bearer value given, without saying anything yet. */
async function open(test: TestBaton, bearer: string): Promise<RawAgent> {
  const socket = new WebSocket(`${test.baton.url.replace(/^http/, "ws")}${AGENT_ENDPOINT_PATH}`, { headers: { authorization: `Bearer ${bearer}` } });
  const received: EngineMessage[] = [];
  socket.on("message", (data) => received.push(EngineMessage.parse(JSON.parse(data.toString()))));
  // The engine closing on a frame may reset the socket while a large frame is still being written.
  socket.on("error", () => undefined);
  const closed = new Promise<{ code: number; reason: string }>((resolve) => socket.on("close", (code, reason) => resolve({ code, reason: reason.toString() })));
  await new Promise<void>((resolve, reject) => {
    socket.once("open", () => resolve());
    socket.once("unexpected-response", (_req, res) => reject(new Error(`agent endpoint answered HTTP ${res.statusCode}`)));
  });
  return { socket, received, closed };
}

/** Connects as the agent `name` and waits for the engine's welcome. */
async function connect(test: TestBaton, bearer: string, name: string): Promise<RawAgent & { welcome: Extract<EngineMessage, { type: "welcome" }> }> {
  const agent = await open(test, bearer);
  agent.socket.send(JSON.stringify(hello(name)));
  let welcome: Extract<EngineMessage, { type: "welcome" }> | undefined;
  await until(() => {
    welcome = agent.received.find((message): message is Extract<EngineMessage, { type: "welcome" }> => message.type === "welcome");
    return welcome !== undefined;
  }, 5000);
  if (welcome === undefined) throw new Error("no welcome");
  return { ...agent, welcome };
}

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
    const agent = await connect(test, rogueKey, ROGUE);
    sockets.push(agent.socket);
    return agent;
  };

  beforeAll(async () => {
    test = await startTestBaton("sqlite", { BATON_AGENT_TOKEN: TOKEN, BATON_AGENT_LOST_MS: String(LOST_MS) });
    work = mkdtempSync(join(tmpdir(), "baton-rogue-agent-"));
    // The rogue agent enrols as any agent does and keeps the credential its welcome carries.
    const enrolled = await connect(test, TOKEN, ROGUE);
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
    for (const frame of [`{"type":"hello","running":${"[".repeat(10_000)}${"]".repeat(10_000)}}`, "not JSON", JSON.stringify({ ...hello(ROGUE), running: "all" })]) {
      const agent = await open(test, rogueKey);
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
