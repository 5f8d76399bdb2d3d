import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { eventually, isRunning, jobRequest, OutputRecorder } from "../job-test-support";
import { runJob } from "../run-job";
import { JobLauncher } from "./launcher-client";

/**
 * Runs `body` (an ES module body with `JobLauncher` and `runJob` in scope) in a Node process of its
 * own, as the engine would, and returns its stdout; a process killed by a signal is no error.
 */
function inOwnProcess(body: string): string {
  const client = fileURLToPath(new URL("./launcher-client.ts", import.meta.url));
  const runJobModule = fileURLToPath(new URL("../run-job.ts", import.meta.url));
  const script = `
    const { JobLauncher } = await import(${JSON.stringify(client)});
    const { runJob } = await import(${JSON.stringify(runJobModule)});
    ${body}
  `;
  const result = spawnSync(process.execPath, ["--import", "tsx", "--input-type=module", "-e", script], {
    // Where tsx is a dependency.
    cwd: fileURLToPath(new URL("../..", import.meta.url)),
    encoding: "utf8",
    timeout: 15_000,
  });
  if (result.status !== 0 && result.signal !== "SIGKILL") throw new Error(`node exited ${result.status ?? result.signal}: ${result.stderr}`);
  return result.stdout;
}

describe("JobLauncher", () => {
  const launcher = new JobLauncher();
  afterAll(() => launcher.close());

  /** Runs `echo $PPID` and gives the pid of the process that started the shell. */
  async function launcherPid(): Promise<number> {
    const output = new OutputRecorder();
    const result = await runJob(jobRequest("echo $PPID"), output.onOutput, { spawner: launcher.spawn }).result;
    expect(result.exit_code).toBe(0);
    return Number(output.text);
  }

  it("starts jobs from one launcher process, not from this one", async () => {
    const first = await launcherPid();

    expect(first).not.toBe(process.pid);
    expect(await launcherPid()).toBe(first);
  });

  it("holds no environment of its own that a job could read from /proc/$PPID/environ", async () => {
    process.env["BATON_ADMIN_PASSWORD"] ??= "launcher-test-secret";
    const output = new OutputRecorder();
    const result = await runJob(jobRequest('tr "\\0" "\\n" < /proc/$PPID/environ | cut -d= -f1'), output.onOutput, { spawner: launcher.spawn }).result;
    expect(result.exit_code).toBe(0);
    // Only what node's fork adds for the IPC channel.
    expect(output.text.split("\n").filter((name) => name !== "" && !name.startsWith("NODE_CHANNEL_"))).toEqual([]);
  });

  it("ends a job whose launcher is killed, kills its process group, and starts a new launcher for the next job", async () => {
    const output = new OutputRecorder();
    const job = runJob(jobRequest('echo "launcher $PPID"\nsleep 30\n', { run_id: 3 }), output.onOutput, { spawner: launcher.spawn });
    const [, pid] = await output.waitFor(/launcher (\d+)/);
    const killed = Number(pid);

    process.kill(killed, "SIGKILL");
    const result = await job.result;

    expect(result).toEqual({ run_id: 3, exit_code: null, signal: "SIGKILL", ended_by: "lost", message: expect.stringContaining("the job launcher ended (SIGKILL)") });
    const shell = job.pid ?? 0;
    await eventually(() => !isRunning(shell), `the job's shell ${shell} is gone`);
    const next = await launcherPid();
    expect(next).not.toBe(killed);
    expect(next).not.toBe(process.pid);
  });

  it("runs many jobs at once, each with its own output and exit code", async () => {
    const jobs = 200;
    const outputs = new Map<number, OutputRecorder>();
    const results = [];
    for (let first = 0; first < jobs; first += 16) {
      const batch = [];
      for (let runId = first; runId < Math.min(first + 16, jobs); runId++) {
        const output = new OutputRecorder();
        outputs.set(runId, output);
        batch.push(runJob(jobRequest(`echo "job ${runId}"\nexit ${runId % 7}\n`, { run_id: runId }), output.onOutput, { spawner: launcher.spawn }).result);
      }
      results.push(...(await Promise.all(batch)));
    }

    expect(results.map((result) => [result.run_id, result.exit_code, result.ended_by])).toEqual(
      Array.from({ length: jobs }, (_, runId) => [runId, runId % 7, "exit"]),
    );
    for (const [runId, output] of outputs) expect(output.text).toBe(`job ${runId}\n`);
  });

  it("carries large output intact and in order", async () => {
    const output = new OutputRecorder();
    const result = await runJob(jobRequest("seq 1 100000\n"), output.onOutput, { spawner: launcher.spawn }).result;

    expect(result.exit_code).toBe(0);
    expect(output.text).toBe(`${Array.from({ length: 100000 }, (_, i) => i + 1).join("\n")}\n`);
  });

  it("does not keep the process alive once its jobs are done, and ends with it", () => {
    // A process that runs a job through a launcher it never closes, then has nothing left to do.
    const startedAt = performance.now();
    const stdout = inOwnProcess(`
      const launcher = new JobLauncher();
      let text = "";
      const result = await runJob({ run_id: 1, shell: "/bin/sh", script: "echo $PPID", max_runtime_seconds: 0, env: {} }, (t) => (text += t), { spawner: launcher.spawn }).result;
      console.log(result.exit_code, text.trim());
    `);
    const [exitCode, launcherPid] = stdout.trim().split(" ").map(Number);

    expect(exitCode).toBe(0);
    expect(performance.now() - startedAt).toBeLessThan(10_000);
    return eventually(() => !isRunning(launcherPid ?? 0), `launcher ${launcherPid} ended with its engine`, 2000);
  });

  it("runs a job handed to a launcher still starting even when the engine dies the next moment", async () => {
    const dir = mkdtempSync(join(tmpdir(), "baton-launcher-"));
    const marker = join(dir, "ran");
    try {
      // The engine records a job as started once runJob returns; dying right then must not lose it.
      inOwnProcess(`
        const launcher = new JobLauncher();
        runJob({ run_id: 1, shell: "/bin/sh", script: "touch ${marker}", max_runtime_seconds: 0, env: {} }, () => {}, { spawner: launcher.spawn });
        process.kill(process.pid, "SIGKILL");
      `);
      await eventually(() => existsSync(marker), `the job created ${marker}`, 5000);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
