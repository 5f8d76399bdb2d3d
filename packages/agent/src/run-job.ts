import { spawn } from "node:child_process";
import { chownSync, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";
import type { JobRequest, JobResult } from "@baton/contract";
import { jobEnvironment } from "./job-environment";
import { agentIdentity, osIdentity } from "./os-user";

/** Time a job gets between SIGTERM and SIGKILL when the agent ends it. */
export const DEFAULT_KILL_GRACE_MS = 2000;

/** A job that has been started; its result tells how it ended. */
export interface RunningJob {
  readonly runId: number;
  /** The shell's OS pid once it has started; undefined before, and when it could not start. */
  readonly pid: number | undefined;
  /** Ends the whole process group: SIGTERM, then SIGKILL after a short grace (default 2000 ms). */
  cancel(): void;
  /**
   * Stops reading the job's output until resumeOutput: once its pipes are full the job waits at
   * its next write, and its result waits for the rest of its output to be read. A job being ended
   * (cancel, max runtime) is read to its end regardless.
   */
  pauseOutput(): void;
  resumeOutput(): void;
  /** Resolves (never rejects) when the process and all its output are done. */
  readonly result: Promise<JobResult>;
}

export interface RunJobOptions {
  /** Time between SIGTERM and SIGKILL when the job is cancelled or exceeds its max runtime. */
  killGraceMs?: number;
  /** Where the job's working directory is made; the OS temp directory by default. */
  workRoot?: string;
  /** What starts the shell; node's spawn in this process by default. */
  spawner?: Spawner;
}

/** What runJob uses of a started process; node's ChildProcess is one. */
export interface JobProcess {
  /** The OS pid, set by the time "spawn" is emitted; undefined when the process could not start. */
  readonly pid?: number | undefined;
  readonly stdout: Readable | null;
  readonly stderr: Readable | null;
  once(event: "spawn", listener: () => void): this;
  /**
   * Before "spawn": the process could not start. After it: the process was lost (the launcher that
   * held its output ended); "close" follows.
   */
  on(event: "error", listener: (error: Error) => void): this;
  /** The process has exited and its stdout and stderr are closed. */
  on(event: "close", listener: (code: number | null, signal: NodeJS.Signals | null) => void): this;
}

export interface JobSpawnOptions {
  cwd: string;
  env: NodeJS.ProcessEnv;
  uid?: number;
  gid?: number;
}

/**
 * Starts `command` in its own process group (so a signal to `-pid` reaches everything it starts),
 * with stdin ignored and stdout and stderr piped. Throws, or emits "error" before "spawn", when the
 * command cannot be started.
 */
export type Spawner = (command: string, args: readonly string[], options: JobSpawnOptions) => JobProcess;

/** Spawns from this process with node:child_process. */
export const spawnHere: Spawner = (command, args, options) =>
  spawn(command, args, { ...options, detached: true, stdio: ["ignore", "pipe", "pipe"] });

type AgentEnding = "cancel" | "max_runtime";

/**
 * Runs `request.script` with `request.shell` in its own process group and temp directory.
 *
 * stdout and stderr are decoded as UTF-8 and passed to `onOutput` in arrival order. The
 * function never throws: a shell that cannot be started gives a result with
 * `ended_by: "spawn_error"`. The result resolves once the shell has exited and every process
 * still holding its output has closed it, so a backgrounded child that keeps stdout open keeps
 * the job running (max runtime and cancel still end it). A process the spawner loses (its
 * launcher died) ends with `ended_by: "lost"`.
 */
export function runJob(
  request: JobRequest,
  onOutput: (text: string) => void,
  options: RunJobOptions = {},
): RunningJob {
  const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  const spawner = options.spawner ?? spawnHere;
  let workDir: string | undefined;
  let child: JobProcess;
  try {
    const identity = request.user === undefined ? undefined : osIdentity(request.user);
    workDir = mkdtempSync(join(options.workRoot ?? tmpdir(), "baton-job-"));
    const scriptPath = join(workDir, "job.sh");
    writeFileSync(scriptPath, request.script, { mode: 0o700 });
    // The job's own user must be able to read its script and work in its directory.
    if (identity) for (const path of [workDir, scriptPath]) chownSync(path, identity.uid, identity.gid);
    child = spawner(request.shell, [scriptPath], {
      cwd: workDir,
      env: jobEnvironment({ host: process.env, identity: identity ?? agentIdentity(), otherUser: identity !== undefined && identity.uid !== userInfo().uid, requested: request.env, runId: request.run_id }),
      ...(identity && { uid: identity.uid, gid: identity.gid }),
    });
  } catch (error) {
    return notStartedJob(request, error, workDir);
  }

  const dir = workDir;
  // Known once the shell has started; a launcher reports it a moment after the spawn call.
  let pid: number | undefined;
  let ending: AgentEnding | undefined;
  let lost: Error | undefined;
  let finished = false;
  let runtimeTimer: NodeJS.Timeout | undefined;

  const signalEnding = () => {
    if (finished || ending === undefined || pid === undefined) return;
    const group = pid;
    signalGroup(group, "SIGTERM");
    // Not cleared when the shell exits: a process that ignored SIGTERM and let go of the
    // output would otherwise outlive the job. Unref'd so it never holds the agent open.
    setTimeout(() => signalGroup(group, "SIGKILL"), killGraceMs).unref();
  };
  const readOutput = (read: boolean) => {
    for (const stream of [child.stdout, child.stderr]) {
      if (read) stream?.resume();
      else stream?.pause();
    }
  };
  const endGroup = (reason: AgentEnding) => {
    if (finished || ending !== undefined) return;
    ending = reason;
    // A job being ended has its output read to the end, or its end would not be seen.
    readOutput(true);
    // Before the shell has started, the signals wait for its pid.
    signalEnding();
  };

  decodeInto(child.stdout, onOutput);
  decodeInto(child.stderr, onOutput);

  const result = new Promise<JobResult>((resolve) => {
    const finish = (jobResult: JobResult) => {
      if (finished) return;
      finished = true;
      clearTimeout(runtimeTimer);
      void removeDir(dir).then(() => resolve(jobResult));
    };
    child.once("spawn", () => {
      pid = child.pid;
      signalEnding();
    });
    child.on("error", (error) => {
      // After a successful spawn, "close" always follows and reports the real outcome.
      if (pid === undefined) finish(spawnErrorResult(request, error));
      else lost ??= error;
    });
    child.on("close", (code, signal) => {
      const endedBy = ending ?? (lost === undefined ? "exit" : "lost");
      const message = ending === undefined ? lost?.message : endingMessage(ending, request);
      finish({
        run_id: request.run_id,
        exit_code: code,
        signal,
        ended_by: endedBy,
        ...(message !== undefined && { message }),
      });
    });
  });

  if (request.max_runtime_seconds > 0) {
    runtimeTimer = setTimeout(() => endGroup("max_runtime"), request.max_runtime_seconds * 1000);
  }

  return {
    runId: request.run_id,
    get pid() {
      return pid;
    },
    cancel: () => endGroup("cancel"),
    pauseOutput: () => {
      if (ending === undefined) readOutput(false);
    },
    resumeOutput: () => readOutput(true),
    result,
  };
}

function endingMessage(ending: AgentEnding, request: JobRequest): string {
  return ending === "cancel"
    ? "cancelled"
    : `max runtime of ${request.max_runtime_seconds} s exceeded`;
}

function decodeInto(stream: Readable | null, onOutput: (text: string) => void): void {
  if (stream === null) return;
  // One decoder per stream: a character split across two chunks of stdout must not be
  // completed by bytes from stderr.
  const decoder = new StringDecoder("utf8");
  stream.on("data", (chunk: Buffer) => {
    const text = decoder.write(chunk);
    if (text !== "") onOutput(text);
  });
  stream.on("end", () => {
    const rest = decoder.end();
    if (rest !== "") onOutput(rest);
  });
}

/** Sends `signal` to the process group led by `pid`; a group that is already gone is fine. */
export function signalGroup(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pid, signal);
  } catch {
    // ESRCH: the group is already gone, which is what we wanted.
  }
}

function notStartedJob(request: JobRequest, error: unknown, workDir: string | undefined): RunningJob {
  const jobResult = spawnErrorResult(request, error);
  return {
    runId: request.run_id,
    pid: undefined,
    cancel: () => {},
    pauseOutput: () => {},
    resumeOutput: () => {},
    result: removeDir(workDir).then(() => jobResult),
  };
}

function spawnErrorResult(request: JobRequest, error: unknown): JobResult {
  const reason = error instanceof Error ? error.message : String(error);
  return {
    run_id: request.run_id,
    exit_code: null,
    signal: null,
    ended_by: "spawn_error",
    message: `could not start shell "${request.shell}": ${reason}`,
  };
}

async function removeDir(dir: string | undefined): Promise<void> {
  if (dir === undefined) return;
  try {
    await rm(dir, { recursive: true, force: true });
  } catch {
    // A leftover temp directory must not turn a finished job into a failed one.
  }
}
