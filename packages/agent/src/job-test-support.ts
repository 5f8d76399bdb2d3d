import { readFileSync } from "node:fs";
import type { JobRequest } from "@baton/contract";

/** A job request for tests: /bin/sh, no max runtime, no extra env. */
export function jobRequest(script: string, overrides: Partial<JobRequest> = {}): JobRequest {
  return { run_id: 1, shell: "/bin/sh", script, max_runtime_seconds: 0, env: {}, ...overrides };
}

/** Collects a job's output and lets a test wait until some of it has arrived. */
export class OutputRecorder {
  readonly chunks: string[] = [];
  private waiters: Array<() => void> = [];

  readonly onOutput = (text: string): void => {
    this.chunks.push(text);
    for (const wake of this.waiters) wake();
  };

  get text(): string {
    return this.chunks.join("");
  }

  /** Resolves with the first match of `pattern` in the output; rejects after `timeoutMs`. */
  waitFor(pattern: RegExp, timeoutMs = 2000): Promise<RegExpMatchArray> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const match = this.text.match(pattern);
        if (match === null) return;
        clearTimeout(timer);
        this.waiters = this.waiters.filter((waiter) => waiter !== check);
        resolve(match);
      };
      const timer = setTimeout(
        () => reject(new Error(`no output matching ${pattern} within ${timeoutMs} ms; got ${JSON.stringify(this.text)}`)),
        timeoutMs,
      );
      this.waiters.push(check);
      check();
    });
  }
}

/**
 * Whether a process is still running. `kill -0` also succeeds on a zombie, and an orphan stays
 * a zombie until init reaps it, which some container inits do only every few seconds; so on
 * Linux a zombie counts as gone.
 */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return process.platform !== "linux";
  }
  // The state follows the command name, which is in parentheses and may itself contain ")".
  const state = stat.slice(stat.lastIndexOf(")") + 2, stat.lastIndexOf(")") + 3);
  return state !== "Z";
}

/** Polls `condition` until it holds; rejects after `timeoutMs`. */
export async function eventually(condition: () => boolean, what: string, timeoutMs = 1000): Promise<void> {
  const deadline = performance.now() + timeoutMs;
  while (!condition()) {
    if (performance.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
