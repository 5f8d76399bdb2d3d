import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import type { JobRequest } from "@baton/contract";
import { afterAll, describe, expect, it } from "vitest";
import { eventually, isRunning, jobRequest, OutputRecorder } from "./job-test-support";
import { JobLauncher } from "./launcher/launcher-client";
import { runJob as runJobWith, spawnHere, type RunJobOptions, type Spawner } from "./run-job";

const launcher = new JobLauncher();
afterAll(() => launcher.close());

// Every guarantee of runJob holds whether the shell is spawned here or by the launcher process.
const spawners: Array<[string, Spawner]> = [
  ["spawned here", spawnHere],
  ["from the launcher", launcher.spawn],
];

describe.each(spawners)("runJob, %s", (_, spawner) => {
  const runJob = (request: JobRequest, onOutput: (text: string) => void, options: RunJobOptions = {}) =>
    runJobWith(request, onOutput, { spawner, ...options });

  it("passes stdout and stderr to onOutput and keeps the exit code", async () => {
    const output = new OutputRecorder();
    const job = runJob(jobRequest("echo to-stdout\necho to-stderr >&2\nexit 3\n", { run_id: 42 }), output.onOutput);

    expect(job.runId).toBe(42);
    expect(await job.result).toEqual({ run_id: 42, exit_code: 3, signal: null, ended_by: "exit" });
    expect(job.pid).toBeTypeOf("number");
    expect(output.text).toContain("to-stdout\n");
    expect(output.text).toContain("to-stderr\n");
  });

  it("keeps the order of output written to one stream", async () => {
    const output = new OutputRecorder();
    const job = runJob(jobRequest("for i in 1 2 3 4 5; do echo line $i; done"), output.onOutput);

    await job.result;
    expect(output.text).toBe("line 1\nline 2\nline 3\nline 4\nline 5\n");
  });

  it("adds the request env and BATON_RUN_ID to the environment", async () => {
    const output = new OutputRecorder();
    const job = runJob(
      jobRequest('echo "$GREETING $BATON_RUN_ID $HOME"', { run_id: 7, env: { GREETING: "hello" } }),
      output.onOutput,
    );

    await job.result;
    expect(output.text).toBe(`hello 7 ${userInfo().homedir}\n`);
  });

  it("gives the job none of the agent's own environment beyond the allow-list", async () => {
    const secrets = { BATON_ADMIN_PASSWORD: "admin-secret-env", BATON_SESSION_KEY: "session-key-env", DATABASE_URL: "postgres://u:p@h/db-env" };
    const saved = Object.keys(secrets).map((name) => [name, process.env[name]] as const);
    Object.assign(process.env, secrets);
    try {
      const output = new OutputRecorder();
      await runJob(jobRequest("env", { env: { BATON_JOB: "J" } }), output.onOutput).result;
      const names = output.text.split("\n").filter((line) => line.includes("=")).map((line) => line.slice(0, line.indexOf("=")));
      expect(names.filter((name) => !/^(PATH|LANG|LANGUAGE|LC_.*|TZ|TMPDIR|HOME|SHELL|USER|LOGNAME|BATON_JOB|BATON_RUN_ID|PWD|SHLVL|OLDPWD|_)$/.test(name))).toEqual([]);
      expect(output.text).not.toMatch(/-env\b/);
    } finally {
      for (const [name, value] of saved) {
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      }
    }
  });

  it("finds a shell given by name on PATH", async () => {
    const output = new OutputRecorder();
    const job = runJob(jobRequest('echo "bash $BASH_VERSION"', { shell: "bash" }), output.onOutput);

    expect((await job.result).exit_code).toBe(0);
    expect(output.text).toMatch(/^bash \d+\.\d+/);
  });

  it.each(["/no/such/shell", "no-such-shell-baton"])("reports a shell that does not exist (%s) as a spawn error", async (shell) => {
    const job = runJob(jobRequest("echo never", { shell, run_id: 9 }), () => {});

    const result = await job.result;
    expect(result).toMatchObject({ run_id: 9, exit_code: null, signal: null, ended_by: "spawn_error" });
    expect(result.message).toContain(shell);
    expect(result.message).toContain("ENOENT");
    job.cancel(); // harmless once the job has ended
  });

  it("reports the signal that killed the shell", async () => {
    const job = runJob(jobRequest("kill -KILL $$"), () => {});

    expect(await job.result).toEqual({ run_id: 1, exit_code: null, signal: "SIGKILL", ended_by: "exit" });
  });

  it("runs the script in a private temp directory that is removed afterwards", async () => {
    const output = new OutputRecorder();
    const job = runJob(jobRequest("pwd\nls -l job.sh\necho data > scratch.txt"), output.onOutput);

    await job.result;
    const [workDir, listing] = output.text.split("\n");
    expect(workDir?.startsWith(join(tmpdir(), "baton-job-"))).toBe(true);
    expect(listing).toMatch(/^-rwx------ /);
    expect(existsSync(workDir ?? "")).toBe(false);
  });

  it("cancel ends the whole process group, backgrounded children included", async () => {
    const output = new OutputRecorder();
    const job = runJob(jobRequest('sleep 30 &\necho "grandchild $!"\nwait\n'), output.onOutput);
    const [, grandchild] = await output.waitFor(/grandchild (\d+)/);
    const grandchildPid = Number(grandchild);
    expect(isRunning(grandchildPid)).toBe(true);

    const cancelledAt = performance.now();
    job.cancel();
    const result = await job.result;

    expect(performance.now() - cancelledAt).toBeLessThan(1000);
    expect(result).toEqual({ run_id: 1, exit_code: null, signal: "SIGTERM", ended_by: "cancel", message: "cancelled" });
    await eventually(() => !isRunning(grandchildPid), `grandchild ${grandchildPid} is gone`);
    expect(job.pid !== undefined && isRunning(job.pid)).toBe(false);
  });

  it("cancel right after the start, before the shell is known to run, still ends it", async () => {
    const job = runJob(jobRequest("sleep 30"), () => {});
    job.cancel();

    expect(await job.result).toMatchObject({ exit_code: null, signal: "SIGTERM", ended_by: "cancel" });
  });

  it("cancel falls back to SIGKILL when the job ignores SIGTERM", async () => {
    const output = new OutputRecorder();
    const job = runJob(jobRequest("trap '' TERM\necho ready\nsleep 30\n"), output.onOutput, { killGraceMs: 200 });
    await output.waitFor(/ready/);

    job.cancel();
    expect(await job.result).toMatchObject({ exit_code: null, signal: "SIGKILL", ended_by: "cancel" });
  });

  it("ends a job that exceeds its max runtime", async () => {
    const startedAt = performance.now();
    const job = runJob(jobRequest("sleep 30", { max_runtime_seconds: 1 }), () => {});

    const result = await job.result;
    expect(performance.now() - startedAt).toBeLessThan(2000);
    expect(result).toMatchObject({ exit_code: null, signal: "SIGTERM", ended_by: "max_runtime" });
    expect(result.message).toMatch(/max runtime of 1 s exceeded/);
  });

  it("keeps the job running while a backgrounded child holds its output open", async () => {
    const output = new OutputRecorder();
    const startedAt = performance.now();
    const job = runJob(jobRequest("(sleep 0.3; echo late) &\necho early\n"), output.onOutput);

    expect(await job.result).toMatchObject({ exit_code: 0, ended_by: "exit" });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(300);
    expect(output.text).toBe("early\nlate\n");
  });

  it("holds a job at its writes while its output is paused, and gives all of it in order once resumed", { timeout: 30_000 }, async () => {
    const dir = mkdtempSync(join(tmpdir(), "baton-paused-"));
    const done = join(dir, "done");
    try {
      const output = new OutputRecorder();
      // About 23 MB: far more than the pipes and streams between the job and onOutput hold.
      const job = runJob(jobRequest(`seq 1 3000000\ntouch ${done}\n`), output.onOutput);
      job.pauseOutput();
      await new Promise((resolve) => setTimeout(resolve, 1000));
      expect(existsSync(done)).toBe(false);
      expect(output.text.length).toBeLessThan(4_000_000);

      job.resumeOutput();
      expect(await job.result).toMatchObject({ exit_code: 0, ended_by: "exit" });
      expect(existsSync(done)).toBe(true);
      expect(output.text).toBe(`${Array.from({ length: 3_000_000 }, (_, i) => i + 1).join("\n")}\n`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads a job it ends to its end though its output is paused, so that its end is seen", { timeout: 30_000 }, async () => {
    const output = new OutputRecorder();
    const job = runJob(jobRequest("seq 1 3000000\nsleep 30\n"), output.onOutput);
    job.pauseOutput();
    await new Promise((resolve) => setTimeout(resolve, 300));
    job.cancel();
    // Asked again while it ends (as an agent whose engine is away asks of all its jobs): it stays read.
    job.pauseOutput();
    expect(await job.result).toMatchObject({ ended_by: "cancel" });
  });

  it("decodes a multibyte character split across chunks intact", async () => {
    // é € 😀 written one byte per write, with a pause so the bytes arrive in separate chunks.
    const bytes = [...Buffer.from("é€😀", "utf8")];
    const script = bytes.map((byte) => `printf '\\${byte.toString(8)}'; sleep 0.02`).join("\n");
    const output = new OutputRecorder();
    const job = runJob(jobRequest(script), output.onOutput);

    await job.result;
    expect(output.text).toBe("é€😀");
    // Otherwise the bytes arrived together and the test proved nothing.
    expect(output.chunks.length).toBeGreaterThan(1);
  });
});

describe.each(spawners)("runJob as another OS user, %s", (_, spawner) => {
  const runJob = (request: JobRequest, onOutput: (text: string) => void) => runJobWith(request, onOutput, { spawner });
  // Only root may start processes as another user; elsewhere the job must be refused clearly.
  const isRoot = userInfo().uid === 0;

  it("runs as the job's OS user when the agent is root, and is refused clearly otherwise", async () => {
    const output: string[] = [];
    const job = runJob({ run_id: 90, shell: "sh", script: "id -un\n", max_runtime_seconds: 0, env: {}, user: "nobody" }, (text) => output.push(text));
    const result = await job.result;
    if (isRoot) {
      expect(result).toMatchObject({ exit_code: 0, ended_by: "exit" });
      expect(output.join("")).toBe("nobody\n");
      const env: string[] = [];
      await runJob({ run_id: 92, shell: "sh", script: 'echo "$HOME $USER $LOGNAME"\n', max_runtime_seconds: 0, env: {}, user: "nobody" }, (text) => env.push(text)).result;
      expect(env.join("")).toBe("/nonexistent nobody nobody\n");
    } else {
      expect(result).toMatchObject({ ended_by: "spawn_error", message: expect.stringContaining("cannot run jobs as 'nobody'") });
    }
  });

  it.each([
    ["no-such-user-xyz", "does not exist on this host"],
    ["bad user", "is not an OS user name"],
  ])("refuses %s", async (user, message) => {
    const result = await runJob({ run_id: 91, shell: "sh", script: "true\n", max_runtime_seconds: 0, env: {}, user }, () => {}).result;
    expect(result).toMatchObject({ ended_by: "spawn_error", message: expect.stringContaining(message) });
  });
});
