/**
 * Client replay: KrumGanev/automic_rest, a Python package generated from the vendor's swagger (one
 * class per operation). Facts from https://github.com/KrumGanev/automic_rest:
 * automic_rest/connection.py at f8facd026ff0572ef5f725d34c5d54978956186d (base `url + '/ae/api/v1'`,
 * `setArgs` replaces every `{name}` of the path with the keyword argument), the operation modules of
 * that commit and of e5b8367517984a35009d220fc632962e6f3b6830 (listexecutions.py, executeobject.py,
 * postobjects.py, deleteforecast.py, deleteclients.py, movehead.py, ...): GET and DELETE are
 * `requests.get/delete(url, auth=(userid, password))` with the path only, no query; POST sends
 * `headers={'Content-type': 'application/json', 'Accept': 'application/json'}` and
 * `data=json.dumps(kwargs.get('data', "{}"))`; every answer goes through `self.response = r.json()`
 * and then `r.raise_for_status()`. README.md at de3ba99985a4f4ff6aae7d349ff023ee944bda1c reads
 * `execs['data']` and each `o['name']` of listExecutions.
 *
 * A call works when the answer parses as JSON and its status is below 400; each is also checked
 * against what the vendor answers (generated-client-operations.ts).
 *
 * Client bugs (the request it sends is replayed; the vendor behaviour is asserted beside it):
 * | call | bug | what is checked instead |
 * |---|---|---|
 * | listForecastAgents, branchDiff | the classes send no query string, and these operations require parameters in it (from/to; branch_name_theirs, object_path_ours/theirs) | the path alone is refused with a JSON 400; with the query the vendor answers |
 * | deleteForecast | the class sends no body (the swagger's optional body was dropped for DELETE), so it cannot name the forecasts | the bare DELETE is refused with a JSON 400; DELETE with {"ids": [...]} deletes |
 * | deleteClients | the path is /{client_id}/system/clients/{client_id} and setArgs fills both with the same number: a client can only name itself (client 0 naming 0) | /0/system/clients/0 is refused with a JSON 400; from client 0, another client is deleted |
 * | any POST without `data` | the default is the string "{}", which json.dumps sends as the JSON string `"{}"`, not an object | moveHead (no body in the swagger) is sent that way and works; the others are sent with the data a caller passes |
 * | README example | `automic.executions().listExecutions(client_id=1).json()`: the class has no json() (its answer is `.response`) | the answer's data[].name |
 */
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fillAll, OPERATIONS, remember, type Operation, type Session } from "./generated-client-operations";
import { basicAuth, CLIENT, DEPARTMENT, send, startSite, USER, type WireAnswer } from "./replay-fixture";

const REPO = "https://github.com/KrumGanev/automic_rest/blob/f8facd026ff0572ef5f725d34c5d54978956186d";

/** requests' defaults and HTTPBasicAuth (latin-1) for a login naming the path's client. */
function pyHeaders(client: number | string): Record<string, string> {
  return { "User-Agent": "python-requests/2.32.3", "Accept-Encoding": "gzip, deflate", Accept: "*/*", Connection: "keep-alive", Authorization: basicAuth(`${client}/${USER}/${DEPARTMENT}`) };
}

/** The request a class of the package sends for `operation` called with its arguments and `data`. */
function request(operation: Operation, session: Session, options: { query?: string; data?: unknown } = {}) {
  const args = operation.args(session);
  const path = fillAll(operation.path, args) + (options.query === undefined ? "" : `?${options.query}`);
  const headers = pyHeaders(args["client_id"] ?? CLIENT);
  if (operation.method === "POST") {
    // json.dumps of the data, or of the default string "{}".
    return { method: "POST", path, headers: { ...headers, "Content-type": "application/json", Accept: "application/json" }, body: JSON.stringify(options.data === undefined ? "{}" : options.data) };
  }
  if (operation.method === "DELETE") {
    const body = options.data === undefined ? "" : JSON.stringify(options.data);
    return { method: "DELETE", path, headers: { ...headers, ...(options.data !== undefined && { "Content-Type": "application/json" }) }, body };
  }
  return { method: "GET", path, headers };
}

/** `self.response = r.json()` then `r.raise_for_status()`. */
function response(answer: WireAnswer): unknown {
  let parsed: unknown;
  expect(() => (parsed = JSON.parse(answer.text)), `r.json() of ${answer.status}: ${answer.text.slice(0, 200)}`).not.toThrow();
  return parsed;
}

describe.each(testDialects)("client replay: KrumGanev/automic_rest on %s", (dialect) => {
  const session = {} as Session;

  beforeAll(async () => {
    session.site = await startSite(dialect);
  }, 90_000);
  afterAll(async () => {
    await session.site.stop();
  });

  for (const operation of OPERATIONS) {
    const file = `${REPO}/automic_rest/help.py (${operation.id})`;
    if (operation.queryRequired === true) {
      it(`${file}: sent without its required query it is refused with a JSON 400 (client bug); with the query the vendor answers`, async () => {
        const bare = await send(session.site.test, request(operation, session));
        response(bare);
        expect(bare.status, bare.text).toBe(400);
        const full = await send(session.site.test, request(operation, session, { query: operation.query?.(session) }));
        expect(full.status, full.text).toBe(200);
        operation.expectAnswer(response(full), session);
      });
      continue;
    }
    if (operation.id === "deleteForecast") {
      it(`${file}: the bare DELETE it sends is refused with a JSON 400 (client bug); DELETE with {"ids": [...]} deletes the forecast`, async () => {
        const bare = await send(session.site.test, request(operation, session));
        response(bare);
        expect(bare.status, bare.text).toBe(400);
        const full = await send(session.site.test, request(operation, session, { data: operation.body?.(session) }));
        expect(full.status, full.text).toBe(200);
        operation.expectAnswer(response(full), session);
      });
      continue;
    }
    it(`${file}: ${operation.method} ${operation.path} as the class sends it; r.json() and raise_for_status pass and the answer is the vendor's`, async () => {
      // moveHead has no body in the swagger: called without data, the class sends json.dumps("{}").
      const data = operation.id === "moveHead" ? undefined : operation.body?.(session);
      const answer = await send(session.site.test, request(operation, session, { data }));
      const parsed = response(answer);
      expect(answer.status, answer.text).toBe(200);
      operation.expectAnswer(parsed, session);
      remember(operation, parsed, session);
    });
  }

  it(`${REPO}/automic_rest/help.py (deleteClients): /0/system/clients/0 (setArgs fills both placeholders) is refused with a JSON 400 (client bug); from client 0 another client is deleted`, async () => {
    const sent = await send(session.site.test, { method: "DELETE", path: "/0/system/clients/0", headers: pyHeaders(0), body: "" });
    response(sent);
    expect(sent.status, sent.text).toBe(400);
    const meant = await send(session.site.test, { method: "DELETE", path: `/0/system/clients/${CLIENT}`, headers: pyHeaders(0), body: "" });
    expect(meant.status, meant.text).toBe(200);
    expect(response(meant)).toEqual({ run_id: expect.any(Number) });
  });
});
