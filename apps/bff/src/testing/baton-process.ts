import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import type { OutExecution } from "@baton/contract";
import { afterEach } from "vitest";
import { SERVER_BUNDLE } from "../server-bundle";
import { ADMIN, ADMIN_PASSWORD } from "./test-baton";

/** A Baton running as its own process. */
export interface Process {
  child: ChildProcess;
  rest: string;
  output: () => string;
}

/**
 * Starts Baton as its own process, the way `pnpm start` does (the bundle of the server, which
 * vitest's global setup builds), and waits for its banner.
 */
export async function startProcess(dataDir: string, env: Record<string, string> = {}): Promise<Process> {
  const child = spawn(process.execPath, ["--enable-source-maps", SERVER_BUNDLE], {
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    env: { ...process.env, PORT: "0", DATA_DIR: dataDir, BATON_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: "warn", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr?.on("data", (d: Buffer) => (output += d.toString()));
  const deadline = Date.now() + 20_000;
  while (!/REST API: (\S+)/.test(output)) {
    if (child.exitCode !== null || Date.now() > deadline) throw new Error(`baton did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const rest = /REST API: (\S+)/.exec(output)?.[1] ?? "";
  return { child, rest, output: () => output };
}

/** Resolves with the exit code (null when a signal ended it) once the process has ended. */
export function exited(child: ChildProcess): Promise<number | null> {
  return child.exitCode !== null || child.signalCode !== null ? Promise.resolve(child.exitCode) : new Promise((resolve) => child.once("exit", (code) => resolve(code)));
}

export async function call<T>(rest: string, path: string, body?: unknown): Promise<T> {
  const response = await fetch(`${rest}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { authorization: ADMIN, "content-type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  // Empty bodies (imports) read as null.
  return JSON.parse((await response.text()) || "null");
}

export async function waitForStatus(rest: string, runId: number, accept: (status: number) => boolean): Promise<OutExecution> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const execution = await call<OutExecution>(rest, `/100/executions/${runId}`);
    if (accept(execution.status)) return execution;
    if (Date.now() > deadline) throw new Error(`execution ${runId} stayed ${execution.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/**
 * Baton processes and data directories for the tests of one file: whatever a test leaves running is
 * killed, and its directories removed, after it.
 */
export function processesPerTest() {
  const dirs: string[] = [];
  const running: Process[] = [];
  afterEach(async () => {
    for (const started of running.splice(0)) {
      started.child.kill("SIGKILL");
      await exited(started.child);
    }
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  return {
    dataDir(): string {
      const dir = mkdtempSync(join(tmpdir(), "baton-test-"));
      dirs.push(dir);
      return dir;
    },
    async start(dataDir: string, env: Record<string, string> = {}): Promise<Process> {
      const started = await startProcess(dataDir, env);
      running.push(started);
      return started;
    },
    /** Stops a process with SIGINT, as Ctrl-C does; resolves with its exit code. */
    async stop(started: Process): Promise<number | null> {
      started.child.kill("SIGINT");
      const code = await exited(started.child);
      running.splice(running.indexOf(started), 1);
      return code;
    },
  };
}
