import { CSRF_HEADER, ExecutionEvent, OutRunId, OutSession } from "@baton/contract";
import type { ExecutionChanged } from "@baton/engine";
import { newExecution } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { readEvents } from "./testing/sse-client";
import { ADMIN_PASSWORD, jobEnvelope, startTestBaton, type TestBaton } from "./testing/test-baton";

describe("BFF", () => {
  let test: TestBaton;
  let base: string;
  beforeAll(async () => {
    test = await startTestBaton();
    base = test.baton.url;
  });
  afterAll(async () => {
    await test.stop();
  });

  async function login(password = ADMIN_PASSWORD): Promise<{ response: Response; cookie: string; session: OutSession }> {
    const response = await fetch(`${base}/bff/session`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ client: 100, user: "admin", department: "admin", password }),
    });
    const cookie = (response.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    return { response, cookie, session: OutSession.parse(response.status === 200 ? await response.json() : { client: 0, user: "", department: "", csrf_token: "", clients: [] }) };
  }

  it("logs in with the engine's users, keeping the password server-side", async () => {
    const { response, session } = await login();
    expect(response.status).toBe(200);
    expect(session).toEqual({ client: 100, user: "ADMIN", department: "ADMIN", csrf_token: expect.any(String), clients: [0, 100] });
    const setCookie = response.headers.get("set-cookie") ?? "";
    expect(setCookie).toMatch(/^baton_session=[\w-]{20,};/);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).not.toContain(ADMIN_PASSWORD);
  });

  it("refuses wrong credentials and malformed logins", async () => {
    const wrong = await login("wrong");
    expect(wrong.response.status).toBe(401);
    expect(wrong.response.headers.get("set-cookie")).toBeNull();
    const malformed = await fetch(`${base}/bff/session`, { method: "POST", headers: { "content-type": "application/json" }, body: '{"client":"x"}' });
    expect(malformed.status).toBe(400);
  });

  it("gives each login a new session id", async () => {
    const a = await login();
    const b = await login();
    expect(a.cookie).not.toBe(b.cookie);
  });

  it("answers who-am-i for a session and 401 without one", async () => {
    const { cookie, session } = await login();
    const me = await fetch(`${base}/bff/session`, { headers: { cookie } });
    expect(await me.json()).toEqual(session);
    expect((await fetch(`${base}/bff/session`)).status).toBe(401);
    expect((await fetch(`${base}/bff/session`, { headers: { cookie: "baton_session=forged" } })).status).toBe(401);
  });

  it("lets no cache keep a session's answers, which carry its CSRF token", async () => {
    const { response, cookie } = await login();
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${base}/bff/session`, { headers: { cookie } })).headers.get("cache-control")).toBe("no-store");
    expect((await fetch(`${base}/bff/session`)).headers.get("cache-control")).toBe("no-store");
  });

  it("answers 405 with Allow for a method a console route does not take", async () => {
    const { cookie, session } = await login();
    const headers = { cookie, [CSRF_HEADER]: session.csrf_token, "content-type": "application/json" };
    for (const [method, path, allow] of [
      ["PUT", "/bff/session", "GET, HEAD, POST, DELETE"],
      ["PATCH", "/bff/session", "GET, HEAD, POST, DELETE"],
      ["GET", "/bff/session/client", "POST"],
      ["POST", "/bff/events", "GET, HEAD"],
    ] as const) {
      const response = await fetch(`${base}${path}`, { method, headers, body: method === "GET" ? undefined : "{}" });
      expect(response.status, `${method} ${path}`).toBe(405);
      expect(response.headers.get("allow")).toBe(allow);
      expect(await response.json()).toMatchObject({ code: expect.any(Number), details: `${method} is not allowed on ${path}; use ${allow}.` });
    }
    expect((await fetch(`${base}/bff/session`, { headers: { cookie } })).status).toBe(200);
  });

  it("proxies /api to the engine with the session's login, and refuses without a session", async () => {
    expect((await fetch(`${base}/api/100/executions`)).status).toBe(401);
    const { cookie } = await login();
    const response = await fetch(`${base}/api/100/executions?max_results=1`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ total: expect.any(Number), hasmore: expect.any(Boolean) });
  });

  it("needs the CSRF token and the same origin for state-changing requests", async () => {
    const { cookie, session } = await login();
    const envelope = JSON.stringify(jobEnvelope("BFF.CSRF", ["true"]));
    const post = (headers: Record<string, string>) =>
      fetch(`${base}/api/100/objects`, { method: "POST", headers: { cookie, "content-type": "application/json", ...headers }, body: envelope });
    expect((await post({})).status).toBe(403);
    expect((await post({ [CSRF_HEADER]: "wrong" })).status).toBe(403);
    expect((await post({ [CSRF_HEADER]: session.csrf_token, origin: "http://evil.example" })).status).toBe(403);
    expect((await test.rest("/100/objects/BFF.CSRF")).status).toBe(404);
    const ok = await post({ [CSRF_HEADER]: session.csrf_token, origin: base });
    expect(ok.status).toBe(200);
    expect((await test.rest("/100/objects/BFF.CSRF")).status).toBe(200);
  });

  it("streams the client's execution status changes and replays missed ones after Last-Event-ID", async () => {
    const { cookie, session } = await login();
    const api = (path: string, body: unknown) =>
      fetch(`${base}/api${path}`, { method: "POST", headers: { cookie, "content-type": "application/json", [CSRF_HEADER]: session.csrf_token }, body: JSON.stringify(body) });
    expect((await api("/100/objects", jobEnvelope("BFF.LIVE", ["echo live"]))).status).toBe(200);

    // Start the job once the stream is ready, then read until it has ended.
    let runId: Promise<number> | undefined;
    let endedRunId = 0;
    const live = await readEvents(`${base}/bff/events`, { cookie }, (events) => {
      if (runId === undefined && events.some((e) => e.event === "ready")) {
        runId = api("/100/executions", { objectName: "BFF.LIVE", executionOption: "execute" }).then(async (r) => (endedRunId = OutRunId.parse(await r.json()).run_id));
      }
      return events.some((e) => e.event === "execution" && ExecutionEvent.parse(JSON.parse(e.data)).execution.status === 1900);
    });
    expect(await runId).toBe(endedRunId);
    const ready = live.find((e) => e.event === "ready");
    expect(ready?.id).toMatch(/^\d+$/);
    const statuses = live.filter((e) => e.event === "execution").map((e) => ExecutionEvent.parse(JSON.parse(e.data)));
    expect(statuses.map((e) => e.execution.status)).toEqual([1300, 1540, 1550, 1900]);
    expect(statuses.every((e) => e.client === 100 && e.execution.name === "BFF.LIVE")).toBe(true);
    const ids = live.filter((e) => e.event === "execution").map((e) => Number(e.id));
    expect([...ids].sort((a, b) => a - b)).toEqual(ids);

    // A reconnect from the position before the job gets everything it missed, in order.
    const replayed = await readEvents(`${base}/bff/events`, { cookie, "last-event-id": ready?.id ?? "0" }, (events) => events.length >= 4);
    expect(replayed.slice(0, 4).map((e) => ExecutionEvent.parse(JSON.parse(e.data)).execution.status)).toEqual([1300, 1540, 1550, 1900]);
  });

  it("streams an event that was published after one with a higher seq", async () => {
    const { cookie } = await login();
    // On PostgreSQL a transaction that took a lower seq can commit, and so be published, after one
    // that took a higher; here as two other nodes' events would arrive. Both must reach the console.
    const event = (seq: number, status: number): ExecutionChanged => ({ seq, client: 100, at: Date.now(), execution: { ...newExecution({ client: 100, name: "BFF.LATE", status }), runId: 900_000 + seq, statusSince: Date.now() } });
    let published = false;
    const received = await readEvents(`${base}/bff/events`, { cookie }, (events) => {
      const ready = events.find((e) => e.event === "ready");
      if (ready !== undefined && !published) {
        published = true;
        const position = Number(ready.id);
        test.baton.engine.events.publishRemote(event(position + 1_000, 1550));
        test.baton.engine.events.publishRemote(event(position + 999, 1900));
      }
      return events.filter((e) => e.event === "execution").length >= 2;
    });
    const seqs = received.filter((e) => e.event === "execution").map((e) => (JSON.parse(e.data) as ExecutionEvent).seq);
    const position = Number(received.find((e) => e.event === "ready")?.id);
    expect(seqs).toEqual([position + 1_000, position + 999]);
  });

  it("ends the session on logout", async () => {
    const { cookie, session } = await login();
    expect((await fetch(`${base}/bff/session`, { method: "DELETE", headers: { cookie } })).status).toBe(403);
    expect((await fetch(`${base}/bff/session`, { method: "DELETE", headers: { cookie, [CSRF_HEADER]: session.csrf_token } })).status).toBe(204);
    expect((await fetch(`${base}/api/100/executions`, { headers: { cookie } })).status).toBe(401);
  });

  it("serves the console for deep links with security headers, and 404 JSON for unknown BFF paths", async () => {
    const page = await fetch(`${base}/executions/42`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>Baton</title>");
    expect(page.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(page.headers.get("x-content-type-options")).toBe("nosniff");
    const unknown = await fetch(`${base}/bff/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ code: expect.any(Number), error: expect.any(String) });
  });
});
