import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { request as httpRequest } from "node:http";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ErrorCode, OutAgentPack, OutError, OutRunId, OutValidationError } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { ADMIN, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "../testing/test-baton";

// The status codes and answer bodies the vendor's interface and its real clients expect
// (docs/decisions.md, "Vendor wire behaviour"). Pages and client files each rule rests on:
/** "The REST requests and responses contain JSON structured data." */
const GENERAL_INFO = "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_GeneralInfo.htm";
/** The ping, the health check and the API reference, with their answers. */
const USING = "https://docs.automic.com/documentation/webhelp/english/AA/12.3/DOCU/12.3/Automic%20Automation%20Guides/Content/REST_API/AE_REST_API_Using.htm";
/** Creating agents ("the response has the status 200 OK") and downloading pre-configured agents. */
const AGENTS = "https://docs.automic.com/documentation/webhelp/english/AA/21.0/DOCU/21.0/Automic%20Automation%20Guides/Content/REST_API/AE_REST_API_Using_WorkingWithAgents.htm";
/** Adding a comment, whose length is limited. */
const COMMENTS = "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_CommentsOnExecutions.htm";
/** The Node client: `JSON.parse(body)` of every answer but /ping, inside the request's callback. */
const NODE_CLIENT = "ufopilot/automic-rest-node index.js";
/** The Python client: `r.json()` on every answer (postobjects.py, automic_rest/deleterepository.py, automic_rest/ping.py). */
const PYTHON_CLIENT = "KrumGanev/automic_rest postobjects.py, automic_rest/deleterepository.py";
/** HEAD is GET without the body (RFC 9110 9.3.2); a JAX-RS runtime answers it with the GET method. */
const HEAD_RULE = "https://docs.oracle.com/cd/E19776-01/820-4867/ggqnr/index.html";

const GIT_ENV = { ...process.env, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" };
const Empty = z.object({}).strict();
const Problems = z.union([OutError, z.array(OutValidationError).min(1)]);

interface DocumentOperation {
  method: string;
  /** The document's path template, e.g. `/{client_id}/executions/{run_id}`. */
  template: string;
  responses: Record<string, { content?: Record<string, unknown> }>;
}

/** Every operation of the OpenAPI document. */
function operationsOf(document: unknown): DocumentOperation[] {
  const paths = z.object({ paths: z.record(z.string(), z.record(z.string(), z.object({ responses: z.record(z.string(), z.object({ content: z.record(z.string(), z.unknown()).optional() })) }))) }).parse(document).paths;
  return Object.entries(paths).flatMap(([template, methods]) => Object.entries(methods).map(([method, operation]) => ({ method: method.toUpperCase(), template, responses: operation.responses })));
}

/** A raw HTTP/1.1 exchange: what node:http refuses never reaches fetch's happy path. */
function rawExchange(url: string, text: string): Promise<{ status: number; head: string; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.write(text));
    const chunks: Buffer[] = [];
    socket.on("data", (chunk: Buffer) => chunks.push(chunk));
    socket.on("error", reject);
    socket.on("close", () => {
      const answer = Buffer.concat(chunks).toString("utf8");
      const at = answer.indexOf("\r\n\r\n");
      resolve({ status: Number(answer.slice(9, 12)), head: answer.slice(0, at), body: answer.slice(at + 4) });
    });
  });
}

/** A request with one header larger than node:http reads (16 KiB by default). */
function withHugeHeader(url: string): Promise<{ status: number; type: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const sent = httpRequest(url, { headers: { authorization: ADMIN, "x-padding": "a".repeat(32 * 1024) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve({ status: response.statusCode ?? 0, type: response.headers["content-type"], body: Buffer.concat(chunks).toString("utf8") }));
    });
    sent.on("error", reject);
    sent.end();
  });
}

/** The headers a HEAD must repeat from its GET. */
const COMPARED_HEADERS = ["content-type", "content-length", "content-disposition", "cache-control", "x-content-type-options", "allow", "www-authenticate", "retry-after", "location"];

describe.each(testDialects)("status codes and answer bodies on %s", (dialect) => {
  let test: TestBaton;
  let temp: string;
  let operations: DocumentOperation[];
  let runId: number;
  let pack: OutAgentPack;

  beforeAll(async () => {
    temp = mkdtempSync(join(tmpdir(), "baton-status-codes-"));
    const remote = join(temp, "remote.git");
    execFileSync("git", ["init", "--quiet", "--bare", remote], { env: GIT_ENV });
    test = await startTestBaton(dialect, { BATON_REPOSITORY_ROOTS: temp });
    operations = operationsOf(await (await fetch(`${test.baton.restUrl}/openapi.json`)).json());
    expect((await test.rest("/100/objects", json(jobEnvelope("SC.JOB", ["echo status codes"])))).status).toBe(200);
    runId = OutRunId.parse(await (await test.rest("/100/executions", json({ object_name: "SC.JOB" }))).json()).run_id;
    await waitForEnd(test, 100, runId);
    expect((await test.rest("/100/system/agents", json({ name: "SC.AGENT", template: "<UNIX>" }))).status).toBe(200);
    expect((await test.rest("/100/repositories", json({ repository_url: remote, branch: "main" }))).status).toBe(200);
    const made = await test.rest("/100/system/agentpacks", json({ name: "SC.PACK" }));
    expect(made.status).toBe(201);
    pack = OutAgentPack.parse(await made.json());
  });
  afterAll(async () => {
    await test.stop();
    rmSync(temp, { recursive: true, force: true });
  });

  /** A URL of `template` with a value for each path parameter that names something that exists. */
  function urlOf(template: string): string {
    const values: Record<string, string> = {
      client_id: "100",
      run_id: String(runId),
      report_type: "REP",
      event_name: "E1",
      forecast_id: "1",
      branch_name: "main",
      filename: pack.filename,
      folder_path: "TESTS",
      start_from: "1",
      object_name: template.includes("/system/agents/") ? "SC.AGENT" : template.includes("/ra-solutions/") ? "SC.NONE" : "SC.JOB",
    };
    return `${test.baton.restUrl}${template.replace(/\{([a-z_]+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? "1"))}`;
  }

  // The Node client's postObjects never settled on the empty 200 POST /objects used to answer; the
  // vendor's ping shows "No payload", and `{}` keeps the Python client's r.json() of it working.
  it(`every 200 and 201 carries a body, JSON where there is nothing else to send (${GENERAL_INFO}; ${USING}; ${NODE_CLIENT}; ${PYTHON_CLIENT})`, async () => {
    const bare: string[] = [];
    for (const operation of operations) {
      for (const [status, response] of Object.entries(operation.responses)) {
        if (status.startsWith("2") && Object.keys(response.content ?? {}).length === 0) bare.push(`${operation.method} ${operation.template} → ${status}`);
      }
    }
    expect(bare).toEqual([]);
    expect(operations.flatMap((o) => Object.keys(o.responses).filter((status) => status === "204").map(() => `${o.method} ${o.template}`))).toEqual([]);

    // Every GET that answers 200 does so with a body of its declared type; a JSON one parses.
    const empty: string[] = [];
    for (const operation of operations.filter((o) => o.method === "GET")) {
      const response = await fetch(urlOf(operation.template), { headers: { authorization: ADMIN } });
      const text = await response.text();
      if (response.status !== 200) continue;
      if (text === "" || (response.headers.get("content-type") === "application/json" && !z.string().transform((t) => JSON.parse(t) as unknown).safeParse(text).success)) empty.push(operation.template);
    }
    expect(empty).toEqual([]);

    // The successes that have nothing to report answer {} (they answered nothing before).
    const acknowledged: Array<[string, RequestInit]> = [
      ["/100/objects?overwrite_existing_objects=true", json(jobEnvelope("SC.JOB", ["echo status codes"]))],
      ["/100/system/agents", json({ name: "SC.AGENT2", template: "<WIN>" })],
      ["/100/system/agents/SC.AGENT2/rename", json({ new_name: "SC.AGENT3" })],
      ["/100/system/agents/SC.AGENT3/renew_transferkey", { method: "POST" }],
      ["/100/system/agents/SC.AGENT3/resetpublickey", { method: "POST" }],
      ["/100/system/agents/SC.AGENT3", { method: "DELETE" }],
      ["/100/repositories/merge", { method: "DELETE" }],
      [`/100/users/${encodeURIComponent("ADMIN/ADMIN")}/unlock`, { method: "POST" }],
    ];
    for (const [path, init] of acknowledged) {
      const response = await test.rest(path, init);
      expect([path, response.status, response.headers.get("content-type"), Empty.parse(await response.json())]).toEqual([path, 200, "application/json", {}]);
    }
    const ping = await fetch(`${test.baton.restUrl}/ping`);
    expect([ping.status, ping.headers.get("content-type"), await ping.text()]).toEqual([200, "application/json", "{}"]);
  });

  // The installer scripts of pre-configured agents download whatever `Location` names.
  it(`POST /system/agentpacks answers 201 with the link also as Location (${AGENTS})`, async () => {
    const made = await test.rest("/100/system/agentpacks", json({ platform: "UNIX", operating_system: "Linux", operating_system_architecture: "x64", name: "SC.PACK2" }));
    expect(made.status).toBe(201);
    const body = OutAgentPack.parse(await made.json());
    // As the installer scripts do: `curl --dump-header - ... | grep -i location`, then `curl "$LOCATION"`.
    const location = made.headers.get("location") ?? "";
    expect(location).toBe(`${test.baton.url}${body.link}`);
    const zip = await fetch(location, { headers: { authorization: ADMIN } });
    expect([zip.status, zip.headers.get("content-type")]).toEqual([200, "application/octet-stream"]);
    expect((await zip.arrayBuffer()).byteLength).toBeGreaterThan(0);
  });

  it(`answers no 409: a conflict is a 400 whose code says what conflicts (${GENERAL_INFO})`, async () => {
    expect(operations.filter((o) => o.responses["409"] !== undefined).map((o) => `${o.method} ${o.template}`)).toEqual([]);
    const exists = await test.rest("/100/objects", json(jobEnvelope("SC.JOB", ["echo again"])));
    expect([exists.status, OutError.parse(await exists.json()).code]).toEqual([400, ErrorCode.OBJECT_EXISTS]);
    const agent = await test.rest("/100/system/agents", json({ name: "SC.AGENT", template: "<UNIX>" }));
    expect([agent.status, OutError.parse(await agent.json()).code]).toEqual([400, ErrorCode.CONFLICT]);
    const client = await test.rest("/100/system/clients/100", { method: "DELETE" });
    expect([client.status, OutError.parse(await client.json()).code]).toEqual([400, ErrorCode.CONFLICT]);
  });

  // No vendor page covers repositories; the interface's table answers 200, and both clients parse the answer.
  it(`DELETE /repositories/merge outside a merge answers 200 with {} and changes nothing (${PYTHON_CLIENT}; ${NODE_CLIENT})`, async () => {
    const before = await (await test.rest("/100/repositories")).json();
    const aborted = await test.rest("/100/repositories/merge", { method: "DELETE" });
    expect([aborted.status, await aborted.json()]).toEqual([200, {}]);
    expect(await (await test.rest("/100/repositories")).json()).toEqual(before);
  });

  it(`answers HEAD wherever it answers GET: the same status and headers, no body (${HEAD_RULE})`, async () => {
    const differences: string[] = [];
    // Issuing an agent's key is a change the interface makes a GET: HEAD would make it and drop the key.
    const issuesKey = (o: { template: string }) => o.template.endsWith("/{object_name}/authentication_package");
    const gets = operations.filter((o) => o.method === "GET" && !issuesKey(o));
    expect(gets.length).toBeGreaterThan(30);
    for (const operation of gets) {
      const url = urlOf(operation.template);
      const head = await fetch(url, { method: "HEAD", headers: { authorization: ADMIN } });
      const get = await fetch(url, { headers: { authorization: ADMIN } });
      await get.arrayBuffer();
      const headBody = await head.text();
      if (head.status !== get.status) differences.push(`${operation.template}: HEAD ${head.status}, GET ${get.status}`);
      if (headBody !== "") differences.push(`${operation.template}: HEAD carried ${headBody.length} bytes`);
      for (const name of COMPARED_HEADERS) {
        // The Prometheus text counts the requests themselves: its length moves from one to the next.
        if (name === "content-length" && operation.template.endsWith("/metrics/prometheus")) continue;
        if (head.headers.get(name) !== get.headers.get(name)) differences.push(`${operation.template}: ${name} HEAD ${head.headers.get(name)}, GET ${get.headers.get(name)}`);
      }
    }
    expect(differences).toEqual([]);
    // The router's own answers too: an unknown path, a wrong login, and Allow naming HEAD beside GET.
    for (const [path, authorization] of [["/100/nothing-here", ADMIN], ["/100/executions", "Basic eDp5"]] as const) {
      const head = await fetch(`${test.baton.restUrl}${path}`, { method: "HEAD", headers: { authorization } });
      const get = await fetch(`${test.baton.restUrl}${path}`, { headers: { authorization } });
      expect([head.status, head.headers.get("content-type"), await head.text()]).toEqual([get.status, get.headers.get("content-type"), ""]);
    }
    for (const operation of operations.filter((o) => o.method === "GET" && issuesKey(o))) {
      const head = await fetch(urlOf(operation.template), { method: "HEAD", headers: { authorization: ADMIN } });
      expect([operation.template, head.status, head.headers.get("allow")]).toEqual([operation.template, 405, "GET"]);
    }
    const wrong = await test.rest("/100/executions", { method: "PUT" });
    expect([wrong.status, wrong.headers.get("allow"), OutError.parse(await wrong.json()).code]).toEqual([405, "GET, HEAD, POST", ErrorCode.METHOD_NOT_ALLOWED]);
  });

  it(`answers every refusal with an OutError, also 413, 431 and what node:http refuses before routing (${GENERAL_INFO})`, async () => {
    const tooLarge = await test.rest("/100/executions", { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify({ object_name: "SC.JOB", padding: "x".repeat(1024 * 1024) }) });
    expect([tooLarge.status, tooLarge.headers.get("content-type"), OutError.parse(await tooLarge.json()).code]).toEqual([413, "application/json", ErrorCode.PAYLOAD_TOO_LARGE]);

    const headers = await withHugeHeader(`${test.baton.restUrl}/100/executions`);
    expect([headers.status, headers.type, OutError.parse(JSON.parse(headers.body)).code]).toEqual([431, "application/json", ErrorCode.HEADERS_TOO_LARGE]);

    const garbage = await rawExchange(test.baton.restUrl, "NOT HTTP AT ALL\r\n\r\n");
    expect([garbage.status, /content-type: application\/json/i.test(garbage.head), OutError.parse(JSON.parse(garbage.body)).code]).toEqual([400, true, ErrorCode.MALFORMED_BODY]);

    const upgrade = await rawExchange(test.baton.restUrl, "GET /ae/api/v1/ping HTTP/1.1\r\nHost: baton\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\r\n");
    expect([upgrade.status, OutError.parse(JSON.parse(upgrade.body)).code]).toEqual([404, ErrorCode.NOT_FOUND]);

    const refusals: Array<[string, RequestInit, number]> = [
      ["/100/nothing-here", {}, 404],
      ["/100/executions", { method: "PATCH" }, 405],
      ["/100/executions", { headers: { authorization: "Basic eDp5" } }, 401],
      ["/100/executions", { method: "POST", headers: { "content-type": "application/json" }, body: "{not json" }, 400],
    ];
    for (const [path, init, status] of refusals) {
      const response = await fetch(`${test.baton.restUrl}${path}`, { ...init, headers: { authorization: ADMIN, ...init.headers } });
      expect([path, response.status, response.headers.get("content-type"), Problems.safeParse(await response.json()).success]).toEqual([path, status, "application/json", true]);
    }
  });

  it(`repeats the value sent as invalid_value, not a piece of it (${COMMENTS})`, async () => {
    const comment = `${"A long comment. ".repeat(200)}END`;
    const refused = await test.rest(`/100/executions/${runId}/comments`, json({ comment }));
    expect(refused.status).toBe(400);
    expect(z.array(OutValidationError).parse(await refused.json())).toEqual([expect.objectContaining({ code: ErrorCode.COMMENT_PROPERTY_INVALID, path: "comment", invalid_value: comment })]);

    // A value of megabytes is not repeated (bodies of imports may be 50 MiB): null, and the error says why.
    const huge = "x".repeat(2 * 1024 * 1024);
    const imported = await test.rest("/100/objects", json({ data: huge, path: "" }));
    expect(imported.status).toBe(400);
    const issues = z.array(OutValidationError).parse(await imported.json());
    expect(issues).toEqual([expect.objectContaining({ path: "data", invalid_value: null, error: expect.stringContaining("too large to repeat") })]);
  });
});
