import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { processesWith } from "../testing/processes";
import { failureKind, GitFailure, runGit } from "./git-process";

const PROTOCOLS = ["https", "http", "ssh", "git"];

/** The failure of a git command that is expected to fail. */
async function failure(run: Promise<string>): Promise<GitFailure> {
  try {
    await run;
  } catch (error) {
    if (error instanceof GitFailure) return error;
    throw error;
  }
  throw new Error("git succeeded");
}

describe("runGit (real git)", () => {
  let dir: string;
  let silent: Server;
  let port = 0;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), "baton-git-process-"));
    await runGit(["init", "--quiet"], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 10_000 });
    // Accepts connections and never answers: a remote that hangs.
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    port = typeof address === "object" && address !== null ? address.port : 0;
  });
  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    rmSync(dir, { recursive: true, force: true });
  });

  it("refuses git's fd:: remote helper at once instead of hanging on it", async () => {
    const started = Date.now();
    const refused = await failure(runGit(["ls-remote", "--heads", "--", "fd::17"], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 20_000 }));
    expect(refused.kind).toBe("protocol");
    expect(refused.stderr).toMatch(/transport 'fd' not allowed/);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("refuses the ext:: remote helper, which would run a command", async () => {
    const marker = join(dir, "ext-ran");
    const refused = await failure(runGit(["ls-remote", "--", `ext::sh -c touch% ${marker}`], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 20_000 }));
    expect(refused.kind).toBe("protocol");
    expect(existsSync(marker)).toBe(false);
  });

  it("refuses local paths unless file is among the protocols", async () => {
    const bare = join(dir, "local.git");
    await runGit(["init", "--quiet", "--bare", bare], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 10_000 });
    expect((await failure(runGit(["ls-remote", "--", bare], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 10_000 }))).kind).toBe("protocol");
    await expect(runGit(["ls-remote", "--", bare], { cwd: dir, protocols: [...PROTOCOLS, "file"], timeoutMs: 10_000 })).resolves.toBe("");
  });

  it("kills a git that outlives its time together with the processes it started", async () => {
    const url = `http://127.0.0.1:${port}/hanging-${Date.now()}.git`;
    const started = Date.now();
    const run = runGit(["ls-remote", "--", url], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 1_500 });
    // git has started its http helper (git-remote-http), which waits for an answer that never comes.
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(processesWith(url).some((line) => line.includes("remote-http"))).toBe(true);
    expect((await failure(run)).kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(6_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(processesWith(url)).toEqual([]);
  });

  it("connects to the address an http.curloptResolve setting pins, not to what the resolver answers", async () => {
    const url = `http://baton-pinned.invalid:${port}/pinned.git`;
    expect((await failure(runGit(["ls-remote", "--", url], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 10_000 }))).kind).toBe("unreachable");
    const before = sockets.length;
    const pinned = await failure(runGit(["-c", `http.curloptResolve=baton-pinned.invalid:${port}:127.0.0.1`, "ls-remote", "--", url], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 1_000 }));
    expect(pinned.kind).toBe("timeout");
    expect(sockets.length).toBeGreaterThan(before);
  });

  it("keeps the engine's GIT_* variables and secrets out of git's environment", async () => {
    const saved = { ...process.env };
    process.env.GIT_DIR = "/nonexistent/leaked";
    process.env.GIT_CONFIG_PARAMETERS = "'core.leaked'='yes'";
    process.env.BATON_ADMIN_PASSWORD = "leaked-secret";
    try {
      const env = await runGit(["-c", "alias.show-env=!env", "show-env"], { cwd: dir, protocols: PROTOCOLS, timeoutMs: 10_000 });
      expect(env).not.toContain("leaked");
      expect(env).toContain("GIT_ALLOW_PROTOCOL=https:http:ssh:git\n");
      expect(env).toContain("GIT_TERMINAL_PROMPT=0\n");
    } finally {
      for (const name of ["GIT_DIR", "GIT_CONFIG_PARAMETERS", "BATON_ADMIN_PASSWORD"]) delete process.env[name];
      Object.assign(process.env, saved);
    }
  });

  it.each([
    ["fatal: '/etc/shadow' does not appear to be a git repository\nfatal: Could not read from remote repository.", "not-found"],
    ["fatal: transport 'ext' not allowed", "protocol"],
    [" ! [rejected]        main -> main (fetch first)\nerror: failed to push some refs", "rejected"],
    ["fatal: Authentication failed for 'http://x/'", "login"],
    ["fatal: could not read Username for 'https://x': terminal prompts disabled", "login"],
    ["fatal: unable to access 'http://127.0.0.1:9/x/': Failed to connect to 127.0.0.1 port 9: Connection refused", "unreachable"],
    ["fatal: bad config line 1 in file /srv/x/config", "failed"],
  ] as const)("reads %j as %s", (stderr, kind) => {
    expect(failureKind(stderr)).toBe(kind);
  });
});
