import { afterEach, describe, expect, it, vi } from "vitest";
import { ApiError, ResponseShapeError, type Parser } from "./api-client";
import { callOperation, operationUrl, UncheckedBody } from "./rest-operations";

/** Answers every request with `status` and `body`; the calls are read from the stub. */
function answer(status: number, body: unknown) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(JSON.stringify(body), { status })));
}

function sent(): { url: string; method: string | undefined; body: unknown; csrf: string | null } {
  const [url, init] = vi.mocked(fetch).mock.calls[0] ?? [];
  return {
    url: String(url),
    method: init?.method,
    body: typeof init?.body === "string" ? JSON.parse(init.body) : undefined,
    csrf: new Headers(init?.headers).get("x-csrf-token"),
  };
}

afterEach(() => vi.unstubAllGlobals());

describe("callOperation", () => {
  it("sends the operation's method to its path below /api, with the query", async () => {
    answer(200, { total: 0, data: [], hasmore: false });
    await expect(callOperation("getExecutions", { params: { client_id: 100 }, query: { max_results: 50, name: "", status: undefined } })).resolves.toMatchObject({ total: 0 });
    expect(sent()).toMatchObject({ url: "/api/100/executions?max_results=50", method: "GET" });
  });

  it("encodes each path parameter as one segment and sends the body as JSON with the CSRF token", async () => {
    answer(200, { run_id: 1002 });
    await callOperation("postExecutionsRunIdStatus", { params: { client_id: 100, run_id: 1001 }, body: { action: "release" }, csrfToken: "t" });
    expect(sent()).toEqual({ url: "/api/100/executions/1001/status", method: "POST", body: { action: "release" }, csrf: "t" });

    answer(200, { total: 0, data: [], hasmore: false });
    await callOperation("getRepositoriesBranchesBranchNameLog", { params: { client_id: 100, branch_name: "feature/x" }, query: { max_results: 5 } });
    expect(sent().url).toBe("/api/100/repositories/branches/feature%2Fx/log?max_results=5");
  });

  it("checks the answer against the operation's answer schema", async () => {
    answer(200, { run: 1 });
    const error = await callOperation("postExecutions", { params: { client_id: 100 }, body: { objectName: "X", executionOption: "execute" } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect(error).toMatchObject({ method: "POST", url: "/api/100/executions" });
  });

  it("reads a checked answer on with `read`, whose refusal is a contract mismatch too", async () => {
    const names: Parser<string[]> = {
      safeParse: (value) =>
        typeof value === "object" && value !== null && !("bad" in value)
          ? { success: true, data: Object.keys(value).sort() }
          : { success: false, error: { issues: [{ path: ["bad"], message: "not a variable" }] } },
    };
    answer(200, { "B#": 1, "A#": "x" });
    await expect(callOperation("getExecutionsRunIdVariables", { params: { client_id: 100, run_id: 7 }, read: names })).resolves.toEqual(["A#", "B#"]);
    answer(200, { bad: 1 });
    await expect(callOperation("getExecutionsRunIdVariables", { params: { client_id: 100, run_id: 7 }, read: names })).rejects.toBeInstanceOf(ResponseShapeError);
    // Not an object at all: the operation's own schema refuses it before `read` sees it.
    answer(200, ["A#"]);
    await expect(callOperation("getExecutionsRunIdVariables", { params: { client_id: 100, run_id: 7 }, read: names })).rejects.toMatchObject({ issues: [expect.not.stringContaining("not a variable")] });
  });

  it("reads a file answer only with `read`", async () => {
    const anything: Parser<unknown> = { safeParse: (value) => ({ success: true, data: value }) };
    answer(200, { path: "\\", data: [] });
    await expect(callOperation("getFolderobjectsFolderPath", { params: { client_id: 100, "*": "\\" }, read: anything })).resolves.toEqual({ path: "\\", data: [] });
    expect(sent().url).toBe("/api/100/folderobjects/%5C");
    await expect(callOperation("getFolderobjectsFolderPath", { params: { client_id: 100, "*": "OPS" } })).rejects.toBeInstanceOf(TypeError);
  });

  it("sends an unchecked body as it is", async () => {
    answer(200, {});
    const envelope = { path: "", data: { anything: [1, "two"] } };
    await expect(callOperation("postObjects", { params: { client_id: 100 }, query: { overwrite_existing_objects: true }, body: new UncheckedBody(envelope) })).resolves.toEqual({});
    expect(sent()).toMatchObject({ url: "/api/100/objects?overwrite_existing_objects=true", method: "POST", body: envelope });
  });

  it("throws ApiError with the URL below /api, which the login guard reads", async () => {
    answer(401, { code: 45102, error: "Not logged in.", details: "" });
    const error = await callOperation("getSystemAgents", { params: { client_id: 100 } }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, method: "GET", url: "/api/100/system/agents" });
  });
});

describe("operationUrl", () => {
  it("is the URL a call of the operation goes to", async () => {
    await expect(operationUrl("getSystemAgentpacksFilename", { client_id: 0, filename: "WIN 01#.zip" })).resolves.toBe("/api/0/system/agentpacks/WIN%2001%23.zip");
    await expect(operationUrl("getSystemHealth", { client_id: 100 }, { details: true })).resolves.toBe("/api/100/system/health?details=true");
  });
});
