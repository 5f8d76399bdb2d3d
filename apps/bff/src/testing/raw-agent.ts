import { AGENT_ENDPOINT_PATH, EngineMessage, type AgentHello } from "@baton/contract";
import { WebSocket } from "ws";
import { until } from "./test-baton";

/** A raw connection to the agent endpoint, speaking the protocol by hand as a rogue agent would. */
export interface RawAgent {
  socket: WebSocket;
  /** What the engine sent, parsed. */
  received: EngineMessage[];
  /** How the connection ended: its close code and reason. */
  closed: Promise<{ code: number; reason: string }>;
}

export function rawHello(name: string): AgentHello {
  return { type: "hello", name, version: "0.1.0", platform: "UNIX", hardware: "x", software: "rogue", ip_address: "", running: [], session: `rogue-${Date.now()}` };
}

/** Opens a connection to the engine at `engineUrl` (http(s)://host:port) with the bearer value given, without saying anything yet. */
export async function openRawAgent(engineUrl: string, bearer: string): Promise<RawAgent> {
  const socket = new WebSocket(`${engineUrl.replace(/^http/, "ws")}${AGENT_ENDPOINT_PATH}`, { headers: { authorization: `Bearer ${bearer}` } });
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
export async function connectRawAgent(engineUrl: string, bearer: string, name: string): Promise<RawAgent & { welcome: Extract<EngineMessage, { type: "welcome" }> }> {
  const agent = await openRawAgent(engineUrl, bearer);
  agent.socket.send(JSON.stringify(rawHello(name)));
  let welcome: Extract<EngineMessage, { type: "welcome" }> | undefined;
  await until(() => {
    welcome = agent.received.find((message): message is Extract<EngineMessage, { type: "welcome" }> => message.type === "welcome");
    return welcome !== undefined;
  }, 5000);
  if (welcome === undefined) throw new Error("no welcome");
  return { ...agent, welcome };
}
