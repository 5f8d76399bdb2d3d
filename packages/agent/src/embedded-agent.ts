import type { FileListing, JobRequest, JobResult } from "@baton/contract";
import * as files from "./agent-files";
import { JobLauncher } from "./launcher/launcher-client";
import { DEFAULT_KILL_GRACE_MS, runJob, type RunningJob } from "./run-job";

export interface EmbeddedAgentOptions {
  name: string;
  /** Platform the engine sees for this agent. */
  platform?: string;
  /** Time a job gets between SIGTERM and SIGKILL when it is cancelled. */
  killGraceMs?: number;
  /** Jobs run at once at most (the engine holds back the rest); undefined for no limit. */
  maxJobs?: number | undefined;
}

/**
 * An agent that runs jobs for the engine's own process, on the engine's host. The jobs are started
 * by a small launcher process, so starting one does not fork the (large) engine.
 */
export class EmbeddedAgent {
  readonly name: string;
  readonly platform: string;
  readonly maxJobs: number | undefined;
  private readonly killGraceMs: number;
  private readonly running = new Set<RunningJob>();
  private readonly launcher = new JobLauncher();
  private stopped = false;

  constructor({ name, platform = "UNIX", killGraceMs = DEFAULT_KILL_GRACE_MS, maxJobs }: EmbeddedAgentOptions) {
    this.name = name;
    this.platform = platform;
    this.maxJobs = maxJobs;
    this.killGraceMs = killGraceMs;
  }

  /** Starts a job; throws once the agent is stopped. */
  run(request: JobRequest, onOutput: (text: string) => void): RunningJob {
    if (this.stopped) throw new Error(`agent ${this.name} is stopped`);
    const job = runJob(request, onOutput, { killGraceMs: this.killGraceMs, spawner: this.launcher.spawn });
    this.running.add(job);
    void job.result.then(() => this.running.delete(job));
    return job;
  }

  listFiles(pattern: string): Promise<FileListing> {
    return files.listFiles(pattern);
  }

  isDirectory(path: string): Promise<boolean> {
    return files.isDirectory(path);
  }

  readFile(path: string): AsyncIterable<Uint8Array> {
    return files.readFile(path);
  }

  writeFile(path: string, content: AsyncIterable<Uint8Array>, overwrite: boolean): Promise<number> {
    if (this.stopped) return Promise.reject(new Error(`agent ${this.name} is stopped`));
    return files.writeFile(path, content, overwrite);
  }

  get runningCount(): number {
    return this.running.size;
  }

  /**
   * Refuses new jobs, gives the running ones `graceMs` to finish, cancels the rest, and
   * resolves with the results of every job that was running, once all have ended. Then ends the
   * launcher process.
   */
  async stop(graceMs: number): Promise<JobResult[]> {
    this.stopped = true;
    const jobs = [...this.running];
    const allEnded = Promise.all(jobs.map((job) => job.result));
    let graceTimer: NodeJS.Timeout | undefined;
    const graceOver = new Promise<void>((resolve) => {
      graceTimer = setTimeout(resolve, graceMs);
    });
    await Promise.race([allEnded, graceOver]);
    clearTimeout(graceTimer);
    for (const job of jobs) {
      if (this.running.has(job)) job.cancel();
    }
    const results = await allEnded;
    this.launcher.close();
    return results;
  }
}
