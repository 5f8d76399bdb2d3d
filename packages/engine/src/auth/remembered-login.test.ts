import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { InImportObjectBody } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnauthorizedError } from "../domain/errors";
import { refusal, startTestEngine, type TestEngine } from "../testing/test-engine";
import { testDialects } from "../testing/test-databases";
import { basicAuthorization, type Credentials } from "./basic-credentials";

const CLIENT = 100;
const ADDRESS = "127.0.0.1";

/**
 * A login is remembered after its first password check, so that each API call does not pay for
 * scrypt; what changes the answer to that login (its password, a lock, its rights, its user gone)
 * must be seen by the very next request, remembered or not.
 */
describe.each(testDialects)("remembered logins on %s", (dialect) => {
  let test: TestEngine;
  let server: Server;
  let base: string;

  const login = (name: string, password: string): Credentials => ({ user: name.split("/")[0] ?? "", department: name.split("/")[1], password });
  const authenticate = (credentials: Credentials) => test.engine.authenticate(credentials, CLIENT, ADDRESS);
  const importObject = (envelope: unknown) => test.engine.objects.import(test.admin, InImportObjectBody.parse(envelope), true);
  const importUser = (name: string, password: string, attributes: Record<string, string> = {}) =>
    importObject({ data: { user: { general_attributes: { name, type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password, ...attributes } } }, path: "USERS" });
  /** GET /executions over HTTP with the login, as API clients call it: the status. */
  const listAs = async (credentials: Credentials) => (await fetch(`${base}/ae/api/v1/${CLIENT}/executions`, { headers: { authorization: basicAuthorization(credentials) } })).status;

  beforeAll(async () => {
    test = await startTestEngine(dialect);
    server = createServer(test.engine.handleRest);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }, 60_000);
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await test.stop();
  });

  it("refuses the old password at once after a password change, and takes the new one", async () => {
    await importUser("CHANGED/OPS", "First-pass1");
    expect(await listAs(login("CHANGED/OPS", "First-pass1"))).toBe(200);
    expect(await listAs(login("CHANGED/OPS", "First-pass1"))).toBe(200);
    const changed = await fetch(`${base}/ae/api/v1/${CLIENT}/users/${encodeURIComponent("CHANGED/OPS")}/password`, {
      method: "PUT",
      headers: { authorization: basicAuthorization(login("ADMIN/ADMIN", "Test-Admin-1")), "content-type": "application/json" },
      body: JSON.stringify({ password: "Second-pass2" }),
    });
    expect(changed.status, await changed.text()).toBe(200);
    expect(await listAs(login("CHANGED/OPS", "First-pass1"))).toBe(401);
    expect(await listAs(login("CHANGED/OPS", "Second-pass2"))).toBe(200);
  });

  it("refuses a remembered login at once when its user is locked, and again once unlocked", async () => {
    await importUser("LOCKED/OPS", "Locked-pass1");
    expect((await authenticate(login("LOCKED/OPS", "Locked-pass1"))).userName).toBe("LOCKED/OPS");
    await importUser("LOCKED/OPS", "Locked-pass1", { is_locked: "1" });
    const refused = await refusal(authenticate(login("LOCKED/OPS", "Locked-pass1")));
    expect(refused).toBeInstanceOf(UnauthorizedError);
    expect(refused.details).toContain("locked");
    await importUser("LOCKED/OPS", "Locked-pass1", { is_locked: "0" });
    expect((await authenticate(login("LOCKED/OPS", "Locked-pass1"))).userName).toBe("LOCKED/OPS");
  });

  it("gives a remembered login the rights its groups have now", async () => {
    await importUser("GROUPED/OPS", "Grouped-pass1");
    const group = (privileges: string[]) => importObject({ data: { usrg: { general_attributes: { name: "SEARCHERS", type: "USRG" }, members: [{ name: "GROUPED/OPS" }], privileges } }, path: "USERS" });
    await group([]);
    expect((await authenticate(login("GROUPED/OPS", "Grouped-pass1"))).rights.privileges.has("SEARCH")).toBe(false);
    await group(["SEARCH"]);
    expect((await authenticate(login("GROUPED/OPS", "Grouped-pass1"))).rights.privileges.has("SEARCH")).toBe(true);
    await group([]);
    expect((await authenticate(login("GROUPED/OPS", "Grouped-pass1"))).rights.privileges.has("SEARCH")).toBe(false);
  });

  it("refuses a remembered login at once when its user is deleted", async () => {
    await importUser("GONE/OPS", "Gone-pass1");
    expect(await listAs(login("GONE/OPS", "Gone-pass1"))).toBe(200);
    await test.engine.objects.delete(test.admin, "GONE/OPS");
    expect(await listAs(login("GONE/OPS", "Gone-pass1"))).toBe(401);
  });
});
