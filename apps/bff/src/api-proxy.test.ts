import { connect } from "node:net";
import { CSRF_HEADER, ErrorCode } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { consoleLogin } from "./testing/console-login";
import { readEvents } from "./testing/sse-client";
import { ADMIN, ADMIN_PASSWORD, jobEnvelope, json, startTestBaton, type TestBaton } from "./testing/test-baton";

/** A user without rights, who may still log in to the console. */
const NORIGHTS = { name: "NORIGHTS/OPS", password: "Norights-pass1" };

describe("the console's API proxy", () => {
  let test: TestBaton;
  let host: string;

  beforeAll(async () => {
    test = await startTestBaton("sqlite", {}, { eventsHeartbeatMs: 200 });
    host = new URL(test.baton.url).host;
    expect((await test.rest("/100/objects", json(jobEnvelope("VICTIM.JOB", ["true"])))).status).toBe(200);
    const user = (name: string, password: string) => ({ data: { user: { general_attributes: { name, type: "USER" }, user_attributes: { is_active: "1", password } } }, path: "USERS" });
    expect((await test.rest("/100/objects", json(user(NORIGHTS.name, NORIGHTS.password)))).status).toBe(200);
    expect((await test.rest("/100/objects", json(user("STALE/OPS", "Stale-pass1")))).status).toBe(200);
    expect((await test.rest("/100/objects", json(user("EURO/OPS", "Euro€-pass-1")))).status).toBe(200);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function login(user = "ADMIN", department = "ADMIN", password = ADMIN_PASSWORD): Promise<{ cookie: string; csrf: string }> {
    const { cookie, session } = await consoleLogin(test.baton.url, { user, department, password });
    return { cookie, csrf: session.csrf_token };
  }

  /** Sends `text` as it is on a new connection and returns what came back until the server closed it or `ms` passed. */
  function raw(text: string, ms = 2_000): Promise<string> {
    const { hostname, port } = new URL(test.baton.url);
    return new Promise((resolve, reject) => {
      const socket = connect(Number(port), hostname, () => socket.write(text));
      let answer = "";
      socket.setEncoding("latin1");
      socket.on("data", (chunk: string) => (answer += chunk));
      socket.on("error", reject);
      socket.on("close", () => resolve(answer));
      setTimeout(() => socket.destroy(), ms);
    });
  }

  /** A chunked POST of `body` through the proxy with the session's cookie and token. */
  function chunkedPost(path: string, session: { cookie: string; csrf: string }, body: string, connection = "close"): Promise<string> {
    const chunk = Buffer.from(body, "latin1");
    return raw(
      `POST /api${path} HTTP/1.1\r\nHost: ${host}\r\nCookie: ${session.cookie}\r\n${CSRF_HEADER}: ${session.csrf}\r\nContent-Type: application/json\r\n` +
        `Transfer-Encoding: chunked\r\nConnection: ${connection}\r\n\r\n${chunk.length.toString(16)}\r\n${body}\r\n0\r\n\r\n`,
    );
  }

  it("forwards a chunked body as the body: a request written inside it never runs on its own", async () => {
    const session = await login();
    const smuggled = `DELETE /ae/api/v1/100/objects/VICTIM.JOB HTTP/1.1\r\nHost: x\r\nAuthorization: ${ADMIN}\r\n\r\n`;
    for (const connection of ["close", "Upgrade"]) expect(await chunkedPost("/100/objects", session, smuggled, connection)).toMatch(/^HTTP\/1\.1 400 /);
    expect((await test.rest("/100/objects/VICTIM.JOB")).status).toBe(200);
    expect(await chunkedPost("/100/objects", session, JSON.stringify(jobEnvelope("CHUNKED.JOB", ["true"])))).toMatch(/^HTTP\/1\.1 200 /);
    expect((await test.rest("/100/objects/CHUNKED.JOB")).status).toBe(200);
  });

  it("sends the session's login with Expect: 100-continue too, never the browser's own", async () => {
    const expecting = (session: { cookie: string; csrf: string }, name: string) => {
      const body = JSON.stringify(jobEnvelope(name, ["true"]));
      return raw(
        `POST /api/100/objects HTTP/1.1\r\nHost: ${host}\r\nCookie: ${session.cookie}\r\n${CSRF_HEADER}: ${session.csrf}\r\nAuthorization: ${ADMIN}\r\n` +
          `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n${body}`,
      );
    };
    const [user, department] = NORIGHTS.name.split("/");
    expect(await expecting(await login(user, department, NORIGHTS.password), "BORROWED.LOGIN")).toMatch(/HTTP\/1\.1 403 /);
    expect((await test.rest("/100/objects/BORROWED.LOGIN")).status).toBe(404);
    expect(await expecting(await login(), "EXPECTED.JOB")).toMatch(/HTTP\/1\.1 200 /);
    expect((await test.rest("/100/objects/EXPECTED.JOB")).status).toBe(200);
  });

  it("refuses a GET that issues an agent's credential when a page of another site sends it", async () => {
    const { cookie } = await login();
    const issue = (site: string) => fetch(`${test.baton.url}/api/100/system/agents/PROXIED.AGENT/authentication_package`, { headers: { cookie, "sec-fetch-site": site } });
    for (const site of ["cross-site", "same-site"]) expect((await issue(site)).status).toBe(403);
    expect((await test.rest("/100/system/agents/PROXIED.AGENT")).status).toBe(404);
    expect((await issue("same-origin")).status).toBe(200);
  });

  it("answers a path of another client itself (403), keeping the session", async () => {
    const { cookie } = await login();
    const other = await fetch(`${test.baton.url}/api/%30/executions`, { headers: { cookie } });
    expect(other.status).toBe(403);
    expect(await other.json()).toMatchObject({ code: ErrorCode.FORBIDDEN, details: expect.stringContaining("client 100") });
    expect((await fetch(`${test.baton.url}/bff/session`, { headers: { cookie } })).status).toBe(200);
  });

  it("sends the engine only paths that start with the session's client as the engine writes it, keeping the session", async () => {
    const { cookie } = await login();
    // Spellings the engine could read as another client; none reaches it, so no refused login ends the session or counts against the address.
    for (const path of ["//0/executions", "/%2F0/executions", "/+0/executions", "/0x0/executions", "/%20100/executions", "/0100/executions", "/-0/executions", "/0/executions"]) {
      const answer = await fetch(`${test.baton.url}/api${path}`, { headers: { cookie } });
      expect([403, 404], path).toContain(answer.status);
      expect(await answer.json(), path).toMatchObject({ code: answer.status === 403 ? ErrorCode.FORBIDDEN : ErrorCode.NOT_FOUND, details: expect.stringMatching(/client 100|\/api\/100\//) });
    }
    expect((await fetch(`${test.baton.url}/bff/session`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${test.baton.url}/api/100/executions`, { headers: { cookie } })).status).toBe(200);
    expect((await fetch(`${test.baton.url}/api/ping`, { headers: { cookie } })).status).toBe(200);
  });

  it("ends the session when the engine refuses its login (the password changed), so it is not tried again", async () => {
    const { cookie } = await login("STALE", "OPS", "Stale-pass1");
    expect((await test.rest(`/100/users/${encodeURIComponent("STALE/OPS")}/password`, json({ password: "Stale-pass2" }, "PUT"))).status).toBe(200);
    expect((await fetch(`${test.baton.url}/api/100/executions`, { headers: { cookie } })).status).toBe(401);
    expect((await fetch(`${test.baton.url}/bff/session`, { headers: { cookie } })).status).toBe(401);
    await login("STALE", "OPS", "Stale-pass2");
  });

  it("ends an open event stream once its session has ended", async () => {
    const { cookie, csrf } = await login();
    const stream = await fetch(`${test.baton.url}/bff/events`, { headers: { cookie }, signal: AbortSignal.timeout(5_000) });
    expect(stream.status).toBe(200);
    expect((await fetch(`${test.baton.url}/bff/session`, { method: "DELETE", headers: { cookie, [CSRF_HEADER]: csrf } })).status).toBe(204);
    const reader = stream.body!.getReader();
    for (let read = await reader.read(); !read.done; read = await reader.read());
  });

  it("reads Last-Event-ID as a decimal position only: anything else is a fresh connect, answered with ready", async () => {
    const { cookie } = await login();
    for (const header of ["1e3", "0x10", "5.0", "-1"]) {
      const [first] = await readEvents(`${test.baton.url}/bff/events`, { cookie, "last-event-id": header }, (events) => events.length >= 1, 3_000);
      expect(first?.event, header).toBe("ready");
    }
  });

  it("carries a password beyond ISO-8859-1 (€) to the engine, as UTF-8 Basic login data do over REST", async () => {
    const { cookie } = await login("EURO", "OPS", "Euro€-pass-1");
    expect((await fetch(`${test.baton.url}/api/100/executions`, { headers: { cookie } })).status).toBe(200);
    const utf8 = `Basic ${Buffer.from("100/EURO/OPS:Euro€-pass-1", "utf8").toString("base64")}`;
    expect((await test.rest("/100/executions", { headers: { authorization: utf8 } })).status).toBe(200);
  });

  it("answers HEAD of the event stream with its headers, and what the console does not serve with a JSON 404 naming no file", async () => {
    const { cookie } = await login();
    const head = await fetch(`${test.baton.url}/bff/events`, { method: "HEAD", headers: { cookie }, signal: AbortSignal.timeout(3_000) });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-type")).toContain("text/event-stream");
    for (const [method, path] of [["GET", "/assets/missing.js"], ["GET", "/assets/..%2f..%2fpackage.json"], ["POST", "/"], ["DELETE", "/executions"]] as const) {
      const missing = await fetch(`${test.baton.url}${path}`, { method });
      expect(missing.status, `${method} ${path}`).toBe(404);
      const body = await missing.text();
      expect(JSON.parse(body)).toMatchObject({ code: ErrorCode.NOT_FOUND, error: "Resource not found." });
      expect(body).not.toContain("/console/");
    }
  });
});
