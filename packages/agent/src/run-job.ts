import { spawn, type ChildProcess } from "node:child_process";
import { chownSync, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { StringDecoder } from "node:string_decoder";
import type { Readable } from "node:stream";
import type { JobRequest, JobResult } from "@baton/contract";
import { osIdentity } from "./os-user";

/** Time a job gets between SIGTERM and SIGKILL when the agent ends it. */
export const DEFAULT_KILL_GRACE_MS = 2000;

/** A job that has been started; its result tells how it ended. */
export interface RunningJob {
  readonly runId: number;
  readonly pid: number | undefined;
  /** Ends the whole process group: SIGTERM, then SIGKILL after a short grace (default 2000 ms). */
  cancel(): void;
  /** Resolves (never rejects) when the process and all its output are done. */
  readonly result: Promise<JobResult>;
}

export interface RunJobOptions {
  /** Time between SIGTERM and SIGKILL when the job is cancelled or exceeds its max runtime. */
  killGraceMs?: number;
  /** Where the job's working directory is made; the OS temp directory by default. */
  workRoot?: string;
}

type AgentEnding = "cancel" | "max_runtime";

/**
 * Runs `request.script` with `request.shell` in its own process group and temp directory.
 *
 * stdout and stderr are decoded as UTF-8 and passed to `onOutput` in arrival order. The
 * function never throws: a shell that cannot be started gives a result with
 * `ended_by: "spawn_error"`. The result resolves once the shell has exited and every process
 * still holding its output has closed it, so a backgrounded child that keeps stdout open keeps
 * the job running (max runtime and cancel still end it).
 */
export function runJob(
  request: JobRequest,
  onOutput: (text: string) => void,
  options: RunJobOptions = {},
): RunningJob {
  const killGraceMs = options.killGraceMs ?? DEFAULT_KILL_GRACE_MS;
  let workDir: string | undefined;
  let child: ChildProcess;
  try {
    const identity = request.user === undefined ? undefined : osIdentity(request.user);
    workDir = mkdtempSync(join(options.workRoot ?? tmpdir(), "baton-job-"));
    const scriptPath = join(workDir, "job.sh");
    writeFileSync(scriptPath, request.script, { mode: 0o700 });
    // The job's own user must be able to read its script and work in its directory.
    if (identity) for (const path of [workDir, scriptPath]) chownSync(path, identity.uid, identity.gid);
    child = spawn(request.shell, [scriptPath], {
      cwd: workDir,
      // Its own process group, so cancel reaches everything the script started.
      detached: true,
      env: { ...process.env, ...request.env, BATON_RUN_ID: String(request.run_id), ...(identity && { USER: identity.name, LOGNAME: identity.name }) },
      stdio: ["ignore", "pipe", "pipe"],
      ...(identity && { uid: identity.uid, gid: identity.gid }),
    });
  } catch (error) {
    return notStartedJob(request, error, workDir);
  }

  const pid = child.pid;
  const dir = workDir;
  let ending: AgentEnding | undefined;
  let finished = false;
  let runtimeTimer: NodeJS.Timeout | undefined;

  const endGroup = (reason: AgentEnding) => {
    if (finished || ending !== undefined || pid === undefined) return;
    ending = reason;
    signalGroup(pid, "SIGTERM");
    // Not cleared when the shell exits: a process that ignored SIGTERM and let go of the
    // output would otherwise outlive the job. Unref'd so it never holds the agent open.
    setTimeout(() => signalGroup(pid, "SIGKILL"), killGraceMs).unref();
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
    child.on("error", (error) => {
      // After a successful spawn, "close" always follows and reports the real outcome.
      if (pid === undefined) finish(spawnErrorResult(request, error));
    });
    child.on("close", (code, signal) => {
      finish({
        run_id: request.run_id,
        exit_code: code,
        signal,
        ended_by: ending ?? "exit",
        ...(ending !== undefined && { message: endingMessage(ending, request) }),
      });
    });
  });

  if (request.max_runtime_seconds > 0 && pid !== undefined) {
    runtimeTimer = setTimeout(() => endGroup("max_runtime"), request.max_runtime_seconds * 1000);
  }

  return {
    runId: request.run_id,
    pid,
    cancel: () => endGroup("cancel"),
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

function signalGroup(pid: number, signal: NodeJS.Signals): void {
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
