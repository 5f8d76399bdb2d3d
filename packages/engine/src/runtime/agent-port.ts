import type { FileListing, JobRequest, JobResult } from "@baton/contract";

/** A job handed to an agent. */
export interface RunningJob {
  cancel(): void;
  /** Stops taking the job's output until resumeOutput: the job waits at its next write once its pipe is full. */
  pauseOutput(): void;
  resumeOutput(): void;
  /** Resolves when the job and all of its output are done; never rejects. */
  readonly result: Promise<JobResult>;
}

/** What the engine needs of an agent: the embedded one or a connected standalone one. */
export interface Agent {
  readonly name: string;
  readonly platform: string;
  /** Jobs it runs at once at most; undefined for no limit. */
  readonly maxJobs?: number | undefined;
  run(request: JobRequest, onOutput: (text: string) => void): RunningJob;
  /** Files matching an absolute path with wildcards in the file name; never rejects. */
  listFiles(pattern: string): Promise<FileListing>;
  isDirectory(path: string): Promise<boolean>;
  /** A file's content as a stream; the stream errors when the file cannot be read. */
  readFile(path: string): AsyncIterable<Uint8Array>;
  /** Writes a whole file (never half of one) and resolves with its size; rejects with a message saying why not. */
  writeFile(path: string, content: AsyncIterable<Uint8Array>, overwrite: boolean): Promise<number>;
}
