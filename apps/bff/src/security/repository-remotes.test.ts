import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, realpathSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer, type Server, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, OutError, OutValidationError } from "@baton/contract";
import { processesWith, testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startGitHttpServer, type GitHttpServer } from "../testing/git-http-server";
import { json, startTestBaton, type TestBaton } from "../testing/test-baton";

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
const SECRET = "SECRET-KEY-LINE-4f1c";

// A repository URL is a remote of the client's own: never a path into Baton's data directory or
// another client's tree, never a git remote helper, never an internal address unless allowed. A
// refused URL leaves nothing behind; git that hangs is killed with its process group; git's
// errors never reach the answer.
describe.each(testDialects)("repository remotes on %s", (dialect) => {
  let temp: string;
  let roots: string;
  /** Baton with local remotes below `roots` and the default address policy. */
  let closed: TestBaton;
  /** Baton that also allows loopback and the whole temporary directory, and stops git after 1.5 s. */
  let open: TestBaton;
  let gitServer: GitHttpServer;
  let silent: Server;
  let silentPort = 0;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    temp = realpathSync(mkdtempSync(join(tmpdir(), "baton-remotes-")));
    roots = join(temp, "roots");
    mkdirSync(roots);
    for (const name of ["team.git", "zero.git"]) execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", join(roots, name)], { env: GIT_ENV });
    execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", join(temp, "outside.git")], { env: GIT_ENV });
    symlinkSync(join(temp, "outside.git"), join(roots, "link.git"));
    // A directory whose .git file points git at a name made of a file's content.
    mkdirSync(join(roots, "gitfile"));
    writeFileSync(join(roots, "gitfile", ".git"), `gitdir: ${SECRET}\n`);
    gitServer = await startGitHttpServer(roots, "team-bot", "team-pass");
    silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const address = silent.address();
    silentPort = typeof address === "object" && address !== null ? address.port : 0;
    closed = await startTestBaton(dialect, { BATON_REPOSITORY_ROOTS: roots });
    open = await startTestBaton(dialect, { BATON_REPOSITORY_ROOTS: `${roots},${realpathSync(tmpdir())}`, BATON_CALLBACK_ALLOW: "127.0.0.0/8", BATON_GIT_TIMEOUT_MS: "1500" });
    // Client 0 has a repository, which client 100 must not reach.
    const zero = await closed.rest("/0/repositories", json({ repository_url: join(roots, "zero.git"), branch: "main" }));
    expect(zero.status, await zero.clone().text()).toBe(200);
  });

  afterAll(async () => {
    await closed?.stop();
    await open?.stop();
    await gitServer?.close();
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent?.close(resolve));
    rmSync(temp, { recursive: true, force: true });
  });

  /** What a failed initialisation must not leave: a staging directory, a tree or settings of client 100. */
  function leftovers(test: TestBaton): string[] {
    const dir = join(test.dataDir, "repositories");
    return existsSync(dir) ? readdirSync(dir).filter((name) => name.startsWith("100")) : [];
  }

  /** Asks client 100 of `test` to initialise its repository from `url`; answers why it was refused. */
  async function refuse(test: TestBaton, url: string): Promise<string | undefined> {
    const requestsBefore = gitServer.authorizations.length;
    const response = await test.rest("/100/repositories", json({ repository_url: url, branch: "main" }));
    const text = await response.text();
    expect(response.status, text).toBe(400);
    const [issue] = z.array(OutValidationError).parse(JSON.parse(text));
    expect(issue?.path).toBe("repository_url");
    expect(leftovers(test)).toEqual([]);
    expect((await test.rest("/100/repositories")).status).toBe(404);
    // Nothing was fetched: the refusal came before git.
    expect(gitServer.authorizations.length).toBe(requestsBefore);
    return issue?.error;
  }

  it("refuses a relative path into another client's tree (../0)", async () => {
    await refuse(closed, "../0");
    await refuse(closed, "../0/.git");
  });

  it("refuses a path into the data directory, even below a root", async () => {
    expect(await refuse(closed, join(closed.dataDir, "repositories", "0"))).toMatch(/not below a directory of BATON_REPOSITORY_ROOTS/);
    // open's roots include the temporary directory its data directory is in.
    expect(await refuse(open, join(open.dataDir, "repositories", "0"))).toMatch(/data directory/);
    expect(await refuse(open, join(open.dataDir, "baton.db"))).toMatch(/data directory/);
    expect(await refuse(open, open.dataDir)).toMatch(/data directory/);
    expect(await refuse(open, realpathSync(tmpdir()))).toMatch(/data directory/);
  });

  it("refuses a path outside the roots and a link inside them that leads outside", async () => {
    await refuse(closed, join(temp, "outside.git"));
    await refuse(closed, `${roots}/../outside.git`);
    await refuse(closed, join(roots, "link.git"));
    await refuse(closed, `file://${join(roots, "link.git")}`);
  });

  it("refuses git's remote helpers before git sees them (fd::17 used to hang for good; ext:: runs a command)", async () => {
    const marker = join(temp, "ext-ran");
    const started = Date.now();
    await refuse(closed, "fd::17");
    await refuse(closed, `ext::sh -c touch% ${marker}`);
    await refuse(closed, "anything::x");
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(existsSync(marker)).toBe(false);
  });

  it("refuses http remotes on internal addresses however they are spelled, unless BATON_CALLBACK_ALLOW allows them", async () => {
    const port = new URL(gitServer.url).port;
    await refuse(closed, `http://127.0.0.1:${port}/team.git`);
    await refuse(closed, `http://2130706433:${port}/team.git`);
    await refuse(closed, `http://0x7f.1:${port}/team.git`);
    await refuse(closed, `http://[::127.0.0.1]:${port}/team.git`);
    await refuse(closed, "http://[::127.0.0.1]/");
    await refuse(closed, `http://[::ffff:127.0.0.1]:${port}/team.git`);
    await refuse(closed, `git://2130706433:${port}/team.git`);
    await refuse(closed, "git@127.0.0.1:team.git");
  });

  it("answers a git failure with fixed words: no file content, no local path", async () => {
    const response = await closed.rest("/100/repositories", json({ repository_url: join(roots, "gitfile"), branch: "main" }));
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(OutError.parse(JSON.parse(text))).toMatchObject({ code: ErrorCode.CONFLICT, error: "The remote repository was not found." });
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(temp);
    expect(leftovers(closed)).toEqual([]);
  });

  it("kills git and everything it started when the remote hangs, and frees the client's repository queue", async () => {
    const url = `http://127.0.0.1:${silentPort}/hang-${dialect}.git`;
    const started = Date.now();
    const response = await open.rest("/100/repositories", json({ repository_url: url, branch: "main" }));
    const text = await response.text();
    expect(response.status, text).toBe(400);
    expect(OutError.parse(JSON.parse(text))).toMatchObject({ code: ErrorCode.CONFLICT, error: "The repository operation took too long." });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(sockets.length).toBeGreaterThan(0);
    expect(processesWith(url)).toEqual([]);
    expect(leftovers(open)).toEqual([]);
    // The queue of client 100 is free: the next operation runs at once and succeeds.
    const next = await open.rest("/100/repositories", json({ repository_url: join(roots, "team.git"), branch: "main" }));
    expect(next.status, await next.clone().text()).toBe(200);
    expect(leftovers(open).sort()).toEqual(["100", "100.json"]);
  });
});
