import type { JobRequest, JobResult, TransferRequest, TransferResult } from "@baton/contract";

/** A job handed to an agent. */
export interface RunningJob {
  cancel(): void;
  /** Resolves when the job and all of its output are done; never rejects. */
  readonly result: Promise<JobResult>;
}

/** What the engine needs of an agent: the embedded one or a connected standalone one. */
export interface Agent {
  readonly name: string;
  readonly platform: string;
  run(request: JobRequest, onOutput: (text: string) => void): RunningJob;
  /** Copies files where both ends of a transfer are on this agent's host. */
  transfer(request: TransferRequest): Promise<TransferResult>;
}
