import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";
import { AGENT_ENDPOINT_PATH, AGENT_MAX_FRAME_BYTES, AgentHello } from "@baton/contract";
import type { Logger } from "pino";
import { WebSocket, WebSocketServer, type RawData } from "ws";
import type { Agent } from "../runtime/agent-port";
import type { Clock } from "../runtime/clock";
import { POLICY_VIOLATION, readAgentFrame } from "./agent-frame";
import type { Presented } from "./agent-admission";
import type { AgentRegistry } from "./agent-registry";
import { RemoteAgent } from "./remote-agent";

/** Time a new connection has to say hello. */
const HELLO_TIMEOUT_MS = 10_000;

export interface AgentEndpointOptions {
  /** The operator's enrolment token, which enrols new agent names; undefined: agents connect with their own credentials only. */
  token: string | undefined;
  /** The engine's agents by name; connected standalone agents are added and removed here. */
  agents: Map<string, Agent>;
  logger: Logger;
  /** How long an agent may be away before its running jobs end as lost. */
  lostAfterMs: number;
  /** How often each connection is pinged; one that did not answer the previous ping is closed. */
  heartbeatMs: number;
  /** Decides whether an agent that said hello may work (authentication, its own key). */
  registry: AgentRegistry;
  /** Called when an agent came: jobs waiting for it can start. */
  onAgentConnected(): void;
  /** The engine's time: when agents were last heard. */
  clock: Clock;
}

/**
 * The agents' WebSocket endpoint (CP): takes connections that present an agent's own credential or
 * the enrolment token (`Authorization: Bearer`; 401 otherwise), takes each agent's hello and lets
 * the registry admit it, keeps one RemoteAgent per name across reconnects and watches each
 * connection with pings. A live agent is never replaced by a connection with another credential.
 * Close codes: 1008 a frame too deep, not JSON or not a protocol message (also a bad hello), 1009 a
 * frame over AGENT_MAX_FRAME_BYTES, 4009 name taken, 4401 waiting for authentication, 4403 wrong
 * credential (or revoked), 4409 the agent is connected with another credential.
 */
export class AgentEndpoint {
  readonly #server = new WebSocketServer({ noServer: true, maxPayload: AGENT_MAX_FRAME_BYTES });
  readonly #remotes = new Map<string, RemoteAgent>();
  readonly #alive = new WeakMap<WebSocket, boolean>();
  readonly #heartbeat: NodeJS.Timeout;

  constructor(private readonly options: AgentEndpointOptions) {
    this.#heartbeat = setInterval(() => this.#ping(), options.heartbeatMs);
    this.#heartbeat.unref();
  }

  /** Whether an upgrade request is for this endpoint. */
  handles(req: IncomingMessage): boolean {
    return new URL(req.url ?? "/", "http://localhost").pathname === AGENT_ENDPOINT_PATH;
  }

  /** Takes an HTTP upgrade to the agent endpoint: 401 without an agent's credential or the enrolment token. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    const header = req.headers.authorization;
    const bearer = header?.startsWith("Bearer ") ? header.slice("Bearer ".length) : undefined;
    const refuse = () => socket.end("HTTP/1.1 401 Unauthorized\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
    this.options.registry.admission.presented(bearer, this.options.token).then(
      (presented) => {
        if (presented === undefined) {
          this.options.logger.warn({ address: req.socket.remoteAddress }, "agent connection refused: no valid credential");
          refuse();
          return;
        }
        this.#server.handleUpgrade(req, socket, head, (ws) => this.#greet(ws, req.socket.remoteAddress ?? "", presented));
      },
      (error: unknown) => {
        this.options.logger.error({ err: error }, "could not check an agent's credential");
        socket.end("HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
      },
    );
  }

  /** Ends the live connection of the agent here (its credential was revoked). */
  disconnect(name: string): void {
    const remote = this.#remotes.get(name);
    if (remote?.connected !== true) return;
    this.options.logger.warn({ agent: name }, "agent credential revoked: its connection is ended");
    remote.disconnect(4403, "credential revoked");
  }

  /** Names of the standalone agents connected now. */
  connectedNames(): string[] {
    return [...this.#remotes.values()].filter((remote) => remote.connected).map((remote) => remote.name);
  }

  /** Cancels the jobs of every standalone agent (recorded as lost) and closes their connections. */
  stop(): void {
    clearInterval(this.#heartbeat);
    for (const remote of this.#remotes.values()) remote.stop();
    this.#server.close();
  }

  #greet(ws: WebSocket, address: string, presented: Presented): void {
    const timer = setTimeout(() => ws.close(4008, "no hello"), HELLO_TIMEOUT_MS);
    /** The agent's name for the log: its credential's, or its hello's once it enrols. */
    const who: Who = { agent: presented.kind === "credential" ? presented.name : undefined, address };
    this.#alive.set(ws, true);
    ws.on("pong", () => this.#alive.set(ws, true));
    // A protocol error (a frame over maxPayload: 1009, bad UTF-8, a bad opcode) closes the socket;
    // without a listener its error event would end the process.
    ws.on("error", (error) => this.options.logger.warn({ ...who, err: error.message }, "agent connection closed on a protocol error"));
    ws.once("message", (data) => {
      clearTimeout(timer);
      void this.#admit(ws, data, who, presented).catch((error: unknown) => {
        this.options.logger.error({ err: error }, "could not admit an agent");
        ws.close(1011, "engine error");
      });
    });
  }

  /** Checks the hello; an agent waiting for authentication or with a wrong key is sent away with the reason. */
  async #admit(ws: WebSocket, data: RawData, who: Who, presented: Presented): Promise<void> {
    const { address } = who;
    const frame = readAgentFrame(data, AgentHello);
    if (!frame.ok) {
      this.options.logger.warn({ ...who, reason: frame.reason }, "agent sent a bad hello: its connection is closed");
      ws.close(POLICY_VIOLATION, `bad hello: ${frame.reason}`.slice(0, 120));
      return;
    }
    who.agent ??= frame.message.name;
    const hello = { ...frame.message, ip_address: frame.message.ip_address || address };
    const existing = this.options.agents.get(hello.name);
    if (existing !== undefined && !(existing instanceof RemoteAgent)) {
      ws.close(4009, `the name ${hello.name} belongs to another agent`);
      return;
    }
    // A live agent stays: only a connection with its own credential replaces its connection (a
    // reconnect after a drop the engine has not noticed yet); any other is sent away.
    const live = this.#remotes.get(hello.name);
    const claimed = this.options.registry.admission.claimedKeyHash(hello, presented);
    // (A dead connection counts until the pings find it: at most two heartbeats.)
    if (live?.socket?.readyState === WebSocket.OPEN && (claimed === undefined || claimed !== live.keyHash)) {
      this.options.logger.warn({ agent: hello.name, address }, "a connection with another credential tried to take the place of a connected agent: refused");
      ws.close(4409, "the agent is connected with another credential");
      return;
    }
    const admission = await this.options.registry.admission.admit(hello, presented);
    if (admission.kind !== "admitted") {
      this.options.logger.warn({ agent: hello.name, address, admission }, "agent not admitted");
      ws.close(admission.kind === "waiting" ? 4401 : 4403, admission.kind === "waiting" ? "waiting for authentication" : admission.reason.slice(0, 120));
      return;
    }
    const remote = this.#remotes.get(hello.name) ?? new RemoteAgent(hello, { logger: this.options.logger, lostAfterMs: this.options.lostAfterMs, onPresence: (agent, connected) => this.#presence(agent, connected), now: () => this.options.clock.now() });
    this.#remotes.set(remote.name, remote);
    remote.attach(ws, hello, admission.keyHash, admission.newKey);
    this.options.logger.info({ agent: remote.name, version: hello.version, address }, "agent connected");
  }

  #presence(agent: RemoteAgent, connected: boolean): void {
    if (connected) {
      this.options.agents.set(agent.name, agent);
      this.options.onAgentConnected();
      return;
    }
    if (this.options.agents.get(agent.name) === agent) this.options.agents.delete(agent.name);
    this.options.logger.warn({ agent: agent.name }, "agent disconnected");
    // The agent list shows when it was last heard after it went away, on every node.
    this.#recordLastHeard([agent]);
  }

  #ping(): void {
    for (const ws of this.#server.clients) {
      if (this.#alive.get(ws) === false) {
        ws.terminate();
        continue;
      }
      this.#alive.set(ws, false);
      ws.ping();
    }
    // Other nodes' agent lists read when each agent here was last heard from the database.
    this.#recordLastHeard([...this.#remotes.values()].filter((remote) => remote.connected));
    void this.#endRevoked().catch((error: unknown) => this.options.logger.error({ err: error }, "could not check the agents' credentials"));
  }

  #recordLastHeard(agents: readonly RemoteAgent[]): void {
    for (const agent of agents) {
      void this.options.registry.recordLastHeard(agent).catch((error: unknown) => this.options.logger.error({ err: error, agent: agent.name }, "could not record when the agent was last heard"));
    }
  }

  /** A credential revoked on another node (or the agent deleted there) ends its connection here too, within a heartbeat. */
  async #endRevoked(): Promise<void> {
    const live = [...this.#remotes.values()].filter((remote) => remote.connected).map((remote) => ({ name: remote.name, keyHash: remote.keyHash }));
    for (const name of await this.options.registry.admission.revoked(live)) this.disconnect(name);
  }
}

/** Who is on a connection, for the log (never its credential). */
interface Who {
  agent: string | undefined;
  address: string;
}
