import { fork, type ChildProcess } from "node:child_process";
import { EventEmitter } from "node:events";
import { PassThrough } from "node:stream";
import { fileURLToPath } from "node:url";
import { signalGroup, type JobProcess, type JobSpawnOptions } from "../run-job";

/**
 * The launcher's script, next to this module: in the sources (tsx, vitest), and next to the
 * server's bundle, where its build copies it.
 */
export const JOB_LAUNCHER_FILE = fileURLToPath(new URL("./launcher.cjs", import.meta.url));

/** What launcher.cjs sends; see the protocol at its top. */
type FromLauncher =
  | { type: "started"; id: number; pid: number }
  | { type: "error"; id: number; message: string }
  | { type: "output"; id: number; stream: "stdout" | "stderr"; chunk: Buffer }
  | { type: "close"; id: number; code: number | null; signal: NodeJS.Signals | null };

function isFromLauncher(message: unknown): message is FromLauncher {
  if (typeof message !== "object" || message === null || !("type" in message) || !("id" in message)) return false;
  return typeof message.id === "number" && (message.type === "started" || message.type === "error" || message.type === "output" || message.type === "close");
}

/** A job process as the launcher reports it: a ChildProcess in what runJob uses of one. */
class LaunchedProcess extends EventEmitter implements JobProcess {
  pid: number | undefined;
  readonly stdout = new PassThrough();
  readonly stderr = new PassThrough();

  /** Like a ChildProcess: "close" once stdout and stderr have been read to their end. */
  close(code: number | null, signal: NodeJS.Signals | null): void {
    let open = 2;
    for (const stream of [this.stdout, this.stderr]) {
      stream.once("close", () => {
        if (--open === 0) this.emit("close", code, signal);
      });
      stream.end();
    }
  }
}

/** One launcher process and the jobs it started. */
class LauncherProcess {
  readonly jobs = new Map<number, LaunchedProcess>();
  private readonly child: ChildProcess;
  private ended = false;

  constructor(private readonly onEnd: (launcher: LauncherProcess) => void) {
    // An empty environment: every job gets one of its own (job-environment.ts), and a job that looks
    // at its parent's (/proc/$PPID/environ) must not find the engine's secrets there.
    this.child = fork(JOB_LAUNCHER_FILE, [], { execArgv: [], env: {}, serialization: "advanced", stdio: ["ignore", "inherit", "inherit", "ipc"] });
    this.child.on("message", (message) => {
      if (isFromLauncher(message)) this.receive(message);
    });
    // "close" comes after the last message has been read, so no output is cut short.
    this.child.on("close", (code, signal) => this.end(`the job launcher ended (${signal ?? `exit code ${code}`})`));
    this.child.on("error", (error) => {
      // Errors of a running launcher (a failed send) are handled where they happen.
      if (this.child.pid === undefined) this.end(`the job launcher could not start: ${error.message}`);
    });
    this.holdsEngine(false);
  }

  get usable(): boolean {
    return !this.ended && this.child.connected;
  }

  start(id: number, job: LaunchedProcess, command: string, args: readonly string[], options: JobSpawnOptions): void {
    this.jobs.set(id, job);
    if (this.jobs.size === 1) this.holdsEngine(true);
    // A failed send means the launcher is going away; its "close" ends the job.
    this.child.send({ type: "start", id, command, args, ...options }, () => {});
  }

  /** Closes the channel; the launcher exits, and any job still in it is lost. */
  disconnect(): void {
    if (this.child.connected) this.child.disconnect();
  }

  /**
   * A launcher with jobs in flight keeps the engine's process alive, as the jobs' own pipes would;
   * an idle one must not, or the engine would never exit on its own.
   */
  private holdsEngine(hold: boolean): void {
    if (hold) {
      this.child.ref();
      this.child.channel?.ref();
    } else {
      this.child.unref();
      this.child.channel?.unref();
    }
  }

  private receive(message: FromLauncher): void {
    const job = this.jobs.get(message.id);
    if (job === undefined) return;
    switch (message.type) {
      case "started":
        job.pid = message.pid;
        job.emit("spawn");
        break;
      case "error":
        this.forget(message.id);
        job.emit("error", new Error(message.message));
        break;
      case "output":
        this.carry(message.id, message.stream, message.stream === "stdout" ? job.stdout : job.stderr, message.chunk);
        break;
      case "close":
        this.forget(message.id);
        job.close(message.code, message.signal);
        break;
    }
  }

  /**
   * Hands a piece of a job's output to its reader. While the reader is paused (the write fills the
   * stream), the launcher stops reading that output until the reader has taken it, so a job that
   * writes faster than its output is used waits instead of piling up here.
   */
  private carry(id: number, name: "stdout" | "stderr", stream: PassThrough, chunk: Buffer): void {
    const held = stream.writableNeedDrain;
    if (stream.write(chunk) || held) return;
    this.child.send({ type: "pause", id, stream: name }, () => {});
    stream.once("drain", () => this.child.send({ type: "resume", id, stream: name }, () => {}));
  }

  private forget(id: number): void {
    this.jobs.delete(id);
    if (this.jobs.size === 0) this.holdsEngine(false);
  }

  /** Ends every job still in flight, so none waits forever for a launcher that is gone. */
  private end(reason: string): void {
    if (this.ended) return;
    this.ended = true;
    this.onEnd(this);
    for (const [id, job] of this.jobs) {
      this.forget(id);
      if (job.pid === undefined) {
        job.emit("error", new Error(reason));
        continue;
      }
      // Its output has nowhere to go and the job is reported as ended: make that true.
      signalGroup(job.pid, "SIGKILL");
      job.emit("error", new Error(`${reason}; the job's process group was killed`));
      job.close(null, "SIGKILL");
    }
  }
}

/**
 * Starts job processes from a small launcher process instead of this one. Spawning forks the
 * caller, which takes longer the more memory the caller holds, and blocks its event loop meanwhile;
 * the launcher stays small. It is started on the first job, started again after it dies, and holds
 * this process open only while jobs run.
 */
export class JobLauncher {
  private current: LauncherProcess | undefined;
  private nextId = 1;

  /** A `Spawner` for runJob. */
  readonly spawn = (command: string, args: readonly string[], options: JobSpawnOptions): JobProcess => {
    if (this.current === undefined || !this.current.usable) {
      this.current = new LauncherProcess((ended) => {
        if (this.current === ended) this.current = undefined;
      });
    }
    const job = new LaunchedProcess();
    this.current.start(this.nextId++, job, command, args, options);
    return job;
  };

  /** Ends the launcher process; a job still running in it is lost. The next spawn starts a new one. */
  close(): void {
    this.current?.disconnect();
    this.current = undefined;
  }
}
