import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ALL_RIGHTS, OutError, OutObject, OutRepositoryCommit, OutRepositoryInit } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { basic, jobEnvelope, json, startTestBaton, type TestBaton } from "../testing/test-baton";

/*
 * UC_* VARAs hold a client's settings (the lockout threshold, agent authentication): changing them
 * is system administration however it is done. A script's :PUT_VAR and an import are tested in
 * script-rights.test.ts; here the deletion a repository's move to an earlier commit makes.
 */

const REPOMAN = basic("REPOMAN/OPS:Repoman-pass1");

describe.each(testDialects)("system variables on %s", (dialect) => {
  let test: TestBaton;
  let temp: string;
  // The commit the repository starts with: the client's objects before UC_CLIENT_SETTINGS exists.
  let base: string;

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "baton-sysvar-"));
    const remote = join(temp, "remote.git");
    execFileSync("git", ["init", "--quiet", "--bare", "--initial-branch=main", remote], { env: { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" } });
    test = await startTestBaton(dialect, { BATON_REPOSITORY_ROOTS: temp });
    const user = {
      general_attributes: { name: "REPOMAN/OPS", type: "USER" },
      user_attributes: { is_active: "1", is_locked: "0", password: "Repoman-pass1" },
      // Every right on every object and every privilege but SYSTEM_ADMINISTRATION.
      privileges: ["REPOSITORY", "USER_ADMINISTRATION", "SCRIPTS", "SEARCH"],
      authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: ALL_RIGHTS, auth_group: 1 }],
    };
    for (const envelope of [jobEnvelope("SV.JOB", ["true"]), { data: { user }, path: "USERS" }]) {
      expect((await test.rest("/100/objects?overwrite_existing_objects=true", json(envelope))).status).toBe(200);
    }
    const init = await test.rest("/100/repositories", json({ repository_url: remote, branch: "main" }));
    expect(init.status, await init.clone().text()).toBe(200);
    base = OutRepositoryInit.parse(await init.json()).head_commit;
  });
  afterAll(async () => {
    await test.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  async function settings(): Promise<Response> {
    return test.rest("/100/objects/UC_CLIENT_SETTINGS");
  }

  it("a UC_ name of any type is the system's: a user without SYSTEM_ADMINISTRATION cannot take it with a job", async () => {
    const taken = await fetch(`${test.baton.restUrl}/100/objects`, { ...json(jobEnvelope("UC_CALLBACK_SETTINGS", ["true"])), headers: { authorization: REPOMAN, "content-type": "application/json" } });
    expect(taken.status).toBe(403);
    expect(OutError.parse(await taken.json()).details).toContain("SYSTEM_ADMINISTRATION");
    expect((await test.rest("/100/objects/UC_CALLBACK_SETTINGS")).status).toBe(404);
  });

  it("a repository's move to a commit without UC_CLIENT_SETTINGS does not delete it for a user without SYSTEM_ADMINISTRATION", async () => {
    const vara = { data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS", type: "VARA" }, static_values: [{ key: "LOGIN_MAX_FAILURES", value1: "5" }] } }, path: "" };
    expect((await test.rest("/100/objects?overwrite_existing_objects=true", json(vara))).status).toBe(200);
    const committed = await test.rest("/100/repositories/commits", json({ message: "Settings" }));
    expect(committed.status, await committed.clone().text()).toBe(200);
    expect(OutRepositoryCommit.parse(await committed.json()).changed).toBe(1);

    const refused = await fetch(`${test.baton.restUrl}/100/repositories/commits/${base}`, { ...json({}), headers: { "content-type": "application/json", authorization: REPOMAN } });
    expect(refused.status).toBe(403);
    expect(OutError.parse(await refused.json()).details).toContain("'Missing privilege': SYSTEM_ADMINISTRATION for user REPOMAN/OPS");
    const kept = await settings();
    expect(kept.status).toBe(200);
    expect(OutObject.parse(await kept.json()).data["vara"]?.["static_values"]).toEqual([{ key: "LOGIN_MAX_FAILURES", value1: "5" }]);

    // The administrator may.
    expect((await test.rest(`/100/repositories/commits/${base}`, json({}))).status).toBe(200);
    expect((await settings()).status).toBe(404);
  });
});
