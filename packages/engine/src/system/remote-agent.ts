import { AgentMessage, EngineMessage, FileListing, PieceQueue, type AgentHello, type JobRequest, type JobResult } from "@baton/contract";
import type { Logger } from "pino";
import type { RawData, WebSocket } from "ws";
import { z } from "zod";
import type { Agent, RunningJob } from "../runtime/agent-port";
import { POLICY_VIOLATION, readAgentFrame } from "./agent-frame";

/** Bytes per chunk of a file sent to an agent. */
const CHUNK_BYTES = 64 * 1024;

interface RemoteJob {
  onOutput(text: string): void;
  finish(result: JobResult): void;
  cancelled: boolean;
  /** Whether its output is paused (the engine's writes of it lag behind). */
  paused: boolean;
}

/** The size in bytes a file read or write answers. */
const FileSize = z.int().min(0);

interface PendingCall {
  resolve(value: unknown): void;
  reject(error: Error): void;
  /** What the call's reply value must be. */
  expects: z.ZodType;
  /** For a file being read: where its pieces go. */
  stream?: PieceQueue;
}

export interface RemoteAgentOptions {
  logger: Logger;
  /** How long the agent may be away before its running jobs end as lost. */
  lostAfterMs: number;
  /** Called when the agent comes (true) and goes (false), so that the engine's list of connected agents follows. */
  onPresence(agent: RemoteAgent, connected: boolean): void;
  /** The engine's time (epoch ms), for when the agent was last heard. */
  now(): number;
}

/**
 * A standalone agent as the engine sees it: the Agent port over a WebSocket that may drop and
 * come back. Job output and ends are numbered by the agent; the engine keeps the last number it
 * has, tells it on every reconnect, acknowledges what it got and ignores repeats. An agent away
 * longer than `lostAfterMs` has its jobs ended as lost.
 */
export class RemoteAgent implements Agent {
  readonly name: string;
  #hello: AgentHello;
  #socket: WebSocket | undefined;
  /** The credential (its hash) the current connection was admitted with. */
  #keyHash: string | undefined;
  /** The agent process the reports come from: a new process numbers its reports from 1 again. */
  #session: string | undefined;
  #received = 0;
  #ackScheduled = false;
  #nextCallId = 1;
  #lostTimer: NodeJS.Timeout | undefined;
  #lastHeard: number | undefined;
  readonly #jobs = new Map<number, RemoteJob>();
  readonly #calls = new Map<number, PendingCall>();

  constructor(
    hello: AgentHello,
    private readonly options: RemoteAgentOptions,
  ) {
    this.name = hello.name;
    this.#hello = hello;
  }

  get platform(): string {
    return this.#hello.platform;
  }

  get maxJobs(): number | undefined {
    return this.#hello.max_jobs;
  }

  /** What the agent said of itself when it last connected. */
  get hello(): AgentHello {
    return this.#hello;
  }

  /** When the engine last heard from the agent (its hello, a heartbeat's answer or any message); undefined before its first connection. */
  get lastHeard(): number | undefined {
    return this.#lastHeard;
  }

  get connected(): boolean {
    return this.#socket !== undefined;
  }

  /** The connection now, if any. */
  get socket(): WebSocket | undefined {
    return this.#socket;
  }

  /** The credential (its hash) the current connection was admitted with. */
  get keyHash(): string | undefined {
    return this.#keyHash;
  }

  /** Ends the connection (its credential was revoked); its jobs end as lost unless the agent is back in time. */
  disconnect(code: number, reason: string): void {
    this.#socket?.close(code, reason);
  }

  /**
   * Takes a new connection of this agent (replacing an older one of the same credential), giving
   * it `newKey` when the registry issued one: jobs the agent no longer knows
   * end as lost (it restarted, or never got them; they never run twice), cancels are sent again, and
   * whether each job's output is paused.
   */
  attach(socket: WebSocket, hello: AgentHello, keyHash: string, newKey?: string): void {
    const previous = this.#socket;
    this.#socket = socket;
    this.#keyHash = keyHash;
    previous?.terminate();
    clearTimeout(this.#lostTimer);
    this.#hello = hello;
    // Another process (restarted, or another installation): its reports are numbered from 1 again,
    // and taking them for repeats of the last process's would leave its jobs active for ever.
    // (Agents older than sessions say none: they keep the old numbering.)
    if (hello.session !== undefined && hello.session !== this.#session) this.#received = 0;
    this.#session = hello.session;
    this.#send({ type: "welcome", received: this.#received, ...(newKey !== undefined && { key: newKey }) });
    const known = new Set(hello.running);
    for (const [runId, job] of this.#jobs) {
      if (!known.has(runId)) job.finish(lost(runId, "the agent did not know the job when it connected again (it restarted or never received it)"));
      else {
        if (job.cancelled) this.#send({ type: "cancel", run_id: runId });
        // Whether its output waits may have changed while the connection was away.
        this.#send({ type: job.paused ? "pause_output" : "resume_output", run_id: runId });
      }
    }
    // (Its error events, e.g. a frame over maxPayload, are heard by the endpoint from the start.)
    this.#lastHeard = this.options.now();
    socket.on("message", (data) => this.#onFrame(socket, data));
    socket.on("pong", () => this.#heard(socket));
    socket.on("close", () => this.#detach(socket));
    this.options.onPresence(this, true);
  }

  run(request: JobRequest, onOutput: (text: string) => void): RunningJob {
    if (this.#socket === undefined) throw new Error(`agent ${this.name} is not connected`);
    let finish: (result: JobResult) => void = () => undefined;
    const result = new Promise<JobResult>((resolve) => {
      finish = resolve;
    });
    const job: RemoteJob = {
      onOutput,
      cancelled: false,
      paused: false,
      finish: (ended) => {
        if (this.#jobs.get(request.run_id) !== job) return;
        this.#jobs.delete(request.run_id);
        finish(ended);
      },
    };
    this.#jobs.set(request.run_id, job);
    this.#send({ type: "run", request });
    return {
      result,
      cancel: () => {
        job.cancelled = true;
        this.#send({ type: "cancel", run_id: request.run_id });
      },
      pauseOutput: () => {
        job.paused = true;
        this.#send({ type: "pause_output", run_id: request.run_id });
      },
      resumeOutput: () => {
        job.paused = false;
        this.#send({ type: "resume_output", run_id: request.run_id });
      },
    };
  }

  async listFiles(pattern: string): Promise<FileListing> {
    return this.#call({ type: "list_files", pattern }, FileListing).catch((error: Error) => ({ files: [], error: error.message }));
  }

  async isDirectory(path: string): Promise<boolean> {
    return this.#call({ type: "is_directory", path }, z.boolean()).catch(() => false);
  }

  /** The agent sends the file's pieces, then a reply with its size (or an error). */
  async *readFile(path: string): AsyncIterable<Uint8Array> {
    const stream = new PieceQueue();
    this.#call({ type: "read_file", path }, FileSize, stream).catch((error: Error) => stream.fail(error));
    yield* stream;
  }

  async writeFile(path: string, content: AsyncIterable<Uint8Array>, overwrite: boolean): Promise<number> {
    const id = this.#nextCallId++;
    const reply = this.#register(id, FileSize);
    this.#send({ type: "write_file", id, path, overwrite });
    for await (const piece of content) {
      for (let at = 0; at < piece.length; at += CHUNK_BYTES) await this.#sendNow({ type: "chunk", id, data: Buffer.from(piece.subarray(at, at + CHUNK_BYTES)).toString("base64") });
    }
    this.#send({ type: "end", id });
    return reply;
  }

  /** Asks the agent to cancel every job and ends them all as lost: the engine is stopping. */
  stop(): void {
    clearTimeout(this.#lostTimer);
    for (const [runId, job] of this.#jobs) {
      this.#send({ type: "cancel", run_id: runId });
      job.finish(lost(runId, "the engine stopped"));
    }
    this.#socket?.close(1001, "engine stopping");
  }

  /**
   * Takes one frame of the agent, which may be rogue: a frame that is too deep, not JSON or not a
   * protocol message closes the connection (1008) and changes nothing else; the agent's jobs then
   * end as lost unless it is back within `lostAfterMs`, as for any agent that went away. Nothing
   * thrown here leaves the socket's handler.
   */
  #onFrame(socket: WebSocket, data: RawData): void {
    if (this.#socket !== socket) return;
    this.#heard(socket);
    const frame = readAgentFrame(data, AgentMessage);
    if (!frame.ok) {
      this.options.logger.warn({ agent: this.name, reason: frame.reason }, "agent sent a frame that breaks the protocol: its connection is closed");
      socket.close(POLICY_VIOLATION, frame.reason);
      return;
    }
    try {
      this.#receive(frame.message);
    } catch (error) {
      this.options.logger.error({ agent: this.name, err: error }, "could not take a message of an agent: its connection is closed");
      socket.close(1011, "engine error");
    }
  }

  #receive(message: AgentMessage): void {
    switch (message.type) {
      case "output":
      case "ended":
        if (message.seq <= this.#received) return;
        // Reports come in order on a connection; a gap means some were lost on the way.
        if (message.seq > this.#received + 1) this.options.logger.warn({ agent: this.name, expected: this.#received + 1, got: message.seq }, "job reports of the agent are missing");
        this.#received = message.seq;
        this.#scheduleAck();
        if (message.type === "output") this.#jobs.get(message.run_id)?.onOutput(message.text);
        else this.#jobs.get(message.result.run_id)?.finish(message.result);
        return;
      case "reply": {
        const call = this.#calls.get(message.id);
        this.#calls.delete(message.id);
        if (call === undefined) return;
        // The value must be what this call answers (a listing, a flag, a size): else the call fails.
        const value = call.expects.safeParse(message.value);
        if (message.error !== undefined || !value.success) {
          const error = new Error(message.error ?? `agent ${this.name} answered a file call with a value of the wrong kind`);
          call.stream?.fail(error);
          call.reject(error);
        } else {
          call.stream?.end();
          call.resolve(value.data);
        }
        return;
      }
      case "chunk":
        this.#calls.get(message.id)?.stream?.push(Buffer.from(message.data, "base64"));
        return;
      case "hello":
        return;
    }
  }

  /** The agent answered on its current connection: it is alive now. */
  #heard(socket: WebSocket): void {
    if (this.#socket === socket) this.#lastHeard = this.options.now();
  }

  #detach(socket: WebSocket): void {
    if (this.#socket !== socket) return;
    this.#socket = undefined;
    this.options.onPresence(this, false);
    for (const [id, call] of this.#calls) {
      this.#calls.delete(id);
      const error = new Error(`agent ${this.name} disconnected`);
      call.reject(error);
      call.stream?.fail(error);
    }
    this.#lostTimer = setTimeout(() => {
      for (const [runId, job] of this.#jobs) job.finish(lost(runId, `the agent was away for more than ${Math.round(this.options.lostAfterMs / 1000)} s`));
    }, this.options.lostAfterMs);
  }

  /** Acknowledges once per turn of the event loop, however many messages came in it. */
  #scheduleAck(): void {
    if (this.#ackScheduled) return;
    this.#ackScheduled = true;
    setImmediate(() => {
      this.#ackScheduled = false;
      this.#send({ type: "ack", seq: this.#received });
    });
  }

  #call<T>(message: DistributiveOmit<EngineMessage & { id: number }, "id">, expects: z.ZodType<T>, stream?: PieceQueue): Promise<T> {
    const id = this.#nextCallId++;
    const reply = this.#register(id, expects, stream);
    this.#send({ ...message, id } as EngineMessage);
    return reply;
  }

  #register<T>(id: number, expects: z.ZodType<T>, stream?: PieceQueue): Promise<T> {
    if (this.#socket === undefined) return Promise.reject(new Error(`agent ${this.name} is not connected`));
    return new Promise((resolve, reject) => this.#calls.set(id, { resolve, reject, expects, ...(stream && { stream }) }));
  }

  #send(message: EngineMessage): void {
    this.#socket?.send(JSON.stringify(message));
  }

  /** Sends and waits until the socket has taken the message, so a large file does not pile up in memory. */
  #sendNow(message: EngineMessage): Promise<void> {
    const socket = this.#socket;
    if (socket === undefined) return Promise.reject(new Error(`agent ${this.name} disconnected`));
    return new Promise((resolve, reject) => socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));
  }
}

type DistributiveOmit<T, K extends PropertyKey> = T extends unknown ? Omit<T, K> : never;

function lost(runId: number, message: string): JobResult {
  return { run_id: runId, exit_code: null, signal: null, ended_by: "lost", message };
}
