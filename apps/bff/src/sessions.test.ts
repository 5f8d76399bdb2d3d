import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutSession } from "@baton/contract";
import { openStore } from "@baton/engine";
import { afterEach, describe, expect, it } from "vitest";
import { exited, startProcess, type Process } from "./testing/baton-process";
import { ADMIN_PASSWORD } from "./testing/test-baton";

const KEY = "session-key-for-the-tests-0123456789";

describe("console sessions in the database", () => {
  const dirs: string[] = [];
  const running: Process[] = [];
  afterEach(async () => {
    for (const started of running.splice(0)) {
      started.child.kill("SIGKILL");
      await exited(started.child);
    }
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  async function start(dir: string, key = KEY): Promise<{ process: Process; console: string }> {
    const started = await startProcess(dir, { BATON_SESSION_KEY: key });
    running.push(started);
    return { process: started, console: started.rest.replace("/ae/api/v1", "") };
  }

  async function stop(started: Process): Promise<void> {
    started.child.kill("SIGINT");
    await exited(started.child);
    running.splice(running.indexOf(started), 1);
  }

  async function login(consoleUrl: string): Promise<{ cookie: string; session: OutSession }> {
    const response = await fetch(`${consoleUrl}/bff/session`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ client: 100, user: "ADMIN", department: "ADMIN", password: ADMIN_PASSWORD }) });
    expect(response.status).toBe(200);
    return { cookie: (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "", session: OutSession.parse(await response.json()) };
  }

  const whoAmI = async (consoleUrl: string, cookie: string) => (await fetch(`${consoleUrl}/bff/session`, { headers: { cookie } })).status;

  it("keeps a session across a restart, storing neither its id nor the password in the clear", async () => {
    const dir = mkdtempSync(join(tmpdir(), "baton-sessions-"));
    dirs.push(dir);
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
    const dir = mkdtempSync(join(tmpdir(), "baton-sessions-"));
    dirs.push(dir);
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
