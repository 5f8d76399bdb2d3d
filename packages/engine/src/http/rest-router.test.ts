import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ClientParams, defineOperation, ErrorCode, jsonAnswer, noBody, noParams } from "@baton/contract";
import { pino } from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { Authenticator } from "../auth/authenticator";
import { basicAuthorization } from "../auth/basic-credentials";
import { ForbiddenError, invalid } from "../domain/errors";
import { systemClock } from "../runtime/clock";
import { openStore, type Store } from "../store/connect";
import { bootstrap } from "../system/bootstrap";
import { createTestDatabase, type TestDatabase } from "../testing/test-databases";
import { createRestRouter } from "./rest-router";
import { SourceAddresses } from "./source-address";
import { bindRoute } from "./route";

/** An object that refers to itself: JSON.stringify throws on it, as on a value nested past the call stack. */
function cyclic(): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  value["self"] = value;
  return value;
}

/** The router's own rules, on routes declared here for them. */
describe("REST router", () => {
  let database: TestDatabase;
  let store: Store;
  let server: Server;
  let base: string;
  let enabled = false;

  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
    store = await openStore({ dataDir: database.dataDir });
    await bootstrap(store, systemClock, "pw");
    const routes = [
      bindRoute(defineOperation({ method: "GET", path: "/:client_id/system-only", summary: "A system-only route", answer: jsonAnswer(z.object({ secret: z.string() }), "The secret"), systemClientOnly: true, params: ClientParams, query: noParams, body: noBody }), { handle: async () => ({ secret: "data" }) }),
      bindRoute(defineOperation({ method: "GET", path: "/:client_id/feature", summary: "A route that can be disabled", answer: jsonAnswer(z.object({ on: z.boolean() }), "On"), params: ClientParams, query: noParams, body: noBody }), {
        disabled: async (principal) => (enabled ? undefined : `The feature is not set up for client ${principal.client}.`),
        handle: async () => ({ on: true }),
      }),
      bindRoute(defineOperation({ method: "GET", path: "/at-once", summary: "Answers without waiting", answer: jsonAnswer(z.object({ now: z.boolean() }), "At once"), public: true, params: noParams, query: noParams, body: noBody }), { handle: () => ({ now: true }) }),
      bindRoute(defineOperation({ method: "GET", path: "/refused-at-once", summary: "Refuses without waiting", answer: jsonAnswer(z.object({}), "Never"), public: true, params: noParams, query: noParams, body: noBody }), {
        handle: () => {
          throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", "Refused at once.");
        },
      }),
      bindRoute(defineOperation({ method: "GET", path: "/unserializable", summary: "Answers a value JSON cannot write", answer: jsonAnswer(z.unknown(), "Never"), public: true, params: noParams, query: noParams, body: noBody }), { handle: () => cyclic() }),
      bindRoute(defineOperation({ method: "GET", path: "/refuses-unserializable", summary: "Refuses naming a value JSON cannot write", answer: jsonAnswer(z.unknown(), "Never"), public: true, params: noParams, query: noParams, body: noBody }), {
        handle: () => {
          throw invalid(ErrorCode.INVALID_REQUEST, "value", "is refused", cyclic());
        },
      }),
      bindRoute(defineOperation({ method: "POST", path: "/:client_id/echo", summary: "Echoes the body", answer: jsonAnswer(z.object({ text: z.string() }), "The body"), params: ClientParams, query: noParams, body: z.object({ text: z.string().max(3) }) }), { handle: async ({ body }) => body }),
    ];
    const handle = createRestRouter(routes, { authenticator: new Authenticator(store, systemClock, pino({ level: "silent" })), addresses: new SourceAddresses(), logger: pino({ level: "silent" }) });
    server = createServer(handle);
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const address: AddressInfo | string | null = server.address();
    base = `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/ae/api/v1`;
  });

  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
    await store.close();
    await database.drop();
  });

  const get = (path: string, client: number) => fetch(`${base}${path}`, { headers: { authorization: basicAuthorization({ client, user: "ADMIN", department: "ADMIN", password: "pw" }) } });

  it("answers system-client operations only in client 0, with 403 and no data elsewhere", async () => {
    expect(await (await get("/0/system-only", 0)).json()).toEqual({ secret: "data" });
    const elsewhere = await get("/100/system-only", 100);
    expect(elsewhere.status).toBe(403);
    const body = await elsewhere.text();
    expect(body).not.toContain("secret");
    expect(JSON.parse(body)).toMatchObject({ code: ErrorCode.FORBIDDEN, details: expect.stringContaining("Client 0 only") });
  });

  it("answers a disabled resource with 404, its own code and the reason", async () => {
    const disabled = await get("/100/feature", 100);
    expect(disabled.status).toBe(404);
    expect(await disabled.json()).toEqual({ code: ErrorCode.RESOURCE_DISABLED, error: "Resource disabled.", details: "The feature is not set up for client 100." });
    enabled = true;
    expect(await (await get("/100/feature", 100)).json()).toEqual({ on: true });
  });

  it("answers and refuses from handlers that return or throw without waiting", async () => {
    const answered = await fetch(`${base}/at-once`);
    expect([answered.status, await answered.json()]).toEqual([200, { now: true }]);
    const refused = await fetch(`${base}/refused-at-once`);
    expect([refused.status, await refused.json()]).toEqual([403, { code: ErrorCode.FORBIDDEN, error: "Permission check failed.", details: "Refused at once." }]);
  });

  it("checks login before anything else, and validation after", async () => {
    expect((await fetch(`${base}/0/system-only`)).status).toBe(401);
    const post = (text: string) =>
      fetch(`${base}/100/echo`, { method: "POST", headers: { authorization: basicAuthorization({ user: "ADMIN", department: "ADMIN", password: "pw" }) }, body: JSON.stringify({ text }) });
    expect(await (await post("abc")).json()).toEqual({ text: "abc" });
    expect(await (await post("abcd")).json()).toEqual([{ code: ErrorCode.INVALID_REQUEST, error: expect.any(String), path: "text", invalid_value: "abcd" }]);
  });

  it("answers 500 for an answer that cannot be written, and goes on serving", async () => {
    const failed = await fetch(`${base}/unserializable`);
    expect([failed.status, await failed.json()]).toEqual([500, { code: ErrorCode.INTERNAL, error: "Internal error.", details: expect.any(String) }]);
    expect((await fetch(`${base}/at-once`)).status).toBe(200);
  });

  it("writes a refusal whose refused value cannot be written without that value", async () => {
    const refused = await fetch(`${base}/refuses-unserializable`);
    expect([refused.status, await refused.json()]).toEqual([400, [{ code: ErrorCode.INVALID_REQUEST, error: "is refused", path: "value", invalid_value: null }]]);
    expect((await fetch(`${base}/at-once`)).status).toBe(200);
  });

  it("refuses a body nested deeper than 64 levels with 400 before parsing it", async () => {
    const post = (depth: number) =>
      fetch(`${base}/100/echo`, { method: "POST", headers: { authorization: basicAuthorization({ user: "ADMIN", department: "ADMIN", password: "pw" }) }, body: "[".repeat(depth) + "]".repeat(depth) });
    const deep = await post(6000);
    expect([deep.status, await deep.json()]).toEqual([400, { code: ErrorCode.MALFORMED_BODY, error: "JSON nested too deep.", details: expect.stringContaining("64") }]);
    // 64 levels are read and validated like any body (and refused by the route's schema).
    const atLimit = await post(64);
    expect([atLimit.status, await atLimit.json()]).toEqual([400, [expect.objectContaining({ path: "", code: ErrorCode.INVALID_REQUEST })]]);
  });
});
