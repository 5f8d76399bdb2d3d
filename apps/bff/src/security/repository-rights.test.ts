import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALL_RIGHTS, ErrorCode, OutError, OutObject, OutRepo, OutRepositoryBranches, OutRepositoryCommit, OutRepositoryDiff, OutRepositoryInit, OutRepositoryMerge, OutRepositoryPull, OutRepositoryUncommittedChanges } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, jobEnvelope, json, startTestBaton, type TestBaton } from "../testing/test-baton";

/*
 * A repository holds every object of its client, also those a user with the REPOSITORY privilege
 * may not read or write. What the repository routes answer that user carries the definitions of
 * readable objects only, and what they import into the client needs the rights an import needs.
 */

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
const REPO_USER = basic("REPO/OPS:Repo-pass1");

/** The values and script lines of the objects REPO/OPS may not read, one per version. */
const SECRETS = ["VALUE-ONE-7c1e", "SCRIPT-ONE-7c1e", "VALUE-TWO-7c1e", "SCRIPT-TWO-7c1e", "VALUE-THREE-7c1e", "SCRIPT-THREE-7c1e", "VALUE-FEATURE-7c1e", "VALUE-REMOTE-7c1e", "VALUE-INVALID-7c1e"];

const SECRET_VARA = "TESTS/SECRET.VARA.json";
const SECRET_JOB = "TESTS/SECRET.JOB.json";
const OPEN_JOB = "TESTS/OPEN.JOB.json";

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=Outside", "-c", "user.email=outside@localhost", ...args], { cwd, env: GIT_ENV, encoding: "utf8" });
}

function vara(name: string, value: string) {
  return { data: { vara: { general_attributes: { name, type: "VARA" }, static_values: [{ key: "PASSWORD", value1: value }] } }, path: "TESTS" };
}

describe.each(testDialects)("repository contents follow object rights on %s", (dialect) => {
  let test: TestBaton;
  let temp: string;
  let remote: string;
  /** The commit the repository was initialised with (the first versions of the secrets). */
  let base: string;
  /** Every answer REPO/OPS got. */
  const answers: string[] = [];

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "baton-repo-rights-"));
    remote = join(temp, "remote.git");
    execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", remote], { env: GIT_ENV });
    test = await startTestBaton(dialect, { BATON_REPOSITORY_ROOTS: temp });
    const user = {
      general_attributes: { name: "REPO/OPS", type: "USER" },
      user_attributes: { is_active: "1", is_locked: "0", password: "Repo-pass1" },
      // Every right on OPEN.* and none on anything else.
      privileges: ["REPOSITORY"],
      authorizations: [{ filter_object_type: "*", filter_object_name: "OPEN.*", bitcode: ALL_RIGHTS, auth_group: 1 }],
    };
    await admin("/100/objects?overwrite_existing_objects=true", json({ data: { user }, path: "USERS" }));
    await secrets(0);
    await admin("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("OPEN.JOB", ["echo open-1"])));
    base = OutRepositoryInit.parse(await admin("/100/repositories", json({ repository_url: remote, branch: "main" }))).head_commit;
    // The second versions committed on main; the branch `old` stays at the first.
    await secrets(2);
    await admin("/100/repositories/commits", json({ message: "Second versions" }));
    await admin("/100/repositories/branches", json({ branch_name: "old", start_point: base }));
    // The third versions are uncommitted; the administrator's look at the changes leaves them in the working tree.
    await secrets(4);
    await admin("/100/repositories/changes");
  });

  afterAll(async () => {
    await test.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  /** An administrator's request that must succeed; its JSON body. */
  async function admin(path: string, init?: RequestInit): Promise<unknown> {
    const response = await test.rest(path, init);
    const text = await response.text();
    expect(response.status, `${path}: ${text}`).toBe(200);
    return text === "" ? undefined : JSON.parse(text);
  }

  /** The versions `at` (value) and `at + 1` (script) of SECRET.VARA and SECRET.JOB. */
  async function secrets(at: number): Promise<void> {
    await admin("/100/objects?overwrite_existing_objects=true", json(vara("SECRET.VARA", SECRETS[at] ?? "")));
    await admin("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("SECRET.JOB", [`echo ${SECRETS[at + 1] ?? ""}`])));
  }

  /** A request of REPO/OPS: its status and body, kept in `answers`. */
  async function asUser(path: string, init: RequestInit = {}): Promise<{ status: number; text: string }> {
    const response = await test.rest(path, { ...init, headers: { ...init.headers, authorization: REPO_USER } });
    const text = await response.text();
    answers.push(`${init.method ?? "GET"} ${path} ${response.status} ${text}`);
    return { status: response.status, text };
  }

  function expectNoSecret(): void {
    for (const answer of answers) for (const secret of SECRETS) expect(answer, answer).not.toContain(secret);
  }

  async function secretValue(): Promise<unknown> {
    const object = OutObject.parse(await admin("/100/objects/SECRET.VARA"));
    return object.data["vara"]?.["static_values"];
  }

  /** What must not change when REPO/OPS is refused: head, branch, branches and the definitions. */
  async function state(): Promise<unknown> {
    const repo = OutRepo.parse(await admin("/100/repositories"));
    const branches = OutRepositoryBranches.parse(await admin("/100/repositories/branches")).data.map(({ name, commit_id }) => `${name} ${commit_id}`);
    const remoteBranches = git(remote, "for-each-ref", "--format=%(refname) %(objectname)");
    const open = OutObject.parse(await admin("/100/objects/OPEN.JOB")).data;
    const job = OutObject.parse(await admin("/100/objects/SECRET.JOB")).data;
    return { head: repo.head_commit, branch: repo.active_branch, branches, remoteBranches, open, job, value: await secretValue() };
  }

  it("the definitions of objects the user may not read reach none of its answers; an administrator's answers carry them", async () => {
    const head = OutRepo.parse(JSON.parse((await asUser("/100/repositories")).text)).head_commit;
    expect((await asUser("/100/repositories/changes?fields=total")).status).toBe(200);
    for (const path of [SECRET_VARA, SECRET_JOB]) {
      const change = await asUser(`/100/repositories/changes/diff?object_path=${encodeURIComponent(path)}`);
      expect(change.status, change.text).toBe(403);
      for (const [ours, theirs] of [
        [path, path],
        [OPEN_JOB, path],
        [path, OPEN_JOB],
      ]) {
        const query = new URLSearchParams({ branch_name_theirs: "old", object_path_ours: ours ?? "", object_path_theirs: theirs ?? "" });
        const diff = await asUser(`/100/repositories/branches/main/diff?${query}`);
        expect(diff.status, diff.text).toBe(403);
        expect(OutError.parse(JSON.parse(diff.text)).details).toMatch(/'Missing right': read on (VARA 'SECRET.VARA'|JOBS 'SECRET.JOB') for user REPO\/OPS/);
      }
    }
    // What the user may read is still shown.
    const open = await asUser(`/100/repositories/branches/main/diff?${new URLSearchParams({ branch_name_theirs: base, object_path_ours: OPEN_JOB, object_path_theirs: OPEN_JOB })}`);
    expect(open.status, open.text).toBe(200);
    expect(OutRepositoryDiff.parse(JSON.parse(open.text)).theirs.content).toContain("echo open-1");
    for (const path of [`/100/repositories/compare?from=${base}&to=main`, "/100/repositories/branches", "/100/repositories/branches/main/log", `/100/repositories/branches/${head}/log`]) {
      expect((await asUser(path)).status).toBe(200);
    }
    expectNoSecret();

    // The administrator reads both versions of the uncommitted change and of the branches.
    const change = OutRepositoryDiff.parse(await admin(`/100/repositories/changes/diff?object_path=${encodeURIComponent(SECRET_VARA)}`));
    expect([change.ours.content, change.theirs.content].join()).toMatch(/VALUE-TWO-7c1e.*VALUE-THREE-7c1e/s);
    const diff = OutRepositoryDiff.parse(await admin(`/100/repositories/branches/main/diff?${new URLSearchParams({ branch_name_theirs: "old", object_path_ours: SECRET_JOB, object_path_theirs: SECRET_JOB })}`));
    expect([diff.ours.content, diff.theirs.content].join()).toMatch(/SCRIPT-TWO-7c1e.*SCRIPT-ONE-7c1e/s);
    const changes = OutRepositoryUncommittedChanges.parse(await admin("/100/repositories/changes")).data.map(({ name }) => name);
    expect(changes.sort()).toEqual(["SECRET.JOB", "SECRET.VARA"]);
  });

  it("a commit by the user takes only changes of objects it may read; others' stay uncommitted", async () => {
    const named = await asUser("/100/repositories/commits", json({ message: "Only the secret", objects: ["SECRET.VARA"] }));
    expect(named.status, named.text).toBe(400);
    expect(OutError.parse(JSON.parse(named.text)).code).toBe(ErrorCode.CONFLICT);
    const listed = OutRepositoryUncommittedChanges.parse(JSON.parse((await asUser("/100/repositories/changes")).text)).data;
    expect(listed).toEqual([]);

    const edited = await asUser("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("OPEN.JOB", ["echo open-2"])));
    expect(edited.status, edited.text).toBe(200);
    const committed = await asUser("/100/repositories/commits", json({ message: "Open job" }));
    expect(committed.status, committed.text).toBe(200);
    expect(OutRepositoryCommit.parse(JSON.parse(committed.text)).changed).toBe(1);
    expect(git(remote, "show", `main:${SECRET_VARA}`)).toContain("VALUE-TWO-7c1e");
    expect(git(remote, "show", `main:${OPEN_JOB}`)).toContain("echo open-2");
    const changes = OutRepositoryUncommittedChanges.parse(await admin("/100/repositories/changes")).data.map(({ name }) => name);
    expect(changes.sort()).toEqual(["SECRET.JOB", "SECRET.VARA"]);
    expectNoSecret();
  });

  it("a move, merge, pull or branch switch that would write an object the user may not write is refused with 403 and changes nothing", async () => {
    await admin("/100/repositories/commits", json({ message: "Third versions" }));
    // A branch `feature` with another value of SECRET.VARA; main is active again.
    await admin("/100/repositories/branches", json({ branch_name: "feature", switch: true }));
    await admin("/100/objects?overwrite_existing_objects=true", json(vara("SECRET.VARA", "VALUE-FEATURE-7c1e")));
    await admin("/100/repositories/commits", json({ message: "Feature value" }));
    await admin("/100/repositories/branches", json({ branch_name: "main", switch: true }));
    expect(await secretValue()).toEqual([{ key: "PASSWORD", value1: "VALUE-THREE-7c1e" }]);

    const before = await state();
    const refusals: Array<[string, RequestInit]> = [
      [`/100/repositories/commits/${base}`, json({})],
      ["/100/repositories/merge", json({ branch_name: "feature" })],
      ["/100/repositories/branches", json({ branch_name: "feature", switch: true })],
      ["/100/repositories/branches", json({ branch_name: "tryout", start_point: base, switch: true })],
    ];
    for (const [path, init] of refusals) {
      const refused = await asUser(path, init);
      expect(refused.status, `${path} ${String(init.body)}: ${refused.text}`).toBe(403);
      expect(OutError.parse(JSON.parse(refused.text)).details).toMatch(/'Missing right': write on (VARA 'SECRET.VARA'|JOBS 'SECRET.JOB') for user REPO\/OPS/);
      expect(await state()).toEqual(before);
    }

    // Someone else pushes another value to the remote's main: the user's pull is refused as well.
    const clone = join(temp, "outside");
    git(temp, "clone", "--quiet", "--branch", "main", remote, clone);
    writeFileSync(join(clone, SECRET_VARA), readFileSync(join(clone, SECRET_VARA), "utf8").replace("VALUE-THREE-7c1e", "VALUE-REMOTE-7c1e"));
    git(clone, "commit", "--quiet", "--all", "-m", "Remote value");
    git(clone, "push", "--quiet", "origin", "main");
    const pushed = await state();
    const pull = await asUser("/100/repositories/pull", json({}));
    expect(pull.status, pull.text).toBe(403);
    expect(await state()).toEqual(pushed);
    expectNoSecret();

    // The administrator may do all of it.
    expect(OutRepositoryPull.parse(await admin("/100/repositories/pull", json({}))).status).toBe("pulled");
    expect(await secretValue()).toEqual([{ key: "PASSWORD", value1: "VALUE-REMOTE-7c1e" }]);
    expect(OutRepositoryMerge.parse(await admin("/100/repositories/merge", json({ branch_name: "old" }))).status).toBe("up_to_date");
    await admin(`/100/repositories/commits/${base}`, json({}));
    expect(await secretValue()).toEqual([{ key: "PASSWORD", value1: "VALUE-ONE-7c1e" }]);

    // A file the user may not write is refused for the right before it is validated, so that no
    // validation issue quotes its content.
    git(clone, "pull", "--quiet", "--no-rebase", "origin", "main");
    writeFileSync(join(clone, SECRET_VARA), JSON.stringify({ vara: { general_attributes: { name: "SECRET.VARA", type: "VALUE-INVALID-7c1e" }, static_values: [] } }));
    git(clone, "commit", "--quiet", "--all", "-m", "Invalid value");
    git(clone, "push", "--quiet", "origin", "main");
    const invalid = await state();
    const refused = await asUser("/100/repositories/pull", json({}));
    expect(refused.status, refused.text).toBe(403);
    expect(await state()).toEqual(invalid);
    expectNoSecret();
  });
});
