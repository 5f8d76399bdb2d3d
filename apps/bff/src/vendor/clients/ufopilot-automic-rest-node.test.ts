/**
 * Client replay: ufopilot/automic-rest-node ("automic-rest" on npm), a Node client generated from
 * the vendor's swagger. Facts from https://github.com/ufopilot/automic-rest-node at commit
 * 84a01054deec12787eba9fc819aba8b7c45a48ac, index.js: every function builds its path with
 * `path.replace('{name}', value)` (the first occurrence only), appends `'?' + query` when the
 * caller gives one, and calls doRequest, which sends `Authorization: Basic base64(userid +
 * ":" + password)` (a JS string, so UTF-8), `Content-type` and `Accept: application/json` and
 * `body: JSON.stringify(opt.body)` with `opt.body` defaulting to {}: every request, GET and DELETE
 * too, carries a JSON body. The answer goes through `JSON.parse(body)` (except for /ping), then
 * `data.statusCode = response.statusCode`, and `statusTest` is "success" only for exactly 200.
 * README.md (285384aad57d73cc052f2864d0d29554e6f89f1f) calls `listExecutions(client_id=1,
 * query="max_results=100")` and prints each `resp.data[a].name`.
 *
 * A call works when JSON.parse succeeds on a JSON object or array (null would make the
 * statusCode assignment throw), and the status is 200; each is also checked against what the
 * vendor answers (generated-client-operations.ts).
 *
 * Client bugs (the request it sends is replayed; the vendor behaviour is asserted beside it):
 * | call | bug | what is checked instead |
 * |---|---|---|
 * | deleteClients | `'/{client_id}/system/clients/{client_id}'.replace('{client_id}', id)` fills only the first placeholder and then replaces `{target_client_id}`, which the path does not have: it sends /0/system/clients/{client_id} | that path is refused with a JSON 400; from client 0, another client is deleted |
 * | credentials | encoded as UTF-8; the interface reads Basic credentials as ISO-8859-1, so a password with characters beyond ASCII does not log in | replayed with an ASCII password (the same bytes in both) |
 * | doRequest (commit 7193b984e80bc3a19ae927b6909cea7ad30109c0) | the body was never handed to request(), so every POST went out empty; fixed in 84a0105 | the fixed version is replayed |
 */
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { OPERATIONS, remember, type Operation, type Session } from "./generated-client-operations";
import { basicAuth, CLIENT, DEPARTMENT, send, startSite, USER, type WireAnswer } from "./replay-fixture";

const INDEX_JS = "https://github.com/ufopilot/automic-rest-node/blob/84a01054deec12787eba9fc819aba8b7c45a48ac/index.js";

/** doRequest's headers; the login names the path's client. */
function nodeHeaders(client: number | string): Record<string, string> {
  return { Authorization: basicAuth(`${client}/${USER}/${DEPARTMENT}`, "utf8"), "Content-type": "application/json", Accept: "application/json" };
}

/** The path a function builds: each placeholder replaced once, in the function's order. */
function nodePath(operation: Operation, session: Session, query: string | undefined): string {
  const args = operation.args(session);
  const path = Object.entries(args).reduce((p, [key, value]) => p.replace(`{${key}}`, String(value)), operation.path);
  return query === undefined ? path : `${path}?${query}`;
}

/** doRequest's callback: JSON.parse (not for /ping), then `data.statusCode = ...`, "success" for 200 only. */
function resolved(path: string, answer: WireAnswer): { data: unknown; statusTest: string } {
  if (path === "/ping") return { data: {}, statusTest: answer.status === 200 ? "success" : "error" };
  let data: unknown;
  expect(() => (data = JSON.parse(answer.text)), `JSON.parse of ${answer.status}: ${answer.text.slice(0, 200)}`).not.toThrow();
  expect(data !== null && typeof data === "object", "data.statusCode can be set").toBe(true);
  return { data, statusTest: answer.status === 200 ? "success" : "error" };
}

describe.each(testDialects)("client replay: ufopilot/automic-rest-node on %s", (dialect) => {
  const session = {} as Session;

  beforeAll(async () => {
    session.site = await startSite(dialect);
  }, 90_000);
  afterAll(async () => {
    await session.site.stop();
  });

  for (const operation of OPERATIONS) {
    it(`${INDEX_JS} ${operation.id}: ${operation.method} ${operation.path} with its query and a JSON body on every method; JSON.parse and statusTest "success"`, async () => {
      const path = nodePath(operation, session, operation.query?.(session));
      const client = operation.args(session)["client_id"] ?? CLIENT;
      const answer = await send(session.site.test, { method: operation.method, path, headers: nodeHeaders(client), body: JSON.stringify(operation.body?.(session) ?? {}) });
      const { data, statusTest } = resolved(path, answer);
      expect(statusTest, `${answer.status}: ${answer.text}`).toBe("success");
      if (path !== "/ping") operation.expectAnswer(data, session);
      remember(operation, data, session);
    });
  }

  it(`${INDEX_JS} deleteClients: the path it builds, /0/system/clients/{client_id}, is refused with a JSON 400 (client bug); from client 0 another client is deleted`, async () => {
    const sent = await send(session.site.test, { method: "DELETE", path: "/0/system/clients/%7Bclient_id%7D", headers: nodeHeaders(0), body: "{}" });
    expect(resolved("/0/system/clients/{client_id}", sent).statusTest).toBe("error");
    expect(sent.status, sent.text).toBe(400);
    const meant = await send(session.site.test, { method: "DELETE", path: `/0/system/clients/${CLIENT}`, headers: nodeHeaders(0), body: "{}" });
    expect(resolved(`/0/system/clients/${CLIENT}`, meant)).toEqual({ data: { run_id: expect.any(Number) }, statusTest: "success" });
  });
});
