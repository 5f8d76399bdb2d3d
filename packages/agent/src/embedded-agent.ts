import type { JobRequest, JobResult, TransferRequest, TransferResult } from "@baton/contract";
import { transferFiles } from "./transfer-files";
import { DEFAULT_KILL_GRACE_MS, runJob, type RunningJob } from "./run-job";

export interface EmbeddedAgentOptions {
  name: string;
  /** Platform the engine sees for this agent. */
  platform?: string;
  /** Time a job gets between SIGTERM and SIGKILL when it is cancelled. */
  killGraceMs?: number;
}

/** An agent that runs jobs in the engine's own process, on the engine's host. */
export class EmbeddedAgent {
  readonly name: string;
  readonly platform: string;
  private readonly killGraceMs: number;
  private readonly running = new Set<RunningJob>();
  private stopped = false;

  constructor({ name, platform = "UNIX", killGraceMs = DEFAULT_KILL_GRACE_MS }: EmbeddedAgentOptions) {
    this.name = name;
    this.platform = platform;
    this.killGraceMs = killGraceMs;
  }

  /** Starts a job; throws once the agent is stopped. */
  run(request: JobRequest, onOutput: (text: string) => void): RunningJob {
    if (this.stopped) throw new Error(`agent ${this.name} is stopped`);
    const job = runJob(request, onOutput, { killGraceMs: this.killGraceMs });
    this.running.add(job);
    void job.result.then(() => this.running.delete(job));
    return job;
  }

  /** Copies files on this host (both ends of the transfer are this agent). */
  transfer(request: TransferRequest): Promise<TransferResult> {
    if (this.stopped) return Promise.resolve({ run_id: request.run_id, files: [], error: `agent ${this.name} is stopped` });
    return transferFiles(request);
  }

  get runningCount(): number {
    return this.running.size;
  }

  /**
   * Refuses new jobs, gives the running ones `graceMs` to finish, cancels the rest, and
   * resolves with the results of every job that was running, once all have ended.
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
    return allEnded;
  }
}
