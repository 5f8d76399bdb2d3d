import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { UnauthorizedError } from "../domain/errors";
import { systemClock } from "../runtime/clock";
import { openStore, type Store } from "../store/connect";
import { refusal, startTestEngine, type TestEngine } from "../testing/test-engine";
import { testDialects } from "../testing/test-databases";
import { Authenticator } from "./authenticator";
import { verifyPassword } from "./passwords";

const CLIENT = 100;
const ADDRESS = "127.0.0.1";
const PASSWORD = "User-pass-1";

/**
 * The same login arriving many times at once (a console opening its streams, a client's burst)
 * costs one password check, not one each; a check that began before the logins were forgotten
 * (a password or rights change) is not remembered.
 */
describe.each(testDialects)("concurrent logins on %s", (dialect) => {
  let test: TestEngine;
  let store: Store;

  beforeAll(async () => {
    test = await startTestEngine(dialect);
    store = await openStore({ databaseUrl: test.database.databaseUrl, dataDir: test.database.dataDir, migrate: false });
  }, 60_000);
  afterAll(async () => {
    await store.close();
    await test.stop();
  });

  /** A user of its own for each test, so that one test's failed logins lock nothing another uses. */
  async function newUser(name: string) {
    await test.importObjects({ data: { user: { general_attributes: { name: `${name}/OPS`, type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password: PASSWORD } } }, path: "USERS" });
    return { user: name, department: "OPS", password: PASSWORD };
  }

  /** An authenticator on the engine's database whose password checks (the real scrypt) are counted. */
  async function countingAuthenticator(name: string) {
    const user = await newUser(name);
    const counted = { checks: 0 };
    const authenticator = new Authenticator(store, systemClock, pino({ level: "silent" }), (password, stored) => {
      counted.checks++;
      return verifyPassword(password, stored);
    });
    return { authenticator, counted, user, login: (credentials = user) => authenticator.authenticate(credentials, CLIENT, ADDRESS) };
  }

  it("checks the password of 50 simultaneous logins of one user once", async () => {
    const { counted, login } = await countingAuthenticator("BURST");
    const principals = await Promise.all(Array.from({ length: 50 }, () => login()));
    expect(principals.map((p) => p.userName)).toEqual(Array(50).fill("BURST/OPS"));
    expect(counted.checks).toBe(1);
    await login();
    expect(counted.checks).toBe(1);
  });

  it("refuses every one of simultaneous logins with a wrong password, after one check", async () => {
    const { counted, login, user } = await countingAuthenticator("GUESSED");
    const refusals = await Promise.all(Array.from({ length: 5 }, () => refusal(login({ ...user, password: "Wrong-pass-1" }))));
    for (const refused of refusals) expect(refused).toBeInstanceOf(UnauthorizedError);
    expect(counted.checks).toBe(1);
  });

  it("checks different logins separately", async () => {
    const { counted, login, user } = await countingAuthenticator("TWO");
    await Promise.all([login(), refusal(login({ ...user, password: "Other-pass-1" }))]);
    expect(counted.checks).toBe(2);
  });

  it("does not join a check that began before the logins were forgotten", async () => {
    const { authenticator, counted, login } = await countingAuthenticator("JOINED");
    const before = login();
    authenticator.forget();
    await Promise.all([before, login()]);
    expect(counted.checks).toBe(2);
  });

  it("does not remember the answer of a check that began before the logins were forgotten", async () => {
    const { authenticator, counted, login } = await countingAuthenticator("STALE");
    const stale = login();
    authenticator.forget();
    await stale;
    await login();
    expect(counted.checks).toBe(2);
    await login();
    expect(counted.checks).toBe(2);
  });
});
