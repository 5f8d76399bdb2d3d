import { rmSync, writeFileSync } from "node:fs";
import { ErrorCode, OutError, OutExecution, OutObject, OutRunId, OutValidationError } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createUserWithoutRights } from "../testing/fuzz-harness";
import { reportText } from "../testing/report-text";
import { ADMIN_PASSWORD, basic, jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";
import { workflow } from "../testing/workflow-envelope";

/**
 * The vendor's 24.x object operations as described where its pages show no example ("Most notably,
 * v24 adds the ability to create, read, update, and delete objects"): PATCH takes a partial export
 * without type, name and path; DELETE takes no body.
 */
const AE_V24_REST_API = "https://community.broadcom.com/discussion/ae-v24-rest-api";

const Refusals = z.array(OutValidationError);

/** A script object with a queue, a description and a process page. */
function script(name: string, lines: string[], folder = "CHANGES") {
  return { data: { scri: { general_attributes: { name, type: "SCRI", queue: "CLIENT_QUEUE", description: "as imported" }, scripts: [{ process: lines }] } }, path: folder };
}

describe.each(testDialects)("vendor: changing and deleting objects on %s", (dialect) => {
  let test: TestBaton;
  let noRights: string;
  const release = `/tmp/baton-object-changes-${process.pid}-${dialect}`;

  const importTo = async (client: number, envelope: unknown) => {
    const response = await test.rest(`/${client}/objects?overwrite_existing_objects=true`, json(envelope));
    expect(response.status, await response.clone().text()).toBe(200);
  };
  const exported = async (name: string, client = 100) => {
    const response = await test.rest(`/${client}/objects/${encodeURIComponent(name)}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutObject.parse(await response.json());
  };
  const patch = (name: string, body: unknown, client = 100, authorization?: string) =>
    test.rest(`/${client}/objects/${encodeURIComponent(name)}`, { method: "PATCH", headers: { "content-type": "application/json", ...(authorization && { authorization }) }, body: JSON.stringify(body) });
  const remove = (name: string, client = 100, authorization?: string) =>
    test.rest(`/${client}/objects/${encodeURIComponent(name)}`, { method: "DELETE", ...(authorization && { headers: { authorization } }) });
  const exists = async (name: string, client = 100) => (await test.rest(`/${client}/objects/${encodeURIComponent(name)}`)).status === 200;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    noRights = await createUserWithoutRights(test, 100);
    await importTo(0, script("CHANGES.CLIENT0", [':PRINT "zero"']));
  }, 30_000);

  afterAll(async () => {
    await test.stop();
    rmSync(release, { force: true });
  });

  describe("PATCH /{client_id}/objects/{object_name}", () => {
    it(`${AE_V24_REST_API}: the minimal payload {"data": {"scri": {"general_attributes": {"queue": ...}}}} changes the queue and nothing else`, async () => {
      await importTo(100, script("CHANGES.QUEUE", [':PRINT "one"']));
      const before = await exported("CHANGES.QUEUE");
      const response = await patch("CHANGES.QUEUE", { data: { scri: { general_attributes: { queue: "NEW_QUEUE" } } } });
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({});
      const after = await exported("CHANGES.QUEUE");
      const body = before.data["scri"];
      expect(after).toEqual({ ...before, data: { scri: { ...body, general_attributes: { ...body?.general_attributes, queue: "NEW_QUEUE" } } } });
    });

    it(`${AE_V24_REST_API}: a patched process page is what the next execution runs; the folder stays`, async () => {
      await importTo(100, script("CHANGES.PAGE", [':PRINT "old page"'], "CHANGES/PAGES"));
      expect((await patch("CHANGES.PAGE", { data: { scri: { scripts: [{ process: [':PRINT "new page"'] }] } } })).status).toBe(200);
      const after = await exported("CHANGES.PAGE");
      expect(after.path).toBe((await exported("CHANGES.PAGE")).path);
      expect(after.path.replace(/\\/g, "/")).toMatch(/CHANGES\/PAGES$/);
      expect(after.data["scri"]).toMatchObject({ general_attributes: { description: "as imported" }, scripts: [{ process: [':PRINT "new page"'] }] });
      const run = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "CHANGES.PAGE" }))).json()).run_id;
      expect((await waitForEnd(test, 100, run)).status).toBe(1900);
      expect(await reportText(test.rest, 100, run, "ACT")).toContain("new page");
    });

    it(`${AE_V24_REST_API}: "the properties type, name, and path must be omitted": a different name, a different type or a path is refused (400) and nothing changes`, async () => {
      await importTo(100, script("CHANGES.FIXED", [':PRINT "fixed"']));
      const before = await exported("CHANGES.FIXED");
      const attempts = [
        { body: { data: { scri: { general_attributes: { name: "CHANGES.RENAMED" } } } }, path: "data.scri.general_attributes.name" },
        { body: { data: { scri: { general_attributes: { type: "JOBS" } } } }, path: "data.scri.general_attributes.type" },
        { body: { data: { scri: { general_attributes: { queue: "OTHER" } } }, path: "ELSEWHERE" }, path: "path" },
      ];
      for (const attempt of attempts) {
        const response = await patch("CHANGES.FIXED", attempt.body);
        expect(response.status, JSON.stringify(attempt.body)).toBe(400);
        expect(Refusals.parse(await response.json()).map((refusal) => refusal.path)).toContain(attempt.path);
      }
      expect(await exported("CHANGES.FIXED")).toEqual(before);
      expect(await exists("CHANGES.RENAMED")).toBe(false);
    });

    it(`${AE_V24_REST_API}: the payload names the object's own type: another type key, two keys or none are refused (400) and nothing changes`, async () => {
      await importTo(100, script("CHANGES.TYPED", [':PRINT "typed"']));
      const before = await exported("CHANGES.TYPED");
      for (const data of [{ jobs: { general_attributes: { queue: "X" } } }, { scri: {}, jobs: {} }, {}, { nonsense: {} }]) {
        const response = await patch("CHANGES.TYPED", { data });
        expect(response.status, JSON.stringify(data)).toBe(400);
        expect(Refusals.parse(await response.json())[0]?.path).toMatch(/^data/);
      }
      expect(await exported("CHANGES.TYPED")).toEqual(before);
    });

    it(`${AE_V24_REST_API}: a patch whose result is not a valid object (a description over 255 characters, a page that is not lines) or with unknown members is refused (400) and nothing changes`, async () => {
      await importTo(100, script("CHANGES.CHECKED", [':PRINT "checked"']));
      const before = await exported("CHANGES.CHECKED");
      const attempts = [
        { body: { data: { scri: { general_attributes: { description: "x".repeat(256) } } } }, path: "data.scri.general_attributes.description" },
        { body: { data: { scri: { scripts: [{ process: "not lines" }] } } }, path: "data.scri.scripts[0].process" },
        { body: { data: { scri: { general_attributes: "not an object" } } }, path: "data.scri.general_attributes" },
        { body: { data: { scri: { general_attributes: { queue: "OTHER" } } }, overwrite: true }, path: "overwrite" },
        { body: [], path: "" },
      ];
      for (const attempt of attempts) {
        const response = await patch("CHANGES.CHECKED", attempt.body);
        expect(response.status, JSON.stringify(attempt.body)).toBe(400);
        const refusals = Refusals.parse(await response.json());
        expect(refusals.map((refusal) => refusal.path)).toEqual([attempt.path]);
      }
      expect(await exported("CHANGES.CHECKED")).toEqual(before);
    });

    it(`${AE_V24_REST_API}: PATCH of an object that does not exist answers 404 and creates nothing`, async () => {
      const response = await patch("CHANGES.MISSING", { data: { scri: { general_attributes: { queue: "X" } } } });
      expect(response.status).toBe(404);
      expect(OutError.parse(await response.json()).code).toBe(ErrorCode.OBJECT_NOT_FOUND);
      expect(await exists("CHANGES.MISSING")).toBe(false);
    });

    it(`${AE_V24_REST_API}: PATCH of another client's object answers 404 and that object stays as it was`, async () => {
      const before = await exported("CHANGES.CLIENT0", 0);
      const response = await patch("CHANGES.CLIENT0", { data: { scri: { general_attributes: { queue: "TAKEN" } } } });
      expect(response.status).toBe(404);
      expect(await exported("CHANGES.CLIENT0", 0)).toEqual(before);
    });

    it(`${AE_V24_REST_API}: PATCH needs the right to write the object: a user without rights gets 403 and nothing changes`, async () => {
      await importTo(100, script("CHANGES.GUARDED", [':PRINT "guarded"']));
      const before = await exported("CHANGES.GUARDED");
      const response = await patch("CHANGES.GUARDED", { data: { scri: { general_attributes: { queue: "TAKEN" } } } }, 100, noRights);
      expect(response.status).toBe(403);
      expect(OutError.parse(await response.json()).code).toBe(ErrorCode.FORBIDDEN);
      expect(await exported("CHANGES.GUARDED")).toEqual(before);
    });

    it(`${AE_V24_REST_API}: a patched user's password is the one to log in with (kept as a hash, never exported)`, async () => {
      await importTo(100, { data: { user: { general_attributes: { name: "PATCHED/OPS", type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password: "First-pass1" } } }, path: "USERS" });
      expect((await patch("PATCHED/OPS", { data: { user: { user_attributes: { password: "Second-pass2" } } } })).status).toBe(200);
      const login = (password: string) => test.rest("/100/executions?max_results=1", { headers: { authorization: basic(`PATCHED/OPS:${password}`) } });
      expect((await login("Second-pass2")).status).not.toBe(401);
      expect((await login("First-pass1")).status).toBe(401);
      expect(JSON.stringify(await exported("PATCHED/OPS"))).not.toContain("Second-pass2");
    });
  });

  describe("DELETE /{client_id}/objects/{object_name}", () => {
    it(`${AE_V24_REST_API}: DELETE removes the object: 200 with {}, and then it is not found`, async () => {
      await importTo(100, script("CHANGES.GONE", [':PRINT "gone"']));
      const response = await remove("CHANGES.GONE");
      expect(response.status, await response.clone().text()).toBe(200);
      expect(await response.json()).toEqual({});
      expect(await exists("CHANGES.GONE")).toBe(false);
      expect((await remove("CHANGES.GONE")).status).toBe(404);
    });

    it(`${AE_V24_REST_API}: DELETE of an object that does not exist answers 404`, async () => {
      const response = await remove("CHANGES.NEVER");
      expect(response.status).toBe(404);
      expect(OutError.parse(await response.json()).code).toBe(ErrorCode.OBJECT_NOT_FOUND);
    });

    it(`${AE_V24_REST_API}: DELETE of another client's object answers 404 and the object stays`, async () => {
      expect((await remove("CHANGES.CLIENT0")).status).toBe(404);
      expect(await exists("CHANGES.CLIENT0", 0)).toBe(true);
    });

    it(`${AE_V24_REST_API}: DELETE needs the right to delete the object: a user without rights gets 403 and the object stays`, async () => {
      await importTo(100, script("CHANGES.KEPT", [':PRINT "kept"']));
      const response = await remove("CHANGES.KEPT", 100, noRights);
      expect(response.status).toBe(403);
      expect(OutError.parse(await response.json()).code).toBe(ErrorCode.FORBIDDEN);
      expect(await exists("CHANGES.KEPT")).toBe(true);
    });

    it(`${AE_V24_REST_API}: an object a workflow uses is not deleted (400, CONFLICT, naming the workflow) until the workflow no longer uses it`, async () => {
      await importTo(100, jobEnvelope("CHANGES.USED", ["echo used"]));
      await importTo(100, workflow("CHANGES.USER.FLOW", [{ name: "CHANGES.USED" }], [2]));
      const refused = await remove("CHANGES.USED");
      expect(refused.status).toBe(400);
      expect(OutError.parse(await refused.json())).toMatchObject({ code: ErrorCode.CONFLICT, details: expect.stringContaining("CHANGES.USER.FLOW") });
      expect(await exists("CHANGES.USED")).toBe(true);
      expect((await remove("CHANGES.USER.FLOW")).status).toBe(200);
      expect((await remove("CHANGES.USED")).status).toBe(200);
      expect(await exists("CHANGES.USED")).toBe(false);
    });

    it(`${AE_V24_REST_API}: an object with an execution that has not ended is not deleted (400, CONFLICT, naming the RunID); once it ended, it is`, async () => {
      await importTo(100, jobEnvelope("CHANGES.RUNNING", [`while [ ! -e ${release} ]; do sleep 0.05; done`]));
      const run = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "CHANGES.RUNNING" }))).json()).run_id;
      await until(async () => OutExecution.parse(await (await test.rest(`/100/executions/${run}`)).json()).status === 1550);
      const refused = await remove("CHANGES.RUNNING");
      expect(refused.status).toBe(400);
      expect(OutError.parse(await refused.json())).toMatchObject({ code: ErrorCode.CONFLICT, details: expect.stringContaining(String(run)) });
      expect(await exists("CHANGES.RUNNING")).toBe(true);
      writeFileSync(release, "");
      expect((await waitForEnd(test, 100, run)).status).toBe(1900);
      expect((await remove("CHANGES.RUNNING")).status).toBe(200);
    });

    it(`${AE_V24_REST_API}: a user is not deleted by itself (400), another administrator may delete it, and it can no longer log in`, async () => {
      const password = "Deleted-pass1";
      await importTo(100, { data: { user: { general_attributes: { name: "DELETED/OPS", type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password }, privileges: ["USER_ADMINISTRATION"], authorizations: [{ filter_type: "OBJECT", filter_object_type: "*", filter_object_name: "*", bitcode: 63, auth_group: 1 }] } }, path: "USERS" });
      const self = basic(`DELETED/OPS:${password}`);
      const ownDeletion = await remove("DELETED/OPS", 100, self);
      expect(ownDeletion.status, await ownDeletion.clone().text()).toBe(400);
      expect(OutError.parse(await ownDeletion.json())).toMatchObject({ code: ErrorCode.CONFLICT, details: expect.stringContaining("the user of this request") });
      expect(await exists("DELETED/OPS")).toBe(true);
      expect((await remove("DELETED/OPS")).status).toBe(200);
      expect((await test.rest("/100/executions?max_results=1", { headers: { authorization: self } })).status).toBe(401);
      // The administrator of the request is still who it was.
      expect((await test.rest("/100/executions?max_results=1", { headers: { authorization: basic(`ADMIN/ADMIN:${ADMIN_PASSWORD}`) } })).status).toBe(200);
    });
  });
});
