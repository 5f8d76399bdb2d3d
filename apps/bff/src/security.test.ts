import { ALL_RIGHTS, CSRF_HEADER, ErrorCode, OutComment, OutError, OutExecutionList, OutObject, OutRunId, OutSession, Right } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { requestFrom } from "./testing/from-address";
import { ADMIN_PASSWORD, basic, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

/** The `details` of an OutError response. */
async function details(response: Response): Promise<string> {
  return OutError.parse(await response.json()).details;
}

const READ_AND_SEE = Right.READ | Right.STATISTICS;

function user(name: string, password: string | undefined, members: Record<string, unknown> = {}, attributes: Record<string, unknown> = {}) {
  return {
    data: {
      user: {
        general_attributes: { name, type: "USER" },
        user_attributes: { is_active: "1", is_locked: "0", ...(password === undefined ? {} : { password }), ...attributes },
        ...members,
      },
    },
    path: "USERS",
  };
}

describe("security", () => {
  let test: TestBaton;
  const as = (userPass: string) => (path: string, init: RequestInit = {}) =>
    fetch(`${test.baton.restUrl}${path}`, { ...init, headers: { authorization: basic(userPass), ...init.headers } });
  const reader = as("READER/OPS:Reader-pass1");
  const operator = as("OPERATOR/OPS:Operator-pass1");
  const grouped = as("GROUPED/OPS:Grouped-pass1");

  async function importAsAdmin(envelope: unknown, client = 100): Promise<void> {
    const response = await test.rest(`/${client}/objects?overwrite_existing_objects=true`, json(envelope));
    expect(response.status, await response.clone().text()).toBe(200);
  }

  async function names(call: (path: string) => Promise<Response>, client = 100): Promise<string[]> {
    const list = OutExecutionList.parse(await (await call(`/${client}/executions?max_results=1000`)).json());
    return [...new Set(list.data.map((e) => e.name))].sort();
  }

  beforeAll(async () => {
    test = await startTestBaton("sqlite", { BATON_CALLBACK_ALLOW: "hooks.example.test" });
    await importAsAdmin(user("READER/OPS", "Reader-pass1", { authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: READ_AND_SEE, auth_group: 1 }] }));
    await importAsAdmin(
      user("OPERATOR/OPS", "Operator-pass1", {
        authorizations: [
          { filter_object_type: "JOBS", filter_object_name: "OPS.*", bitcode: ALL_RIGHTS, auth_group: 1 },
          { filter_object_type: "JOBS", filter_object_name: "OPS.SECRET*", bitcode: ALL_RIGHTS, auth_group: 0 },
        ],
      }),
    );
    await importAsAdmin(user("GROUPED/OPS", "Grouped-pass1"));
    await importAsAdmin({
      data: {
        usrg: {
          general_attributes: { name: "RUNNERS", type: "USRG" },
          members: [{ name: "GROUPED/OPS" }],
          authorizations: [{ filter_object_type: "JOBS", filter_object_name: "OTHER.?OB", bitcode: Right.EXECUTE | READ_AND_SEE, auth_group: "1" }],
        },
      },
      path: "USERS",
    });
    await importAsAdmin(user("INACTIVE/OPS", "Inactive-pass1", {}, { is_active: "0" }));
    await importAsAdmin(user("EXPIRED/OPS", "Expired-pass1", {}, { valid_to: "2000-01-31" }));
    await importAsAdmin(user("FUTURE/OPS", "Future-pass1", {}, { valid_from: "2999-01-01" }));
    await importAsAdmin(user("LATIN/OPS", "éßü-Pässwort"));
    await importAsAdmin(user("LOCKME/OPS", "Lockme-pass1"));
    await importAsAdmin(user("TIMING/OPS", "Timing-pass1"));
    for (const name of ["OPS.JOB", "OPS.SECRET.JOB", "OTHER.JOB"]) {
      await importAsAdmin(jobEnvelope(name, ["echo 100"]));
      const { run_id } = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }))).json());
      await waitForEnd(test, 100, run_id);
    }
  });
  afterAll(async () => {
    await test.stop();
  });

  describe("authentication", () => {
    it.each([
      ["an inactive user", "INACTIVE/OPS:Inactive-pass1", "not active"],
      ["an expired user", "EXPIRED/OPS:Expired-pass1", "expired"],
      ["a user not valid yet", "FUTURE/OPS:Future-pass1", "not valid yet"],
      ["a wrong password", "TIMING/OPS:wrong", "wrong"],
    ])("refuses %s with 401", async (_, userPass, reason) => {
      const response = await as(userPass)("/100/executions");
      expect(response.status).toBe(401);
      expect(await details(response)).toContain(reason);
    });

    it("takes ISO-8859-1 passwords with é, ß and ü", async () => {
      expect((await as("LATIN/OPS:éßü-Pässwort")("/100/executions")).status).toBe(200);
      expect((await as("100/LATIN/OPS:éßü-Pässwort")("/100/executions")).status).toBe(200);
    });

    it("locks a user after 5 consecutive failures until an administrator unlocks it", async () => {
      // Two addresses: one address alone is throttled before it can lock an account (security/lockout.test.ts).
      const from = (address: string, userPass: string) => requestFrom(address, `${test.baton.restUrl}/100/executions`, { headers: { authorization: basic(userPass) } });
      for (let i = 0; i < 5; i++) expect((await from(`127.0.77.${1 + (i % 2)}`, "LOCKME/OPS:wrong")).status).toBe(401);
      const locked = await from("127.0.77.3", "LOCKME/OPS:Lockme-pass1");
      expect(locked.status).toBe(401);
      expect(OutError.parse(JSON.parse(locked.body)).details).toContain("locked");
      const exported = OutObject.parse(await (await test.rest(`/100/objects/${encodeURIComponent("LOCKME/OPS")}`)).json());
      expect(exported.data["user"]?.["user_attributes"]).toMatchObject({ is_locked: 1 });
      expect((await reader(`/100/users/${encodeURIComponent("LOCKME/OPS")}/unlock`, { method: "POST" })).status).toBe(403);
      expect((await test.rest(`/100/users/${encodeURIComponent("LOCKME/OPS")}/unlock`, { method: "POST" })).status).toBe(200);
      expect((await as("LOCKME/OPS:Lockme-pass1")("/100/executions")).status).toBe(200);
    });

    it("lets an administrator set a password, and nobody else", async () => {
      const path = `/100/users/${encodeURIComponent("GROUPED/OPS")}/password`;
      expect((await reader(path, json({ password: "x" }, "PUT"))).status).toBe(403);
      expect((await test.rest(path, json({ password: "Grouped-pass2" }, "PUT"))).status).toBe(200);
      expect((await grouped("/100/executions")).status).toBe(401);
      expect((await as("GROUPED/OPS:Grouped-pass2")("/100/executions")).status).toBe(200);
      expect((await test.rest(path, json({ password: "Grouped-pass1" }, "PUT"))).status).toBe(200);
      expect((await test.rest(`/100/users/${encodeURIComponent("NOBODY/OPS")}/password`, json({ password: "x" }, "PUT"))).status).toBe(404);
    });

    it("does not repeat a refused password in the answer", async () => {
      const path = `/100/users/${encodeURIComponent("GROUPED/OPS")}/password`;
      for (const password of [{ x: "Refused-pass1" }, `Refused-pass1${"x".repeat(1100)}`]) {
        const response = await test.rest(path, json({ password }, "PUT"));
        expect(response.status).toBe(400);
        const text = await response.text();
        expect(text).not.toContain("Refused-pass1");
        expect(JSON.parse(text)).toEqual([expect.objectContaining({ path: "password", invalid_value: null })]);
      }
      expect((await as("GROUPED/OPS:Grouped-pass1")("/100/executions")).status).toBe(200);
    });

    it("never exports, returns or logs a password", async () => {
      const exported = await (await test.rest(`/100/objects/${encodeURIComponent("LATIN/OPS")}`)).text();
      expect(exported).not.toMatch(/password|scrypt/i);
      const logs = test.logs.join("\n");
      for (const secret of ["éßü-Pässwort", "Reader-pass1", ADMIN_PASSWORD, "Basic "]) expect(logs).not.toContain(secret);
      expect(logs).not.toMatch(/authorization/i);
    });

    it("takes the same time whether or not the user exists (both pay one password check)", async () => {
      const time = async (userPass: string) => {
        const started = performance.now();
        await as(userPass)("/100/executions");
        return performance.now() - started;
      };
      const unknown: number[] = [];
      const known: number[] = [];
      for (let i = 0; i < 5; i++) {
        unknown.push(await time(`GHOST${i}/OPS:wrong`));
        known.push(await time("TIMING/OPS:wrong-again"));
      }
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[2] ?? 0;
      // A missing scrypt check would make unknown users answer in well under a third of the time.
      expect(median(unknown)).toBeGreaterThan(median(known) / 3);
    });
  });

  describe("authorization", () => {
    it("lets a read-only user see and read, but not execute or write, saying what is missing", async () => {
      expect(await names(reader)).toEqual(["OPS.JOB", "OPS.SECRET.JOB", "OTHER.JOB"]);
      expect((await reader("/100/objects/OPS.JOB")).status).toBe(200);
      const execute = await reader("/100/executions", json({ objectName: "OPS.JOB", executionOption: "execute" }));
      expect(execute.status).toBe(403);
      expect(await execute.json()).toEqual({ code: ErrorCode.FORBIDDEN, error: "Permission check failed.", details: expect.stringContaining("execute on JOBS 'OPS.JOB'") });
      const write = await reader("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("OPS.JOB", ["echo changed"])));
      expect(write.status).toBe(403);
      expect(await details(write)).toContain("write on JOBS 'OPS.JOB'");
      expect(JSON.stringify(await (await test.rest("/100/objects/OPS.JOB")).json())).not.toContain("changed");
    });

    it("lets a read-only user read an execution's comments but not add one: writing needs the cancel/restart right too", async () => {
      const { data } = OutExecutionList.parse(await (await test.rest("/100/executions?name=OPS.JOB")).json());
      const runId = data[0]!.run_id;
      const comments = async () => z.array(OutComment).parse(await (await reader(`/100/executions/${runId}/comments`)).json()).length;
      const before = await comments();
      const refused = await reader(`/100/executions/${runId}/comments`, json({ comment: "written by a reader" }));
      expect(refused.status).toBe(403);
      expect(await details(refused)).toContain("cancel/restart on JOBS 'OPS.JOB'");
      expect(await comments()).toBe(before);
      expect((await operator(`/100/executions/${runId}/comments`, json({ comment: "written by an operator" }))).status).toBe(200);
      expect(await comments()).toBe(before + 1);
    });

    it("shows and allows only what the authorizations grant; prohibitions win", async () => {
      expect(await names(operator)).toEqual(["OPS.JOB"]);
      expect((await operator("/100/objects/OPS.SECRET.JOB")).status).toBe(403);
      expect((await operator("/100/objects/OTHER.JOB")).status).toBe(403);
      const secretRun = OutExecutionList.parse(await (await test.rest("/100/executions?name=OPS.SECRET.JOB")).json()).data[0]?.run_id;
      expect((await operator(`/100/executions/${secretRun}`)).status).toBe(403);
      expect((await operator(`/100/executions/${secretRun}/reports/REP?start_at=0`)).status).toBe(403);
      expect((await operator("/100/executions", json({ objectName: "OPS.SECRET.JOB", executionOption: "execute" }))).status).toBe(403);
      const allowed = await operator("/100/executions", json({ objectName: "OPS.JOB", executionOption: "execute" }));
      expect(allowed.status).toBe(200);
    });

    it("gives users the rights of their groups", async () => {
      expect(await names(grouped)).toEqual(["OTHER.JOB"]);
      expect((await grouped("/100/executions", json({ objectName: "OTHER.JOB", executionOption: "execute" }))).status).toBe(200);
      expect((await grouped("/100/executions", json({ objectName: "OPS.JOB", executionOption: "execute" }))).status).toBe(403);
    });

    it("needs the user administration privilege to import users and groups", async () => {
      const everything = as("OPERATOR/OPS:Operator-pass1");
      const response = await everything("/100/objects", json(user("INTRUDER/OPS", "x")));
      expect(response.status).toBe(403);
      expect((await test.rest(`/100/objects/${encodeURIComponent("INTRUDER/OPS")}`)).status).toBe(404);
    });
  });

  describe("client isolation", () => {
    it("keeps objects and executions with the same names apart in clients 0 and 100", async () => {
      await importAsAdmin(jobEnvelope("OPS.JOB", ["echo client-zero"]), 0);
      const run0 = OutRunId.parse(await (await as(`0/ADMIN/ADMIN:${ADMIN_PASSWORD}`)("/0/executions", json({ objectName: "OPS.JOB", executionOption: "execute" }))).json()).run_id;
      const admin0 = as(`ADMIN/ADMIN:${ADMIN_PASSWORD}`);
      expect(JSON.stringify(await (await admin0("/0/objects/OPS.JOB")).json())).toContain("client-zero");
      expect(JSON.stringify(await (await test.rest("/100/objects/OPS.JOB")).json())).not.toContain("client-zero");
      const list0 = OutExecutionList.parse(await (await admin0("/0/executions")).json());
      const list100 = OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1000")).json());
      expect(list0.data.map((e) => e.run_id)).toEqual([run0]);
      expect(list100.data.map((e) => e.run_id)).not.toContain(run0);
      expect((await test.rest(`/100/executions/${run0}`)).status).toBe(404);
      expect((await test.rest(`/100/executions/${run0}/reports`)).status).toBe(404);
      expect((await reader(`/0/executions`)).status).toBe(401);
    });
  });

  describe("hardening", () => {
    it("refuses a change sent by a page of another site, with the login the browser remembers", async () => {
      const runs = async () => ((await (await test.rest("/100/executions?name=OPS.JOB")).json()) as { data: unknown[] }).data.length;
      const before = await runs();
      const start = (origin: string) => test.rest("/100/executions", { method: "POST", headers: { "content-type": "text/plain", origin }, body: JSON.stringify({ object_name: "OPS.JOB" }) });
      for (const origin of ["http://evil.example", "null", new URL(test.baton.restUrl).origin.replace("127.0.0.1", "localhost")]) {
        const refused = await start(origin);
        expect(refused.status).toBe(403);
        expect(await refused.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, error: "Cross-origin request refused." });
      }
      expect(await runs()).toBe(before);
      expect((await test.rest("/100/executions?name=OPS.JOB", { headers: { origin: "http://evil.example" } })).status).toBe(200);
      expect((await start(new URL(test.baton.restUrl).origin)).status).toBe(200);
      expect(await runs()).toBe(before + 1);
    });

    it("refuses an image of another site that would issue an agent's credential, and its form without Origin", async () => {
      const crossSite = { "sec-fetch-site": "cross-site" };
      const issue = (headers: Record<string, string>) => test.rest("/100/system/agents/CROSS.SITE/authentication_package", { headers });
      expect((await issue(crossSite)).status).toBe(403);
      expect((await issue({ "sec-fetch-site": "same-site" })).status).toBe(403);
      expect((await test.rest("/100/system/agents/CROSS.SITE")).status).toBe(404);
      const form = await test.rest("/100/executions", { method: "POST", headers: { "content-type": "text/plain", ...crossSite }, body: JSON.stringify({ object_name: "OPS.JOB" }) });
      expect(form.status).toBe(403);
      expect((await test.rest("/100/executions?name=OPS.JOB", { headers: crossSite })).status).toBe(200);
      expect((await issue({ "sec-fetch-site": "same-origin" })).status).toBe(200);
      expect((await test.rest("/100/system/agents/CROSS.SITE")).status).toBe(200);
    });

    it("refuses text holding half of a surrogate pair, which no database keeps as sent, and stores nothing", async () => {
      const object = String.raw`{"scri": {"general_attributes": {"name": "HALF.PAIR"}, "scripts": [{"process": [":PRINT \"\ud800\""]}]}}`;
      for (const [path, body] of [["/100/objects", `{"data": ${object}, "path": ""}`], ["/100/folderobjects", `{"data": [{"data": ${object}, "path": ""}]}`]] as const) {
        const refused = await test.rest(path, { method: "POST", headers: { "content-type": "application/json" }, body });
        expect(refused.status).toBe(400);
        expect(await refused.json()).toMatchObject({ code: ErrorCode.MALFORMED_BODY, details: expect.stringContaining("surrogate") });
      }
      expect((await test.rest("/100/objects/HALF.PAIR")).status).toBe(404);
    });

    it.each([
      ["/100/objects/..%2F..%2Fetc%2Fpasswd", 404],
      ["/100/executions/1/reports/..%2F..%2Fx", 400],
      ["/100/executions/1/reports/REP%00", 400],
      [`/100/users/${encodeURIComponent("../ADMIN")}/unlock`, 404],
      [`/100/users/${encodeURIComponent("A/B/C")}/unlock`, 400],
    ])("keeps %s inside its place", async (path, status) => {
      const response = await test.rest(path, path.includes("unlock") ? { method: "POST" } : {});
      expect(response.status).toBe(status);
    });

    it("refuses an import into a folder path that climbs out", async () => {
      const envelope = { ...jobEnvelope("CLIMB.JOB", ["true"]), path: "../../etc" };
      expect((await test.rest("/100/objects", json(envelope))).status).toBe(400);
      expect((await test.rest("/100/objects/CLIMB.JOB")).status).toBe(404);
    });

    it("refuses imports over 50 MiB with 413", async () => {
      const body = Buffer.alloc(50 * 1024 * 1024 + 1, 0x20);
      const response = await test.rest("/100/objects", { method: "POST", headers: { "content-type": "application/json" }, body });
      expect(response.status).toBe(413);
    });

    it("refuses callbacks into internal networks unless allowed, starting nothing", async () => {
      const total = async () => OutExecutionList.parse(await (await test.rest("/100/executions?name=OPS.JOB")).json()).total;
      const before = await total();
      const internal = await test.rest("/100/executions", json({ objectName: "OPS.JOB", executionOption: "execute", callback: { type: "http", http: { url: "http://127.0.0.1:9/hook" } } }));
      expect(internal.status).toBe(400);
      expect(await internal.json()).toEqual([expect.objectContaining({ path: "callback.http.url", invalid_value: "http://127.0.0.1:9/hook" })]);
      const metadata = await test.rest("/100/executions", json({ objectName: "OPS.JOB", executionOption: "execute", callback: { http: { url: "http://169.254.169.254/" } } }));
      expect(metadata.status).toBe(400);
      expect(await total()).toBe(before);
      const allowed = await test.rest("/100/executions", json({ objectName: "OPS.JOB", executionOption: "execute", callback: { http: { url: "http://hooks.example.test/x" } } }));
      expect(allowed.status).toBe(200);
    });
  });

  describe("console backend", () => {
    const login = (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
      fetch(`${test.baton.url}/bff/session`, { method: "POST", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify(body) });

    it("rate-limits failed logins per user with 429", async () => {
      const attempt = () => login({ client: 100, user: "OPERATOR", department: "OPS", password: "wrong" }, { "x-forwarded-for": "1.2.3.4" });
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) statuses.push((await attempt()).status);
      expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
      const limited = await login({ client: 100, user: "OPERATOR", department: "OPS", password: "Operator-pass1" });
      expect(limited.status).toBe(429);
      expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
      await test.rest(`/100/users/${encodeURIComponent("OPERATOR/OPS")}/unlock`, { method: "POST" });
    });

    it("refuses a cross-origin login", async () => {
      expect((await login({ client: 100, user: "ADMIN", department: "ADMIN", password: ADMIN_PASSWORD }, { origin: "http://evil.example" })).status).toBe(403);
    });

    it("switches to another client of the same user with a new session", async () => {
      const response = await login({ client: 100, user: "ADMIN", department: "ADMIN", password: ADMIN_PASSWORD });
      const session = OutSession.parse(await response.json());
      expect(session.clients).toEqual([0, 100]);
      const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      const switchTo = (client: number) =>
        fetch(`${test.baton.url}/bff/session/client`, { method: "POST", headers: { cookie, "content-type": "application/json", [CSRF_HEADER]: session.csrf_token }, body: JSON.stringify({ client }) });
      expect((await switchTo(5)).status).toBe(401);
      const switched = await switchTo(0);
      expect(switched.status).toBe(200);
      expect(OutSession.parse(await switched.json()).client).toBe(0);
      const newCookie = (switched.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
      expect(newCookie).not.toBe(cookie);
      expect((await fetch(`${test.baton.url}/api/0/executions`, { headers: { cookie: newCookie } })).status).toBe(200);
      expect((await fetch(`${test.baton.url}/api/100/executions`, { headers: { cookie } })).status).toBe(401);
    });
  });
});
