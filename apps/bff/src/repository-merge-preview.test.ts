import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALL_RIGHTS, ErrorCode, OutRepo, OutRepositoryBranches, OutRepositoryComparison, OutRepositoryMerge, OutRepositoryMergeObject, OutRepositoryMergePreview, OutValidationError } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { basic, jobEnvelope, json, startTestBaton, type TestBaton } from "./testing/test-baton";

/*
 * The merge preview is read three-way from the merge base, as git merges: a branch that changed
 * one object shows that one object, however many the active branch gained since; conflicts are
 * predicted before merging and are the ones the merge then stops on; a conflict resolved with an
 * edited result that is not a valid definition changes nothing.
 */

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
const READER = basic("PREVIEW/OPS:Preview-pass1");
const OUTSIDER = basic("PREVIEW/NOREPO:Preview-pass1");
const Issues = z.array(OutValidationError);

function git(cwd: string, ...args: string[]): string {
  return execFileSync("git", args, { cwd, env: GIT_ENV, encoding: "utf8" });
}

function user(name: string, privileges: string[]) {
  const attributes = { is_active: "1", is_locked: "0", password: "Preview-pass1" };
  // Every right on OPEN.* and nothing on the other objects.
  const authorizations = [{ filter_object_type: "*", filter_object_name: "OPEN.*", bitcode: ALL_RIGHTS, auth_group: 1 }];
  return { data: { user: { general_attributes: { name, type: "USER" }, user_attributes: attributes, privileges, authorizations } }, path: "USERS" };
}

describe.each(testDialects)("merge preview on %s", (dialect) => {
  let test: TestBaton;
  let temp: string;
  let remote: string;
  const path = (name: string) => `FLOWS/${name}.json`;

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "baton-merge-preview-"));
    remote = join(temp, "remote.git");
    git(temp, "init", "--quiet", "--bare", "--initial-branch=main", remote);
    test = await startTestBaton(dialect, { BATON_REPOSITORY_ROOTS: temp });
    await call("/100/objects?overwrite_existing_objects=true", json(user("PREVIEW/OPS", ["REPOSITORY"])));
    await call("/100/objects?overwrite_existing_objects=true", json(user("PREVIEW/NOREPO", [])));
    for (const name of ["P.A", "P.B", "OPEN.C"]) await importJob(name, `echo ${name} first`);
    await call("/100/repositories", json({ repository_url: remote, branch: "main" }));
  });
  afterAll(async () => {
    await test.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  /** A request that must answer `status`; its JSON body (undefined when empty). */
  async function call(path: string, init?: RequestInit, status = 200): Promise<unknown> {
    const response = await test.rest(path, init);
    const text = await response.text();
    expect(response.status, `${path}: ${text}`).toBe(status);
    return text === "" ? undefined : JSON.parse(text);
  }
  async function importJob(name: string, line: string): Promise<void> {
    await call("/100/objects?overwrite_existing_objects=true", json({ ...jobEnvelope(name, [line]), path: "FLOWS" }));
  }
  const commit = (message: string) => call("/100/repositories/commits", json({ message }));
  const branch = (name: string, switchTo: boolean) => call("/100/repositories/branches", json({ branch_name: name, switch: switchTo }));
  const preview = async (name: string) => OutRepositoryMergePreview.parse(await call(`/100/repositories/merge/preview?branch_name=${encodeURIComponent(name)}`));
  const listed = (answer: OutRepositoryMergePreview) => answer.data.map((entry) => `${entry.change} ${entry.name}`);
  const info = async () => OutRepo.parse(await call("/100/repositories"));
  const aheadBehind = async (name: string) => {
    const found = OutRepositoryBranches.parse(await call("/100/repositories/branches")).data.find((entry) => entry.name === name);
    return [found?.ahead, found?.behind];
  };
  /** The process line of a job as the engine has it now. */
  async function line(name: string): Promise<string | undefined> {
    return /"(echo [^"]*)"/.exec(await (await test.rest(`/100/objects/${name}`)).text())?.[1];
  }

  it("lists only what a branch changed, however many objects the active branch gained since", async () => {
    await branch("feature", true);
    await importJob("P.A", "echo P.A on feature");
    await commit("A on feature");
    await branch("main", true);
    // Before main moves on, merging feature is a fast-forward bringing in its one change.
    expect(await preview("feature")).toMatchObject({ status: "fast_forward", ahead: 1, behind: 0, data: [{ change: "modified", name: "P.A", path: path("P.A") }] });

    for (let i = 1; i <= 5; i++) await importJob(`P.NEW${i}`, `echo new ${i}`);
    await importJob("P.B", "echo P.B on main");
    await commit("Main gains objects");
    const answer = await preview("feature");
    expect(answer).toMatchObject({ status: "merge", active_branch: "main", ahead: 1, behind: 1, hidden: 0 });
    expect(listed(answer)).toEqual(["modified P.A"]);
    expect(answer.counts).toEqual({ added: 0, modified: 1, deleted: 0, both: 0, conflict: 0 });
    expect(answer.base_commit).toBe(git(temp, "--git-dir", remote, "merge-base", "main", "feature").trim());
    // Comparing the tips instead would call main's new objects deleted: the preview does not.
    const tips = OutRepositoryComparison.parse(await call("/100/repositories/compare?from=main&to=feature"));
    expect(tips.data.filter((change) => change.change === "deleted")).toHaveLength(5);
    expect(await aheadBehind("feature")).toEqual([1, 1]);
    expect(await aheadBehind("main")).toEqual([0, 0]);

    // The merge does what the preview said: one object imported, main's new objects kept.
    expect(OutRepositoryMerge.parse(await call("/100/repositories/merge", json({ branch_name: "feature" })))).toMatchObject({ status: "merged", imported: 1 });
    expect([await line("P.A"), await line("P.NEW1")]).toEqual(["echo P.A on feature", "echo new 1"]);
    expect(await preview("feature")).toMatchObject({ status: "up_to_date", ahead: 0, data: [] });
  });

  it("predicts a conflict and shows its three versions before merging; the merge stops on exactly it", async () => {
    await branch("rival", true);
    await importJob("P.B", "echo P.B on rival");
    await importJob("OPEN.C", "echo OPEN.C on rival");
    await commit("B and C on rival");
    await branch("main", true);
    await importJob("P.B", "echo P.B on main again");
    await commit("B on main again");

    const answer = await preview("rival");
    expect(answer).toMatchObject({ status: "conflicts", ahead: 1, behind: 1 });
    expect(listed(answer)).toEqual(["modified OPEN.C", "conflict P.B"]);
    expect(answer.counts).toMatchObject({ conflict: 1, modified: 1 });
    const versions = OutRepositoryMergeObject.parse(await call(`/100/repositories/merge/object?branch_name=rival&object_path=${encodeURIComponent(path("P.B"))}`));
    expect([versions.base.content, versions.ours.content, versions.theirs.content].map((text) => /"(echo [^"]*)"/.exec(text)?.[1])).toEqual(["echo P.B on main", "echo P.B on main again", "echo P.B on rival"]);
    expect(versions.base.commit_id).toBe(answer.base_commit);

    expect(OutRepositoryMerge.parse(await call("/100/repositories/merge", json({ branch_name: "rival" })))).toEqual({ status: "conflicts", conflicts: [path("P.B")] });
    // While merging, the preview and the three versions are those the merge began with.
    expect(listed(await preview("rival"))).toEqual(listed(answer));
  });

  it("refuses an edited result that is not a valid definition of the conflicted object and changes nothing", async () => {
    const before = await info();
    const remoteHead = git(temp, "--git-dir", remote, "rev-parse", "main").trim();
    const resolve = (content: string, status: number) => call("/100/repositories/commits", json({ message: "Merge rival", resolutions: { [path("P.B")]: { content } } }), status);
    const theirs = OutRepositoryMergeObject.parse(await call(`/100/repositories/merge/object?branch_name=rival&object_path=${encodeURIComponent(path("P.B"))}`)).theirs.content;

    const notJson = Issues.parse(await resolve("{ not json", 400));
    expect(notJson[0]).toMatchObject({ path: `resolutions.${path("P.B")}.content` });
    const otherObject = Issues.parse(await resolve(theirs.replace('"P.B"', '"P.OTHER"'), 400));
    expect(otherObject[0]?.error).toContain("JOBS P.B");
    // A definition the import refuses: the type in its general attributes is not its type.
    await resolve(theirs.replace('"type": "JOBS"', '"type": "NOT-A-TYPE"'), 400);

    expect(await info()).toEqual(before);
    expect(git(temp, "--git-dir", remote, "rev-parse", "main").trim()).toBe(remoteHead);
    expect(await line("P.B")).toBe("echo P.B on main again");

    const edited = theirs.replace("echo P.B on rival", "echo P.B resolved by hand");
    await resolve(edited, 200);
    expect(await info()).toMatchObject({ status: "ready" });
    expect([await line("P.B"), await line("OPEN.C")]).toEqual(["echo P.B resolved by hand", "echo OPEN.C on rival"]);
    expect(git(temp, "--git-dir", remote, "show", `main:${path("P.B")}`)).toContain("echo P.B resolved by hand");
    expect(await preview("rival")).toMatchObject({ status: "up_to_date", data: [] });
    expect(await aheadBehind("rival")).toEqual([0, 2]);
  });

  it("shows a user only the objects it may read, and nothing without the REPOSITORY privilege", async () => {
    await branch("mixed", true);
    await importJob("P.A", "echo P.A on mixed");
    await importJob("OPEN.C", "echo OPEN.C on mixed");
    await commit("A and C on mixed");
    await branch("main", true);

    const asReader = (path: string) => test.rest(path, { headers: { authorization: READER } });
    const answer = await asReader("/100/repositories/merge/preview?branch_name=mixed");
    const text = await answer.text();
    expect(answer.status, text).toBe(200);
    const seen = OutRepositoryMergePreview.parse(JSON.parse(text));
    expect([listed(seen), seen.hidden, seen.counts.modified]).toEqual([["modified OPEN.C"], 1, 1]);
    expect(text).not.toContain("P.A");
    expect((await asReader(`/100/repositories/merge/object?branch_name=mixed&object_path=${encodeURIComponent(path("P.A"))}`)).status).toBe(403);
    expect((await asReader(`/100/repositories/merge/object?branch_name=mixed&object_path=${encodeURIComponent(path("OPEN.C"))}`)).status).toBe(200);

    for (const path of ["/100/repositories/merge/preview?branch_name=mixed", `/100/repositories/merge/object?branch_name=mixed&object_path=${encodeURIComponent("FLOWS/OPEN.C.json")}`]) {
      const refused = await test.rest(path, { headers: { authorization: OUTSIDER } });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ code: ErrorCode.FORBIDDEN });
    }
  });
});
