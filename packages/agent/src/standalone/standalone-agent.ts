import { AGENT_ENDPOINT_PATH, AGENT_MAX_FRAME_BYTES, EngineMessage, PieceQueue, type AgentHello, type AgentMessage, type JobRequest } from "@baton/contract";
import { randomUUID } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { WebSocket } from "ws";
import * as files from "../agent-files";
import { DEFAULT_KILL_GRACE_MS, runJob, type RunningJob } from "../run-job";
import { describeHost } from "./host-description";
import { Outbox, type JobReport } from "./outbox";

/** Bytes per piece of a file sent to the engine. */
const CHUNK_BYTES = 64 * 1024;
const FIRST_RETRY_MS = 250;
const LAST_RETRY_MS = 5_000;
/**
 * Job output the engine has not acknowledged (characters) at which the agent stops reading its
 * jobs' output, so that a slow or lost connection fills the jobs' pipes and not the agent's
 * memory; it reads on once the engine has acknowledged all but half of it.
 */
export const PAUSE_AT_CHARACTERS = 16 * 1024 * 1024;

export interface StandaloneAgentOptions {
  /** The engine's base URL, e.g. http://host:8080. */
  engineUrl: string;
  name: string;
  /**
   * The operator's enrolment token: it enrols this agent when it has no credential of its own yet
   * (or its credential was revoked). Not needed by an agent that has its credential (a package's).
   */
  token?: string | undefined;
  /**
   * The agent's own directory: its credential (`agent-key`) and the jobs' working directories live there.
   * Without it the key is kept in ~/.baton-agent/<NAME> and jobs work in the OS temp directory.
   */
  dir?: string | undefined;
  maxJobs?: number | undefined;
  /** PEM certificates to trust for an https engine (its own, when self-signed). */
  ca?: string | undefined;
  killGraceMs?: number;
  /** Told of connections, drops and problems; silent by default. */
  log?: (message: string) => void;
}

/**
 * A `baton-agent` process: connects to the engine's agent endpoint over WebSocket, says hello,
 * runs the jobs it is given and streams their output and ends back, and serves file calls. It
 * reconnects after a drop with growing waits (250 ms to 5 s); reports made meanwhile are kept and
 * sent after the reconnect (see Outbox).
 */
export class StandaloneAgent {
  readonly #outbox = new Outbox();
  /** Jobs given to this process whose end the engine has not acknowledged. */
  readonly #jobs = new Map<number, RunningJob | undefined>();
  /** Files the engine is writing, by call. */
  readonly #writes = new Map<number, PieceQueue>();
  /** Jobs whose output the engine asked to pause (its database stores it slower than they write). */
  readonly #pausedByEngine = new Set<number>();
  /** Whether the engine has PAUSE_AT_CHARACTERS of output to acknowledge: every job's output waits. */
  #outboxFull = false;
  #socket: WebSocket | undefined;
  /**
   * Whether the engine welcomed the current connection. Until it has, reports stay in the outbox:
   * the welcome resends those the engine lacks, and a newer one sent before them would make the
   * engine take them for repeats.
   */
  #welcomed = false;
  #retryMs = FIRST_RETRY_MS;
  #retryTimer: NodeJS.Timeout | undefined;
  #stopped = false;
  #connected: (() => void) | undefined;
  /** The agent's own credential (from its package or its enrolment); presented on every connection. */
  #key: string | undefined;
  /** This process: the engine numbers its reports afresh for a new one. */
  readonly #session = randomUUID();
  readonly #keyFile: string;

  constructor(private readonly options: StandaloneAgentOptions) {
    this.#keyFile = agentKeyFile(options.name, options.dir);
  }

  /** Connects and keeps connecting; resolves once the engine has welcomed the agent the first time. */
  async start(): Promise<void> {
    this.#key = (await readFile(this.#keyFile, "utf8").catch(() => undefined))?.trim();
    const welcomed = new Promise<void>((resolve) => {
      this.#connected = resolve;
    });
    this.#connect();
    return welcomed;
  }

  /** Stops reconnecting, ends the running jobs and closes the connection. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retryTimer);
    const running = [...this.#jobs.values()].filter((job): job is RunningJob => job !== undefined);
    for (const job of running) job.cancel();
    await Promise.all(running.map((job) => job.result));
    this.#socket?.close(1000, "agent stopping");
  }

  #connect(): void {
    const url = new URL(AGENT_ENDPOINT_PATH, this.options.engineUrl.replace(/^http/, "ws"));
    // Its own credential when it has one; else the enrolment token, which only enrols a new name.
    const withKey = this.#key !== undefined;
    const bearer = this.#key ?? this.options.token ?? "";
    // A frame over the protocol's limit closes the connection (1009) before it is buffered whole.
    const socket = new WebSocket(url, { headers: { authorization: `Bearer ${bearer}` }, maxPayload: AGENT_MAX_FRAME_BYTES, ...(this.options.ca !== undefined && { ca: this.options.ca }) });
    this.#socket = socket;
    this.#welcomed = false;
    socket.on("open", () => this.#send(this.#hello()));
    socket.on("message", (data) => this.#receive(data.toString()));
    let refused = false;
    socket.on("unexpected-response", (_req, res) => {
      refused = true;
      this.#log(`the engine refused the connection: HTTP ${res.statusCode}${res.statusCode === 401 ? (withKey ? " (the agent's credential was revoked or is not this engine's)" : " (check the enrolment token)") : ""}`);
      // A revoked credential: enrol again with the enrolment token, when the agent has one.
      if (res.statusCode === 401 && withKey && this.options.token !== undefined) this.#key = undefined;
      socket.terminate();
    });
    socket.on("error", (error) => {
      if (!refused) this.#log(`connection problem: ${error.message}`);
    });
    socket.on("close", (code, reason) => {
      if (this.#socket !== socket) return;
      this.#socket = undefined;
      for (const queue of this.#writes.values()) queue.fail(new Error("the engine connection dropped"));
      this.#writes.clear();
      if (this.#stopped) return;
      const why =
        code === 4401
          ? "waiting for an administrator to authenticate this agent"
          : code === 4409
            ? "refused: this agent's name is connected with another credential"
            : `disconnected (${code}${reason.length > 0 ? ` ${reason.toString()}` : ""})`;
      this.#log(`${why}; trying again in ${this.#retryMs} ms`);
      this.#retryTimer = setTimeout(() => this.#connect(), this.#retryMs);
      this.#retryMs = Math.min(this.#retryMs * 2, LAST_RETRY_MS);
    });
  }

  #hello(): AgentHello {
    return {
      type: "hello",
      name: this.options.name,
      ...describeHost(),
      ...(this.options.maxJobs !== undefined && { max_jobs: this.options.maxJobs }),
      running: [...this.#jobs.keys()],
      session: this.#session,
    };
  }

  /**
   * The engine is trusted, yet a bad frame must not crash the agent: its size is bounded by
   * maxPayload, JSON.parse does not recurse (V8 parses nesting iteratively), and EngineMessage
   * has no open-ended (unknown) part, so validating a frame never walks deeper than the schema.
   */
  #receive(text: string): void {
    const parsed = EngineMessage.safeParse(safeJson(text));
    if (!parsed.success) {
      this.#log(`ignored a message the agent does not understand: ${parsed.error.issues[0]?.message ?? ""}`);
      return;
    }
    const message = parsed.data;
    switch (message.type) {
      case "welcome":
        this.#retryMs = FIRST_RETRY_MS;
        this.#acknowledged(message.received);
        this.#welcomed = true;
        for (const report of this.#outbox.unacknowledged()) this.#send(report);
        // The agent says it is connected once a credential the engine gave is kept on disk, so
        // that whoever sees it connected can stop it and start it again as itself.
        void (message.key === undefined ? Promise.resolve() : this.#keepKey(message.key)).then(() => {
          this.#log(`connected to ${this.options.engineUrl} as ${this.options.name}`);
          this.#connected?.();
        });
        return;
      case "ack":
        this.#acknowledged(message.seq);
        return;
      case "run":
        this.#run(message.request);
        return;
      case "cancel":
        this.#jobs.get(message.run_id)?.cancel();
        return;
      case "pause_output":
        if (this.#jobs.has(message.run_id)) this.#pausedByEngine.add(message.run_id);
        this.#pace(message.run_id);
        return;
      case "resume_output":
        this.#pausedByEngine.delete(message.run_id);
        this.#pace(message.run_id);
        return;
      case "list_files":
        void files.listFiles(message.pattern).then((value) => this.#send({ type: "reply", id: message.id, value }));
        return;
      case "is_directory":
        void files.isDirectory(message.path).then((value) => this.#send({ type: "reply", id: message.id, value }));
        return;
      case "read_file":
        void this.#sendFile(message.id, message.path);
        return;
      case "write_file": {
        const queue = new PieceQueue();
        this.#writes.set(message.id, queue);
        files.writeFile(message.path, queue, message.overwrite).then(
          (size) => this.#send({ type: "reply", id: message.id, value: size }),
          (error: unknown) => this.#send({ type: "reply", id: message.id, error: error instanceof Error ? error.message : String(error) }),
        );
        return;
      }
      case "chunk":
        this.#writes.get(message.id)?.push(Buffer.from(message.data, "base64"));
        return;
      case "end":
        this.#writes.get(message.id)?.end();
        this.#writes.delete(message.id);
        return;
    }
  }

  /** Starts a job once: a job this process already has (running or ended) is not started again. */
  #run(request: JobRequest): void {
    if (this.#jobs.has(request.run_id)) return;
    this.#jobs.set(request.run_id, undefined);
    const job = runJob(request, (text) => this.#report({ type: "output", run_id: request.run_id, text }), { killGraceMs: this.options.killGraceMs ?? DEFAULT_KILL_GRACE_MS, ...(this.options.dir !== undefined && { workRoot: this.options.dir }) });
    this.#jobs.set(request.run_id, job);
    this.#pace(request.run_id);
    void job.result.then((result) => this.#report({ type: "ended", result }));
  }

  /** Has a job's output wait while the engine asked it to or has too much to acknowledge, else lets it go on. */
  #pace(runId: number): void {
    const job = this.#jobs.get(runId);
    if (this.#outboxFull || this.#pausedByEngine.has(runId)) job?.pauseOutput();
    else job?.resumeOutput();
  }

  /** Keeps the credential the engine gave (mode 0600); without it the agent cannot connect again as itself. */
  async #keepKey(key: string): Promise<void> {
    this.#key = key;
    try {
      await mkdir(dirname(this.#keyFile), { recursive: true, mode: 0o700 });
      await writeFile(this.#keyFile, `${key}\n`, { mode: 0o600 });
    } catch (error) {
      this.#log(`could not keep the agent key in ${this.#keyFile}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  #report(report: JobReport): void {
    const numbered = this.#outbox.add(report);
    if (this.#welcomed) this.#send(numbered);
    if (!this.#outboxFull && this.#outbox.outputCharacters >= PAUSE_AT_CHARACTERS) this.#setOutboxFull(true);
  }

  #acknowledged(seq: number): void {
    for (const runId of this.#outbox.acknowledge(seq)) {
      this.#jobs.delete(runId);
      this.#pausedByEngine.delete(runId);
    }
    if (this.#outboxFull && this.#outbox.outputCharacters <= PAUSE_AT_CHARACTERS / 2) this.#setOutboxFull(false);
  }

  #setOutboxFull(full: boolean): void {
    this.#outboxFull = full;
    for (const runId of this.#jobs.keys()) this.#pace(runId);
  }

  async #sendFile(id: number, path: string): Promise<void> {
    let size = 0;
    try {
      for await (const piece of files.readFile(path)) {
        for (let at = 0; at < piece.length; at += CHUNK_BYTES) {
          const part = piece.subarray(at, at + CHUNK_BYTES);
          size += part.length;
          await this.#sendNow({ type: "chunk", id, data: Buffer.from(part).toString("base64") });
        }
      }
      this.#send({ type: "reply", id, value: size });
    } catch (error) {
      this.#send({ type: "reply", id, error: error instanceof Error ? error.message : String(error) });
    }
  }

  #send(message: AgentMessage): void {
    if (this.#socket?.readyState === WebSocket.OPEN) this.#socket.send(JSON.stringify(message));
  }

  /** Sends and waits until the socket took the message, so a large file does not pile up in memory. */
  #sendNow(message: AgentMessage): Promise<void> {
    const socket = this.#socket;
    if (socket?.readyState !== WebSocket.OPEN) return Promise.reject(new Error("the engine connection dropped"));
    return new Promise((resolve, reject) => socket.send(JSON.stringify(message), (error) => (error ? reject(error) : resolve())));
  }

  #log(message: string): void {
    this.options.log?.(message);
  }
}

/** Where an agent keeps its credential: in its directory, or without one in ~/.baton-agent/NAME. */
export function agentKeyFile(name: string, dir: string | undefined): string {
  return join(dir ?? join(homedir(), ".baton-agent", name), "agent-key");
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
