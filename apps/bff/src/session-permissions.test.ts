import { OutError, OutSessionPermissions, OutValidationError, PRIVILEGES } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleLogin } from "./testing/console-login";
import { ADMIN_PASSWORD, json, startTestBaton, type TestBaton } from "./testing/test-baton";

const READER_PASSWORD = "Reader-Pass1";

/** A user NAME/OPS of a client with the given authorization entries and privileges. */
function userEnvelope(name: string, bitcode: number, privileges: string[] = []) {
  return {
    data: {
      user: {
        general_attributes: { name: `${name}/OPS` },
        user_attributes: { password: READER_PASSWORD },
        authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode, auth_group: 1 }],
        privileges,
      },
    },
    path: "",
  };
}

describe("GET /bff/session/permissions", () => {
  let test: TestBaton;
  let base: string;
  beforeAll(async () => {
    test = await startTestBaton();
    base = test.baton.url;
    // READER may read and see executions in client 100; in client 0 the same name may do everything.
    expect((await test.rest("/100/objects", json(userEnvelope("READER", 1 + 32)))).status).toBe(200);
    expect((await test.rest("/0/objects", json(userEnvelope("READER", 63, [...PRIVILEGES])))).status).toBe(200);
  });
  afterAll(async () => {
    await test.stop();
  });

  const login = async (user: string, department: string, password: string) => (await consoleLogin(base, { user, department, password })).cookie;

  const ask = (cookie: string | undefined, query: string) => fetch(`${base}/bff/session/permissions${query}`, { headers: cookie === undefined ? {} : { cookie } });

  it("answers a read-only user's acts from the engine's rules: read and statistics only, no privileges", async () => {
    const cookie = await login("READER", "OPS", READER_PASSWORD);
    const response = await ask(cookie, "?object=JOBS:NIGHTLY.BACKUP&object=JOBP:ops.flow");
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    const answer = OutSessionPermissions.parse(await response.json());
    expect(answer.privileges).toEqual([]);
    expect(answer.objects).toEqual([
      { type: "JOBS", name: "NIGHTLY.BACKUP", read: true, write: false, execute: false, delete: false, cancel: false, statistics: true },
      { type: "JOBP", name: "OPS.FLOW", read: true, write: false, execute: false, delete: false, cancel: false, statistics: true },
    ]);
  });

  it("answers for the session's own client only, whatever the query says", async () => {
    // The same user name has every right and privilege in client 0; the session is in client 100.
    const cookie = await login("READER", "OPS", READER_PASSWORD);
    const answer = OutSessionPermissions.parse(await (await ask(cookie, "?object=JOBS:X&client=0")).json());
    expect(answer.privileges).toEqual([]);
    expect(answer.objects[0]).toMatchObject({ execute: false, write: false, cancel: false });
  });

  it("answers everything for the administrator, and only privileges without objects", async () => {
    const cookie = await login("ADMIN", "ADMIN", ADMIN_PASSWORD);
    const answer = OutSessionPermissions.parse(await (await ask(cookie, "?object=JOBS:X&object=VARA:UC_CLIENT_SETTINGS")).json());
    expect([...answer.privileges].sort()).toEqual([...PRIVILEGES].sort());
    for (const object of answer.objects) expect(object).toMatchObject({ read: true, write: true, execute: true, delete: true, cancel: true, statistics: true });
    expect(OutSessionPermissions.parse(await (await ask(cookie, "")).json()).objects).toEqual([]);
  });

  it("answers 401 without a session", async () => {
    const response = await ask(undefined, "?object=JOBS:X");
    expect(response.status).toBe(401);
    OutError.parse(await response.json());
    expect((await ask("baton_session=forged", "")).status).toBe(401);
  });

  it("refuses a malformed object or more than 100 with 400 naming it", async () => {
    const cookie = await login("READER", "OPS", READER_PASSWORD);
    for (const [query, invalid] of [
      ["?object=JOBS:OK&object=jobs:X", "jobs:X"],
      ["?object=JOBS", "JOBS"],
      ["?object=JOBS:BAD%20NAME", "JOBS:BAD NAME"],
      ["?object=TOOLONGTYPE:X", "TOOLONGTYPE:X"],
      [`?object=JOBS:${"A".repeat(201)}`, `JOBS:${"A".repeat(201)}`],
    ] as const) {
      const response = await ask(cookie, query);
      expect(response.status, query).toBe(400);
      const problems = OutValidationError.array().parse(await response.json());
      expect(problems.map((p) => p.invalid_value), query).toContain(invalid);
      expect(problems.every((p) => p.path.startsWith("object"))).toBe(true);
    }
    const many = Array.from({ length: 101 }, (_, i) => `object=JOBS:J${i}`).join("&");
    const tooMany = await ask(cookie, `?${many}`);
    expect(tooMany.status).toBe(400);
    expect(OutValidationError.array().parse(await tooMany.json())[0]?.error).toContain("at most 100");
    expect((await ask(cookie, `?${many.split("&").slice(0, 100).join("&")}`)).status).toBe(200);
  });

  it("ends a session whose login the engine refuses now, so that its old password is not sent again", async () => {
    expect((await test.rest("/100/objects", json(userEnvelope("STALE", 1 + 32)))).status).toBe(200);
    const cookie = await login("STALE", "OPS", READER_PASSWORD);
    const changed = userEnvelope("STALE", 1 + 32);
    changed.data.user.user_attributes.password = "Changed-Pass1";
    expect((await test.rest("/100/objects?overwrite_existing_objects=true", json(changed))).status).toBe(200);
    const refused = await ask(cookie, "?object=JOBS:X");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("set-cookie")).toMatch(/^baton_session=;/);
    expect((await fetch(`${base}/bff/session`, { headers: { cookie } })).status).toBe(401);
  });
});
