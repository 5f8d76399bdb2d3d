import { openStore } from "@baton/engine";
import { describe, expect, it } from "vitest";
import { processesPerTest, type Process } from "./testing/baton-process";
import { consoleLogin } from "./testing/console-login";
import { ADMIN_PASSWORD } from "./testing/test-baton";

const KEY = "session-key-for-the-tests-0123456789";

describe("console sessions in the database", () => {
  const processes = processesPerTest();

  async function start(dir: string, key = KEY): Promise<{ process: Process; console: string }> {
    const started = await processes.start(dir, { BATON_SESSION_KEY: key });
    return { process: started, console: started.rest.replace("/ae/api/v1", "") };
  }

  const stop = (started: Process) => processes.stop(started);

  const login = (consoleUrl: string) => consoleLogin(consoleUrl);

  const whoAmI = async (consoleUrl: string, cookie: string) => (await fetch(`${consoleUrl}/bff/session`, { headers: { cookie } })).status;

  it("keeps a session across a restart, storing neither its id nor the password in the clear", async () => {
    const dir = processes.dataDir();
    const first = await start(dir);
    const { cookie, session } = await login(first.console);
    await stop(first.process);

    const store = await openStore({ dataDir: dir });
    const rows = await store.db.selectFrom("console_sessions").selectAll().execute();
    await store.db.destroy();
    const id = cookie.split("=")[1] ?? "";
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ client: 100, user_name: "ADMIN", department: "ADMIN", csrf_token: session.csrf_token });
    expect(rows[0]?.id_hash).not.toBe(id);
    expect(rows[0]?.sealed_password).not.toContain(ADMIN_PASSWORD);
    expect(Buffer.from(rows[0]?.sealed_password ?? "", "base64url").toString("latin1")).not.toContain(ADMIN_PASSWORD);

    const second = await start(dir);
    expect(await whoAmI(second.console, cookie)).toBe(200);
    const executions = await fetch(`${second.console}/api/100/executions`, { headers: { cookie } });
    expect(executions.status).toBe(200);
    // Logging out on any node ends the session for all.
    const logout = await fetch(`${second.console}/bff/session`, { method: "DELETE", headers: { cookie, "x-csrf-token": session.csrf_token } });
    expect(logout.status).toBe(204);
    expect(await whoAmI(second.console, cookie)).toBe(401);
  });

  it("opens no session on a node with another session key, and leaves it for the nodes with the right one", async () => {
    const dir = processes.dataDir();
    const first = await start(dir);
    const { cookie } = await login(first.console);
    await stop(first.process);

    const wrong = await start(dir, "another-key-0123456789-abcdef");
    expect(await whoAmI(wrong.console, cookie)).toBe(401);
    await stop(wrong.process);

    const right = await start(dir);
    expect(await whoAmI(right.console, cookie)).toBe(200);
  });
});
