import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, OutRepo, OutRepositoryBranch, OutRepositoryBranches, OutRepositoryCommit, OutRepositoryDiff, OutRepositoryInit, OutRepositoryLog, OutRepositoryUncommittedChanges } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { z } from "zod";
import { jobEnvelope, json, startTestBaton, type TestBaton } from "./testing/test-baton";

const SECRET = "git-Secret-pässword-42";
/** git without the host's configuration, as Baton runs it. */
const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8" });
}

describe("repositories", () => {
  let test: TestBaton;
  let second: TestBaton | undefined;
  let temp: string;
  let remote: string;
  /** Every response body, to check that the credentials never appear. */
  const answers: string[] = [];

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "baton-repo-test-"));
    remote = join(temp, "remote.git");
    git(temp, "init", "--quiet", "--bare", remote);
    test = await startTestBaton();
  });
  afterAll(async () => {
    await test.stop();
    await second?.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  async function call<T>(schema: z.ZodType<T> | undefined, path: string, init?: RequestInit, status = 200, baton = test): Promise<T | undefined> {
    const response = await baton.rest(path, init);
    const text = await response.text();
    answers.push(text);
    expect(response.status, text).toBe(status);
    return schema?.parse(JSON.parse(text));
  }
  const importJob = (name: string, lines: string[], path = "TESTS") => call(undefined, "/100/objects?overwrite_existing_objects=true", json({ ...jobEnvelope(name, lines), path }));
  const changes = async () => (await call(OutRepositoryUncommittedChanges, "/100/repositories/changes?fields=total"))?.data.map(({ name, path, change }) => `${change} ${name} ${path}`).sort();

  it("answers 404 RESOURCE_DISABLED before the repository is initialised", async () => {
    const response = await test.rest("/100/repositories");
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: ErrorCode.RESOURCE_DISABLED });
  });

  it("initialises on an empty remote by committing the client's objects as sorted, 2-space JSON files", async () => {
    await importJob("REPO.A", ["echo a"]);
    const init = await call(OutRepositoryInit, "/100/repositories", json({ repository_url: remote, branch: "main", username: "git-user", password: SECRET }));
    expect(init?.head_commit).toMatch(/^[0-9a-f]{40}$/);
    const clone = join(temp, "check");
    git(temp, "clone", "--quiet", "--branch", "main", remote, clone);
    const text = readFileSync(join(clone, "TESTS", "REPO.A.json"), "utf8");
    expect(text.startsWith('{\n  "jobs": {\n    "general_attributes": {')).toBe(true);
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    const info = await call(OutRepo, "/100/repositories");
    expect(info).toEqual({ repository_url: remote, active_branch: "main", head_commit: init?.head_commit, status: "ready" });
    await call(undefined, "/100/repositories", json({ repository_url: remote, branch: "main" }), 409);
  });

  it("lists changed, added and deleted objects and commits them as the requesting user", async () => {
    expect(await changes()).toEqual([]);
    await importJob("REPO.A", ["echo changed"]);
    await importJob("REPO.B", ["echo b"]);
    expect(await changes()).toEqual(["added REPO.B TESTS/REPO.B.json", "modified REPO.A TESTS/REPO.A.json"]);
    expect((await call(OutRepositoryUncommittedChanges, "/100/repositories/changes?fields=total"))?.total).toBe(2);
    expect(await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Change A", objects: ["REPO.A"] }))).toMatchObject({ message: "Change A", changed: 1 });
    expect(await changes()).toEqual(["added REPO.B TESTS/REPO.B.json"]);
    await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Add B" }));
    expect(await changes()).toEqual([]);
    await importJob("REPO.B", ["echo b"], "MOVED");
    expect(await changes()).toEqual(["added REPO.B MOVED/REPO.B.json", "deleted REPO.B TESTS/REPO.B.json"]);
    await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Move B" }));
    await call(undefined, "/100/repositories/commits", json({ message: "Nothing" }), 409);
    const log = await call(OutRepositoryLog, "/100/repositories/branches/main/log?max_results=2");
    expect(log).toMatchObject({ total: 4, hasmore: true });
    expect(log?.data.map((entry) => [entry.message, entry.author])).toEqual([
      ["Move B", "ADMIN/ADMIN"],
      ["Add B", "ADMIN/ADMIN"],
    ]);
    expect(git(temp, "--git-dir", remote, "log", "-1", "--format=%s", "main").trim()).toBe("Move B");
  });

  it("creates and switches branches and shows an object on two branches", async () => {
    expect(await call(OutRepositoryBranch, "/100/repositories/branches", json({ branch_name: "feature/one", switch: true }))).toMatchObject({ name: "feature/one" });
    await call(undefined, "/100/repositories/branches", json({ branch_name: "feature/one" }), 409);
    const branches = await call(OutRepositoryBranches, "/100/repositories/branches");
    expect(branches?.data.map((b) => [b.name, b.active])).toEqual([
      ["feature/one", true],
      ["main", false],
    ]);
    expect((await call(OutRepo, "/100/repositories"))?.active_branch).toBe("feature/one");
    expect((await call(OutRepositoryLog, "/100/repositories/branches/feature%2Fone/log"))?.total).toBe(4);
    await importJob("REPO.A", ["echo on feature"]);
    await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "A on feature" }));
    const query = "branch_name_theirs=feature%2Fone&object_path_ours=TESTS%2FREPO.A.json&object_path_theirs=TESTS%2FREPO.A.json";
    const diff = await call(OutRepositoryDiff, `/100/repositories/branches/main/diff?${query}`);
    expect(diff?.ours.content).toContain("echo changed");
    expect(diff?.theirs).toMatchObject({ branch: "feature/one", content: expect.stringContaining("echo on feature") });
  });

  it("refuses invalid names and paths and unknown branches", async () => {
    await call(undefined, "/100/repositories/branches", json({ branch_name: "../escape" }), 400);
    await call(undefined, "/100/repositories/branches", json({ branch_name: "-x" }), 400);
    await call(undefined, "/100/repositories/branches/main/diff?branch_name_theirs=main&object_path_ours=..%2F..%2Fetc%2Fpasswd&object_path_theirs=a.json", undefined, 400);
    await call(undefined, "/100/repositories/branches/nothing/log", undefined, 404);
    await call(undefined, "/100/repositories/branches/main/diff?branch_name_theirs=main&object_path_ours=NONE.json&object_path_theirs=NONE.json", undefined, 404);
  });

  it("initialises another Baton from the same branch by importing its objects", async () => {
    second = await startTestBaton();
    const unreachable = { repository_url: "http://127.0.0.1:9/nothing.git", branch: "main", username: "git-user", password: SECRET };
    await call(undefined, "/100/repositories", json(unreachable), 409, second);
    await call(undefined, "/100/repositories", undefined, 404, second);
    await call(OutRepositoryInit, "/100/repositories", json({ repository_url: remote, branch: "main" }), 200, second);
    expect(await call(undefined, "/100/objects/REPO.B", undefined, 200, second)).toBeUndefined();
    expect(await call(OutRepositoryUncommittedChanges, "/100/repositories/changes", undefined, 200, second)).toEqual({ data: [] });
  });

  it("never answers or logs the credentials", () => {
    const header = Buffer.from(`git-user:${SECRET}`).toString("base64");
    expect(answers.join("\n")).not.toContain(SECRET);
    expect(answers.join("\n")).not.toContain(header);
    expect([...test.logs, ...(second?.logs ?? [])].join("\n")).not.toContain(header);
    expect([...test.logs, ...(second?.logs ?? [])].join("\n")).not.toContain(SECRET);
    expect(readFileSync(join(test.dataDir, "repositories", "100.json"), "utf8")).not.toContain(SECRET);
    expect(statSync(join(test.dataDir, "repositories", ".credentials-secret")).mode & 0o777).toBe(0o600);
  });
});
