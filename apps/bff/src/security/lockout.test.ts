import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { OutError, OutHealthCheck, OutSession } from "@baton/contract";
import { MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT, THROTTLE_WINDOW_MS } from "@baton/engine";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestFrom, type AddressedAnswer, type AddressedRequest } from "../testing/from-address";
import { ADMIN_PASSWORD, basic, json, startTestBaton, type TestBaton } from "../testing/test-baton";

// Logins as an attacker and its victims make them: each party from an address of its own on the
// loopback network (127.0.0.0/8), against a real server on 127.0.0.1.

type Answer = AddressedAnswer;

/** One HTTP request from the local address `from`. */
const call = (url: string, from: string, options?: AddressedRequest) => requestFrom(from, url, options);

const ROOT = fileURLToPath(new URL("../../../..", import.meta.url));
const run = promisify(execFile);

/** `pnpm baton ...` from the repository root, as an operator types it, against the test server's database. */
async function batonCommand(test: TestBaton, args: string[]): Promise<string> {
  const env = { ...process.env, DATA_DIR: test.dataDir, ...(test.databaseUrl !== undefined && { DATABASE_URL: test.databaseUrl }) };
  const { stdout } = await run("pnpm", ["--silent", "baton", ...args], { cwd: ROOT, env, timeout: 60_000 });
  return stdout;
}

const LOCK_MINUTES = 1;
/** Wrong passwords that lock a user of client 100 (its LOGIN_MAX_FAILURES here). */
const CLIENT_100_MAX_FAILURES = 10;

describe.each(testDialects)("login lockout on %s", (dialect) => {
  let test: TestBaton;
  // The engine's clock runs this far ahead of real time: a lock's expiry without waiting for it.
  let offset = 0;
  const rest = (path: string) => `${test.baton.restUrl}${path}`;
  const asUser = (client: number, userPass: string, from: string, path = `/${client}/executions`) => call(rest(path), from, { headers: { authorization: basic(userPass) } });

  async function importUser(client: number, name: string, password: string, members: Record<string, unknown> = {}): Promise<void> {
    const envelope = { data: { user: { general_attributes: { name, type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password }, ...members } }, path: "USERS" };
    const response = await test.rest(`/${client}/objects?overwrite_existing_objects=true`, json(envelope));
    expect(response.status, await response.text()).toBe(200);
  }

  /** Locks a user with wrong passwords, from as many addresses as it takes (each address's limit for one account). */
  async function lock(client: number, userPass: string, failures: number, firstAddress: number): Promise<void> {
    for (let i = 0; i < failures; i++) {
      expect((await asUser(client, `${userPass}-wrong`, `127.0.${firstAddress + Math.floor(i / MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT)}.1`)).status).toBe(401);
    }
    const refused = await asUser(client, userPass, "127.0.99.1");
    expect(refused.status).toBe(401);
    expect(OutError.parse(JSON.parse(refused.body)).details).toContain("locked");
  }

  beforeAll(async () => {
    test = await startTestBaton(dialect, {}, { clock: { now: () => Date.now() + offset } });
    const settings = { data: { vara: { general_attributes: { name: "UC_CLIENT_SETTINGS" }, static_values: [{ key: "LOGIN_MAX_FAILURES", value1: String(CLIENT_100_MAX_FAILURES) }, { key: "LOGIN_LOCK_MINUTES", value1: String(LOCK_MINUTES) }] } }, path: "" };
    expect((await test.rest("/100/objects?overwrite_existing_objects=true", json(settings))).status).toBe(200);
    for (const name of ["VICTIM/OPS", "EXPIRES/OPS", "STUCK/OPS", "CONSOLE/OPS", "PROXIED/OPS"]) await importUser(100, name, "Right-pass1");
    await importUser(100, "NOPRIV/OPS", "Right-pass1");
  }, 60_000);
  afterAll(async () => {
    await test.stop();
  });

  // First: the clock is moved on below, and health judges the nodes' life signs by it.
  it("gives health details only to users with SYSTEM_OVERVIEW; the plain health stays open to every user", async () => {
    const plain = await asUser(100, "NOPRIV/OPS:Right-pass1", "127.0.30.1", "/100/system/health");
    expect(plain.status).toBe(200);
    expect(OutHealthCheck.parse(JSON.parse(plain.body)).count_active_executions).toBeUndefined();
    const details = await asUser(100, "NOPRIV/OPS:Right-pass1", "127.0.30.1", "/100/system/health?details=true");
    expect(details.status).toBe(403);
    expect(OutError.parse(JSON.parse(details.body)).details).toContain("SYSTEM_OVERVIEW");
    expect(OutHealthCheck.parse(await (await test.rest("/100/system/health?details=true")).json()).count_active_executions).toBeGreaterThanOrEqual(0);
    // Anonymous callers get what they got before: 401.
    expect((await call(rest("/100/system/health"), "127.0.30.2")).status).toBe(401);
  });

  it("answers a burst of 50 wrong passwords from one address with 429 after 4, so that an account with the default LOGIN_MAX_FAILURES is not locked and its owner logs in", async () => {
    // Client 0 keeps the default LOGIN_MAX_FAILURES (5).
    await importUser(0, "VICTIM/OPS", "Right-pass1");
    const statuses: number[] = [];
    let throttled: Answer | undefined;
    for (let i = 0; i < 50; i++) {
      const answer = await asUser(0, "VICTIM/OPS:wrong", "127.0.1.1");
      statuses.push(answer.status);
      throttled ??= answer.status === 429 ? answer : undefined;
    }
    expect(statuses).toEqual([...Array<number>(MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT).fill(401), ...Array<number>(50 - MAX_FAILURES_PER_ADDRESS_AND_ACCOUNT).fill(429)]);
    expect(Number(throttled?.headers["retry-after"])).toBeGreaterThan(0);
    expect(OutError.parse(JSON.parse(throttled?.body ?? "")).error).toBe("Too many failed logins.");
    // The throttled address gets no password checked, not even the right one.
    expect((await asUser(0, "VICTIM/OPS:Right-pass1", "127.0.1.1")).status).toBe(429);
    // Only 4 failures counted, under the default 5: the owner, elsewhere, logs in at once,
    expect((await asUser(0, "VICTIM/OPS:Right-pass1", "127.0.1.2")).status).toBe(200);
    // and from the attacker's own address once the window has passed.
    offset += THROTTLE_WINDOW_MS;
    expect((await asUser(0, "VICTIM/OPS:Right-pass1", "127.0.1.1")).status).toBe(200);
  });

  it("lifts a lock from failed logins by itself after LOGIN_LOCK_MINUTES", async () => {
    await lock(100, "EXPIRES/OPS:Right-pass1", CLIENT_100_MAX_FAILURES, 2);
    offset += (LOCK_MINUTES * 60 - 5) * 1000;
    expect((await asUser(100, "EXPIRES/OPS:Right-pass1", "127.0.99.2")).status).toBe(401);
    offset += 10_000;
    expect((await asUser(100, "EXPIRES/OPS:Right-pass1", "127.0.99.2")).status).toBe(200);
  });

  it("lets client 0's administrator unlock a user of client 100, and no administrator of client 100 one of client 0", async () => {
    await lock(100, "STUCK/OPS:Right-pass1", CLIENT_100_MAX_FAILURES, 10);
    const path = `/0/users/${encodeURIComponent("STUCK/OPS")}/unlock?client=100`;
    const unlocked = await call(rest(path), "127.0.0.1", { method: "POST", headers: { authorization: basic(`0/ADMIN/ADMIN:${ADMIN_PASSWORD}`) } });
    expect([unlocked.status, unlocked.body], unlocked.body).toEqual([200, "{}"]);
    expect((await asUser(100, "STUCK/OPS:Right-pass1", "127.0.99.3")).status).toBe(200);
    // The unlock also forgets the failures that throttled the addresses the lock came from.
    expect((await asUser(100, "STUCK/OPS:Right-pass1", "127.0.10.1")).status).toBe(200);
    const upward = await test.rest(`/100/users/${encodeURIComponent("ADMIN/ADMIN")}/unlock?client=0`, { method: "POST" });
    expect(upward.status).toBe(403);
    expect(OutError.parse(await upward.json()).details).toContain("Client 0 only");
  });

  it("throttles console logins by the browser's address: another browser of the same user logs in", async () => {
    const login = (from: string, password: string) =>
      call(`${test.baton.url}/bff/session`, from, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client: 100, user: "CONSOLE", department: "OPS", password }) });
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await login("127.0.20.1", "wrong")).status);
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429, 429]);
    expect((await login("127.0.20.2", "Right-pass1")).status).toBe(200);
  });

  it("counts what the console backend proxies for a browser against that browser's address, not the backend's", async () => {
    const login = async (from: string) => {
      const answer = await call(`${test.baton.url}/bff/session`, from, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client: 100, user: "PROXIED", department: "OPS", password: "Right-pass1" }) });
      expect(answer.status).toBe(200);
      OutSession.parse(JSON.parse(answer.body));
      return String(answer.headers["set-cookie"]).split(";")[0] ?? "";
    };
    const stale: string[] = [];
    for (let i = 0; i < 6; i++) stale.push(await login("127.0.21.1"));
    // The password changes: the first browser's sessions now proxy a wrong one. Each fails once and
    // ends; together they are that browser's failures.
    await test.rest(`/100/users/${encodeURIComponent("PROXIED/OPS")}/password`, json({ password: "Right-pass2" }, "PUT"));
    const statuses: number[] = [];
    let throttled: Answer | undefined;
    for (const cookie of stale) {
      const answer = await call(`${test.baton.url}/api/100/executions`, "127.0.21.1", { headers: { cookie } });
      statuses.push(answer.status);
      throttled ??= answer.status === 429 ? answer : undefined;
    }
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    expect(Number(throttled?.headers["retry-after"])).toBeGreaterThan(0);
    expect((await call(`${test.baton.url}/api/100/executions`, "127.0.21.1", { headers: { cookie: stale[0] ?? "" } })).status).toBe(401);
    // A browser elsewhere logs in with the new password and works through the same backend.
    const fresh = await (async () => {
      const answer = await call(`${test.baton.url}/bff/session`, "127.0.21.2", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client: 100, user: "PROXIED", department: "OPS", password: "Right-pass2" }) });
      expect(answer.status).toBe(200);
      return String(answer.headers["set-cookie"]).split(";")[0] ?? "";
    })();
    expect((await call(`${test.baton.url}/api/100/executions`, "127.0.21.2", { headers: { cookie: fresh } })).status).toBe(200);
    // A request that claims to come from elsewhere without the backend's key is counted where it comes from.
    const spoofed = await call(rest("/100/executions"), "127.0.21.1", { headers: { authorization: basic("PROXIED/OPS:wrong"), "x-baton-forwarded-for": "127.0.21.9", "x-baton-forwarded-key": "guess" } });
    expect(spoofed.status).toBe(429);
  });

  it("unlocks with `pnpm baton unlock` while every administrator is locked; the administrator then logs in through the running server", async () => {
    await lock(100, `ADMIN/ADMIN:${ADMIN_PASSWORD}`, CLIENT_100_MAX_FAILURES, 40);
    await lock(0, `ADMIN/ADMIN:${ADMIN_PASSWORD}`, 5, 50);
    expect(await batonCommand(test, ["unlock", "100", "admin/admin"])).toContain("Unlocked user ADMIN/ADMIN of client 100");
    expect((await asUser(100, `ADMIN/ADMIN:${ADMIN_PASSWORD}`, "127.0.99.4")).status).toBe(200);
    expect(await batonCommand(test, ["unlock", "0", "ADMIN/ADMIN"])).toContain("Unlocked user ADMIN/ADMIN of client 0");
    expect((await asUser(0, `ADMIN/ADMIN:${ADMIN_PASSWORD}`, "127.0.99.4")).status).toBe(200);
    await expect(batonCommand(test, ["unlock", "100", "NOBODY/OPS"])).rejects.toThrow(/does not exist/);
  }, 120_000);
});
