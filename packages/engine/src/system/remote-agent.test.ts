import { EngineMessage, type AgentHello } from "@baton/contract";
import type { AddressInfo } from "node:net";
import pino from "pino";
import { afterEach, describe, expect, it } from "vitest";
import { WebSocket, WebSocketServer } from "ws";
import { RemoteAgent } from "./remote-agent";

const hello = (running: number[]): AgentHello => ({ type: "hello", name: "FAR", version: "1", platform: "UNIX", hardware: "x", software: "y", ip_address: "127.0.0.1", running, session: "one" });

/** A connection to the engine's side of it, as an agent has one: what the engine sent over it. */
interface Connection {
  engineSide: WebSocket;
  agentSide: WebSocket;
  received: EngineMessage[];
}

describe("a standalone agent's jobs as the engine holds them", () => {
  const servers: WebSocketServer[] = [];
  afterEach(async () => {
    for (const server of servers.splice(0)) {
      for (const client of server.clients) client.terminate();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  async function connect(): Promise<Connection> {
    const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
    servers.push(server);
    await new Promise((resolve) => server.once("listening", resolve));
    const engineSide = new Promise<WebSocket>((resolve) => server.once("connection", resolve));
    const agentSide = new WebSocket(`ws://127.0.0.1:${(server.address() as AddressInfo).port}`);
    const received: EngineMessage[] = [];
    agentSide.on("message", (data) => received.push(EngineMessage.parse(JSON.parse(String(data)))));
    await new Promise((resolve) => agentSide.once("open", resolve));
    return { engineSide: await engineSide, agentSide, received };
  }

  async function until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 5000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  it("tells an agent that connects again whether each of its jobs' output is paused, a change made while it was away included", async () => {
    const agent = new RemoteAgent(hello([]), { logger: pino({ level: "silent" }), lostAfterMs: 60_000, onPresence: () => {}, now: Date.now });
    const first = await connect();
    agent.attach(first.engineSide, hello([]), "key");
    const paused = agent.run({ run_id: 1, shell: "sh", script: "", max_runtime_seconds: 0, env: {} }, () => {});
    const resumed = agent.run({ run_id: 2, shell: "sh", script: "", max_runtime_seconds: 0, env: {} }, () => {});
    paused.pauseOutput();
    resumed.pauseOutput();
    await until(() => first.received.filter((message) => message.type === "pause_output").length === 2);

    first.agentSide.close();
    await until(() => !agent.connected);
    // Sent while nobody hears it.
    resumed.resumeOutput();

    const second = await connect();
    agent.attach(second.engineSide, hello([1, 2]), "key");
    await until(() => second.received.length >= 3);
    expect(second.received).toEqual([
      { type: "welcome", received: 0 },
      { type: "pause_output", run_id: 1 },
      { type: "resume_output", run_id: 2 },
    ]);
  });
});
