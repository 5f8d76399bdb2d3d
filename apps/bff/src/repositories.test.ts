import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  ErrorCode,
  OutError,
  OutRepo,
  OutRepositoryBranch,
  OutRepositoryBranches,
  OutRepositoryCommit,
  OutRepositoryComparison,
  OutRepositoryDiff,
  OutRepositoryInit,
  OutRepositoryLog,
  OutRepositoryMerge,
  OutRepositoryPull,
  OutRepositoryRollback,
  OutRepositoryUncommittedChanges,
  OutValidationError,
  Right,
} from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { startGitHttpServer, type GitHttpServer } from "./testing/git-http-server";
import { basic, jobEnvelope, json, startTestBaton, type TestBaton } from "./testing/test-baton";

/** A refusal for a conflict with the repository's state: 400 with the CONFLICT code (the interface has no 409). */
const Conflict = OutError.extend({ code: z.literal(ErrorCode.CONFLICT) });
const Conflicts = z.array(OutValidationError.extend({ code: z.literal(ErrorCode.CONFLICT) }));

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
    test = await startTestBaton("sqlite", { BATON_REPOSITORY_ROOTS: temp });
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
    await call(Conflict, "/100/repositories", json({ repository_url: remote, branch: "main" }), 400);
  });

  it("lists changed, added and deleted objects and commits them as the requesting user", async () => {
    expect(await changes()).toEqual([]);
    await importJob("REPO.A", ["echo changed"]);
    await importJob("REPO.B", ["echo b"]);
    expect(await changes()).toEqual(["added REPO.B TESTS/REPO.B.json", "modified REPO.A TESTS/REPO.A.json"]);
    expect((await call(OutRepositoryUncommittedChanges, "/100/repositories/changes?fields=total"))?.total).toBe(2);
    expect(await call(z.array(OutValidationError), "/100/repositories/changes?fields=count", undefined, 400)).toEqual([expect.objectContaining({ path: "fields", invalid_value: "count" })]);
    expect(await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Change A", objects: ["REPO.A"] }))).toMatchObject({ message: "Change A", changed: 1 });
    expect(await changes()).toEqual(["added REPO.B TESTS/REPO.B.json"]);
    await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Add B" }));
    expect(await changes()).toEqual([]);
    await importJob("REPO.B", ["echo b"], "MOVED");
    expect(await changes()).toEqual(["added REPO.B MOVED/REPO.B.json", "deleted REPO.B TESTS/REPO.B.json"]);
    await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Move B" }));
    await call(Conflict, "/100/repositories/commits", json({ message: "Nothing" }), 400);
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
    await call(Conflict, "/100/repositories/branches", json({ branch_name: "feature/one" }), 400);
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
    // Loopback allowed, so that the remote is tried and its failure answered.
    second = await startTestBaton("sqlite", { BATON_REPOSITORY_ROOTS: temp, BATON_CALLBACK_ALLOW: "127.0.0.0/8" });
    const unreachable = { repository_url: "http://127.0.0.1:9/nothing.git", branch: "main", username: "git-user", password: SECRET };
    const failed = await call(Conflict, "/100/repositories", json(unreachable), 400, second);
    expect(failed).toMatchObject({ error: "The remote could not be reached.", details: "check the host and port of the repository URL" });
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

describe("repository branches, merges and pulls", () => {
  let test: TestBaton;
  let temp: string;
  let remote: string;
  const path = (name: string) => `FLOWS/${name}.json`;

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "baton-merge-test-"));
    remote = join(temp, "remote.git");
    git(temp, "init", "--quiet", "--bare", "--initial-branch=main", remote);
    test = await startTestBaton("sqlite", { BATON_REPOSITORY_ROOTS: temp });
    await importJob("M.A", "echo a");
    await importJob("M.B", "echo b");
    await call(OutRepositoryInit, "/100/repositories", json({ repository_url: remote, branch: "main" }));
  });
  afterAll(async () => {
    await test.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  async function call<T>(schema: z.ZodType<T> | undefined, path: string, init?: RequestInit, status = 200, rest = test.rest): Promise<T | undefined> {
    const response = await rest(path, init);
    const text = await response.text();
    expect(response.status, text).toBe(status);
    return schema?.parse(JSON.parse(text));
  }
  async function importJob(name: string, line: string): Promise<void> {
    await call(undefined, "/100/objects?overwrite_existing_objects=true", json({ ...jobEnvelope(name, [line]), path: "FLOWS" }));
  }
  /** The process line of a job, or undefined when the object does not exist. */
  async function line(name: string): Promise<string | undefined> {
    const response = await test.rest(`/100/objects/${name}`);
    if (response.status === 404) return undefined;
    const text = await response.text();
    return /"(echo [^"]*)"/.exec(text)?.[1];
  }
  const commit = (message: string) => call(OutRepositoryCommit, "/100/repositories/commits", json({ message }));
  const switchTo = (branch: string, status = 200, extra: Record<string, unknown> = {}) => call(undefined, "/100/repositories/branches", json({ branch_name: branch, switch: true, ...extra }), status);
  const info = async () => OutRepo.parse(await (await test.rest("/100/repositories")).json());
  const remoteHead = (branch: string) => git(temp, "--git-dir", remote, "rev-parse", branch).trim();

  it("switching branches imports the branch's definitions and deletes objects it does not have", async () => {
    await call(OutRepositoryBranch, "/100/repositories/branches", json({ branch_name: "topic", switch: true }));
    await importJob("M.A", "echo topic");
    await importJob("M.C", "echo c");
    await commit("Topic work");
    const compared = await call(OutRepositoryComparison, "/100/repositories/compare?from=main&to=topic");
    expect(compared?.data.map((c) => `${c.change} ${c.name}`).sort()).toEqual(["added M.C", "modified M.A"]);
    await switchTo("main");
    expect([await line("M.A"), await line("M.C")]).toEqual(["echo a", undefined]);
    expect((await info()).active_branch).toBe("main");
    expect((await call(OutRepositoryUncommittedChanges, "/100/repositories/changes"))?.data).toEqual([]);
  });

  it("shows an uncommitted change as HEAD's file against the current definition", async () => {
    await importJob("M.B", "echo b edited");
    const diff = await call(OutRepositoryDiff, `/100/repositories/changes/diff?object_path=${encodeURIComponent(path("M.B"))}`);
    expect(diff?.ours).toMatchObject({ branch: "main", content: expect.stringContaining('"echo b"') });
    expect(diff?.theirs).toMatchObject({ branch: "", content: expect.stringContaining('"echo b edited"') });
    await call(undefined, "/100/repositories/changes/diff?object_path=FLOWS%2FNONE.json", undefined, 404);
  });

  it("refuses to switch over uncommitted changes the branch would replace, unless asked to overwrite", async () => {
    await importJob("M.A", "echo local");
    const refused = await call(Conflicts, "/100/repositories/branches", json({ branch_name: "topic", switch: true }), 400);
    expect(refused?.map((issue) => [issue.path, issue.invalid_value])).toEqual([[path("M.A"), "M.A"]]);
    expect([(await info()).active_branch, await line("M.A")]).toEqual(["main", "echo local"]);
    await importJob("M.A", "echo a");
  });

  it("merges a branch cleanly (fast-forward), pushes and imports it", async () => {
    const merged = await call(OutRepositoryMerge, "/100/repositories/merge", json({ branch_name: "topic" }));
    expect(merged).toMatchObject({ status: "merged", imported: 2 });
    expect([await line("M.A"), await line("M.C")]).toEqual(["echo topic", "echo c"]);
    expect(remoteHead("main")).toBe((await info()).head_commit);
    expect(await call(OutRepositoryMerge, "/100/repositories/merge", json({ branch_name: "topic" }))).toMatchObject({ status: "up_to_date", imported: 0 });
    // M.B's uncommitted edit is still there: the merge did not touch it.
    expect(await line("M.B")).toBe("echo b edited");
    await commit("Edit B");
  });

  let base = "";
  it("merges diverged branches with a merge commit", async () => {
    base = (await info()).head_commit;
    await call(OutRepositoryBranch, "/100/repositories/branches", json({ branch_name: "side", switch: true }));
    await importJob("M.C", "echo c on side");
    await commit("C on side");
    await switchTo("main");
    await importJob("M.B", "echo b on main");
    await commit("B on main");
    expect(await call(OutRepositoryMerge, "/100/repositories/merge", json({ branch_name: "side" }))).toMatchObject({ status: "merged", imported: 1 });
    expect([await line("M.B"), await line("M.C")]).toEqual(["echo b on main", "echo c on side"]);
    expect(git(temp, "--git-dir", remote, "log", "-1", "--format=%P %an", "main").trim()).toMatch(/^[0-9a-f]{40} [0-9a-f]{40} ADMIN\/ADMIN$/);
    const [merge] = (await call(OutRepositoryLog, "/100/repositories/branches/main/log?max_results=1"))?.data ?? [];
    expect(merge?.parents).toEqual(git(temp, "--git-dir", remote, "log", "-1", "--format=%P", "main").trim().split(" "));
  });

  async function conflictingBranch(name: string, theirs: string, ours: string): Promise<void> {
    await call(OutRepositoryBranch, "/100/repositories/branches", json({ branch_name: name, switch: true }));
    await importJob("M.A", theirs);
    await commit(`A on ${name}`);
    await switchTo("main");
    await importJob("M.A", ours);
    await commit(`A on main for ${name}`);
  }

  it("leaves a merge with conflicts merging, imports nothing, refuses other work and aborts", async () => {
    await conflictingBranch("left", "echo left", "echo main for left");
    const head = (await info()).head_commit;
    expect(await call(OutRepositoryMerge, "/100/repositories/merge", json({ branch_name: "left" }))).toEqual({ status: "conflicts", conflicts: [path("M.A")] });
    expect(await info()).toMatchObject({ status: "merging", head_commit: head, merge: { branch_name: "left", conflicts: [path("M.A")] } });
    expect(await line("M.A")).toBe("echo main for left");
    await call(Conflict, "/100/repositories/branches", json({ branch_name: "main", switch: true }), 400);
    await call(Conflict, "/100/repositories/pull", json({}), 400);
    const unresolved = await call(Conflicts, "/100/repositories/commits", json({ message: "Merge" }), 400);
    expect(unresolved?.[0]?.path).toBe(`resolutions.${path("M.A")}`);
    await call(undefined, "/100/repositories/merge", json({}, "DELETE"));
    expect(await info()).toMatchObject({ status: "ready", head_commit: head });
    expect((await info()).merge).toBeUndefined();
    expect(await line("M.A")).toBe("echo main for left");
    // Outside a merge there is nothing to abort: 200 all the same, with a JSON body.
    expect(await call(z.object({}).strict(), "/100/repositories/merge", json({}, "DELETE"))).toEqual({});
    expect(await info()).toMatchObject({ status: "ready", head_commit: head });
  });

  it("completes a merge with conflicts by committing the chosen versions", async () => {
    expect((await call(OutRepositoryMerge, "/100/repositories/merge", json({ branch_name: "left" })))?.status).toBe("conflicts");
    const done = await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Merge left, theirs", resolutions: { [path("M.A")]: "theirs" } }));
    expect(await info()).toMatchObject({ status: "ready", head_commit: done?.commit_id });
    expect(await line("M.A")).toBe("echo left");
    expect(remoteHead("main")).toBe(done?.commit_id);
    expect(git(temp, "--git-dir", remote, "log", "-1", "--format=%s|%P", "main").trim()).toMatch(/^Merge left, theirs\|[0-9a-f]{40} [0-9a-f]{40}$/);

    await conflictingBranch("right", "echo right", "echo main for right");
    expect((await call(OutRepositoryMerge, "/100/repositories/merge", json({ branch_name: "right" })))?.status).toBe("conflicts");
    // "current": the definition as edited in Baton while merging.
    await importJob("M.A", "echo by hand");
    await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Merge right by hand", resolutions: { [path("M.A")]: "current" } }));
    expect(await line("M.A")).toBe("echo by hand");
    expect(git(temp, "--git-dir", remote, "show", `main:${path("M.A")}`)).toContain('"echo by hand"');
    expect((await call(OutRepositoryUncommittedChanges, "/100/repositories/changes"))?.data).toEqual([]);
  });

  it("pulls what another clone pushed, refusing to replace uncommitted changes unless asked", async () => {
    const clone = join(temp, "other");
    git(temp, "clone", "--quiet", "--branch", "main", remote, clone);
    const text = readFileSync(join(clone, path("M.B")), "utf8");
    writeFileSync(join(clone, path("M.B")), text.replace("echo b on main", "echo b pulled"));
    writeFileSync(join(clone, path("M.D")), text.replace("echo b on main", "echo d").replace('"name": "M.B"', '"name": "M.D"'));
    git(clone, "add", "--all");
    git(clone, "-c", "user.name=Other", "-c", "user.email=other@example.test", "commit", "--quiet", "-m", "From another clone");
    git(clone, "push", "--quiet", "origin", "main");

    // A merge whose push the remote refuses (it moved on) imports nothing and keeps the head.
    await call(OutRepositoryBranch, "/100/repositories/branches", json({ branch_name: "late", switch: true }));
    await importJob("M.C", "echo c late");
    await commit("C late");
    await switchTo("main");
    const before = (await info()).head_commit;
    const rejected = await call(Conflict, "/100/repositories/merge", json({ branch_name: "late" }), 400);
    expect(rejected?.details).toMatch(/rejected/);
    expect([(await info()).head_commit, await line("M.C")]).toEqual([before, "echo c on side"]);

    await importJob("M.B", "echo b local");
    const head = (await info()).head_commit;
    const refused = await call(Conflicts, "/100/repositories/pull", json({}), 400);
    expect(refused?.map((issue) => issue.invalid_value)).toEqual(["M.B"]);
    expect([(await info()).head_commit, await line("M.B"), await line("M.D")]).toEqual([head, "echo b local", undefined]);

    const pulled = await call(OutRepositoryPull, "/100/repositories/pull", json({ overwrite: true }));
    expect(pulled).toEqual({ status: "pulled", commit_id: remoteHead("main"), imported: 2 });
    expect([await line("M.B"), await line("M.D")]).toEqual(["echo b pulled", "echo d"]);
    expect(await call(OutRepositoryPull, "/100/repositories/pull", json({}))).toMatchObject({ status: "up_to_date", imported: 0 });
  });

  it("moves the head to an earlier commit's definitions with a new commit", async () => {
    const before = (await call(OutRepositoryLog, "/100/repositories/branches/main/log"))?.total ?? 0;
    const rolled = await call(OutRepositoryRollback, `/100/repositories/commits/${base}`, json({}));
    // M.A and M.B back as at `base`; M.C back; M.D (added later) deleted.
    expect([await line("M.A"), await line("M.B"), await line("M.C"), await line("M.D")]).toEqual(["echo topic", "echo b edited", "echo c", undefined]);
    expect(rolled?.imported).toBe(4);
    expect(git(temp, "--git-dir", remote, "rev-parse", "main^{tree}").trim()).toBe(git(temp, "--git-dir", remote, "rev-parse", `${base}^{tree}`).trim());
    const log = await call(OutRepositoryLog, "/100/repositories/branches/main/log?max_results=1");
    expect(log?.total).toBe(before + 1);
    expect(log?.data[0]?.message).toBe(`Restore ${base.slice(0, 12)}`);
    await call(undefined, "/100/repositories/commits/0123456789abcdef", json({}), 404);
  });

  it("needs the REPOSITORY privilege and, to import, the rights on the objects; a refused switch changes nothing", async () => {
    /** Imports a user with the privileges and one authorization entry; returns a fetch logged in as it. */
    const user = async (name: string, privileges: string[], bitcode: number, objects = { filter_object_type: "*", filter_object_name: "*" }) => {
      const authorizations = [{ ...objects, bitcode, auth_group: 1 }];
      const body = { general_attributes: { name, type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password: "Repo-pass1" }, privileges, authorizations };
      await call(undefined, "/100/objects?overwrite_existing_objects=true", json({ data: { user: body }, path: "USERS" }));
      return (p: string, init: RequestInit = {}) => fetch(`${test.baton.restUrl}${p}`, { ...init, headers: { authorization: basic(`100/${name}:Repo-pass1`), ...init.headers } });
    };
    const noRepo = await user("NOREPO/OPS", [], Right.READ | Right.WRITE);
    const readOnly = await user("READONLY/OPS", ["REPOSITORY"], Right.READ);
    const denied = await call(OutError, "/100/repositories", undefined, 403, noRepo);
    expect(denied?.details).toContain("REPOSITORY");
    await commit("Users");
    const head = (await info()).head_commit;
    const refused = await call(OutError, "/100/repositories/branches", json({ branch_name: "left", switch: true, overwrite: true }), 403, readOnly);
    expect(refused?.details).toContain("write");
    expect(await info()).toMatchObject({ active_branch: "main", head_commit: head });
    expect(await line("M.A")).toBe("echo topic");

    // Objects a user may not read are neither shown as deleted nor committed as such.
    const partial = await user("PARTIAL/OPS", ["REPOSITORY"], Right.READ | Right.WRITE, { filter_object_type: "JOBS", filter_object_name: "M.*" });
    await commit("Partial user");
    expect((await call(OutRepositoryUncommittedChanges, "/100/repositories/changes", undefined, 200, partial))?.data).toEqual([]);
    await call(undefined, "/100/objects?overwrite_existing_objects=true", json({ ...jobEnvelope("M.A", ["echo partial"]), path: "FLOWS" }), 200, partial);
    const committed = await call(OutRepositoryCommit, "/100/repositories/commits", json({ message: "Partial edit" }), 200, partial);
    expect(committed?.changed).toBe(1);
    expect(git(temp, "--git-dir", remote, "show", "--name-status", "--format=", "main").trim()).toBe(`M\t${path("M.A")}`);
  });
});

describe("an http remote with a login", () => {
  let test: TestBaton;
  let temp: string;
  let server: GitHttpServer;
  const login = { username: "team-bot", password: SECRET };

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "baton-http-repo-"));
    git(temp, "init", "--quiet", "--bare", "--initial-branch=main", join(temp, "team.git"));
    server = await startGitHttpServer(temp, login.username, login.password);
    // The server listens on loopback, which repository remotes reach only when allowed.
    test = await startTestBaton("sqlite", { BATON_CALLBACK_ALLOW: "127.0.0.0/8" });
  });
  afterAll(async () => {
    await test.stop();
    await server.close();
    rmSync(temp, { recursive: true, force: true });
  });

  it("refuses a wrong password and keeps nothing", async () => {
    const response = await test.rest("/100/repositories", json({ repository_url: `${server.url}team.git`, branch: "main", username: login.username, password: "wrong" }));
    expect(response.status).toBe(400);
    const text = await response.text();
    expect(Conflict.parse(JSON.parse(text))).toMatchObject({ code: ErrorCode.CONFLICT });
    expect(text).not.toContain(SECRET);
    expect((await test.rest("/100/repositories")).status).toBe(404);
    expect(server.authorizations).toContain(`Basic ${Buffer.from(`${login.username}:wrong`).toString("base64")}`);
  });

  it("clones, commits and pushes with the login sent as a header and never stored in git's config", async () => {
    await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("HTTP.JOB", ["echo one"])));
    const init = await test.rest("/100/repositories", json({ repository_url: `${server.url}team.git`, branch: "main", ...login }));
    expect(init.status, await init.clone().text()).toBe(200);
    await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("HTTP.JOB", ["echo two"])));
    const committed = await test.rest("/100/repositories/commits", json({ message: "Over http" }));
    expect(committed.status, await committed.clone().text()).toBe(200);
    expect(git(temp, "--git-dir", join(temp, "team.git"), "log", "-1", "--format=%s", "main").trim()).toBe("Over http");
    expect(server.authorizations).toContain(`Basic ${Buffer.from(`${login.username}:${login.password}`).toString("base64")}`);
    expect(readFileSync(join(test.dataDir, "repositories", "100", ".git", "config"), "utf8")).not.toContain(SECRET);
    expect(test.logs.join("\n")).not.toContain(SECRET);
  });
});
