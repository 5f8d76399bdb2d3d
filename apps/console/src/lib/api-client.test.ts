import { afterEach, describe, expect, it, vi } from "vitest";
import { OutRunId } from "@baton/contract";
import { ApiError, NetworkError, ResponseShapeError, buildUrl, loadSchema, requestJson, requestNoContent } from "./api-client";
import { describeError } from "./describe-error";

function answer(status: number, body: string) {
  vi.stubGlobal("fetch", vi.fn(async () => new Response(body, { status })));
}

afterEach(() => vi.unstubAllGlobals());

describe("api client", () => {
  it("builds query strings without empty values", () => {
    expect(buildUrl("/api/100/executions", { max_results: 50, name: "", status: undefined })).toBe("/api/100/executions?max_results=50");
  });

  it("returns the parsed answer and sends the CSRF header", async () => {
    answer(200, JSON.stringify({ run_id: 7 }));
    await expect(requestJson("/api/100/executions", OutRunId, { method: "POST", body: {}, csrfToken: "t" })).resolves.toEqual({ run_id: 7 });
    const init = vi.mocked(fetch).mock.calls[0]?.[1];
    expect(new Headers(init?.headers).get("x-csrf-token")).toBe("t");
  });

  it("throws ApiError with every validation problem", async () => {
    answer(400, JSON.stringify([{ code: 45115, error: "Object is not executable.", path: "objectName", invalid_value: "X" }]));
    const error = await requestJson("/api/100/executions", OutRunId).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error instanceof ApiError && error.hasCode(45115)).toBe(true);
    expect(describeError(error)).toMatchObject({ title: "objectName: Object is not executable.", lines: [] });
  });

  it("keeps the line and column of a script error", async () => {
    answer(400, JSON.stringify([{ code: 45160, error: "Unknown statement ':SETT'.", path: "script", invalid_value: ":SETT &X# = 1", line: 3, column: 1 }]));
    const error = await requestJson("/api/100/scripts", OutRunId).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, problems: [{ code: 45160, path: "script", line: 3, column: 1 }] });
  });

  it("reads OutError and falls back to the status for other bodies", async () => {
    answer(404, JSON.stringify({ code: 45120, error: "Object not found.", details: "Object 'X' does not exist." }));
    await expect(requestNoContent("/api/100/objects/X")).rejects.toMatchObject({ status: 404, problems: [{ details: "Object 'X' does not exist." }] });
    answer(502, "<html>bad gateway</html>");
    await expect(requestNoContent("/api/100/objects/X")).rejects.toMatchObject({ status: 502, problems: [{ code: null, details: null }] });
  });

  it("checks the answer against a schema loaded while the request is under way", async () => {
    const session = { client: 100, user: "ADMIN", department: "ADMIN", csrf_token: "t", clients: [100] };
    answer(200, JSON.stringify(session));
    await expect(requestJson("/bff/session", loadSchema("OutSession"))).resolves.toEqual(session);
    answer(200, JSON.stringify({ ...session, csrf_token: 7 }));
    await expect(requestJson("/bff/session", loadSchema("OutSession"))).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it("answers NetworkError when the schema's module does not load", async () => {
    answer(200, JSON.stringify({ run_id: 7 }));
    const error = await requestJson("/api/100/executions", Promise.reject(new TypeError("Failed to fetch dynamically imported module"))).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NetworkError);
    // The answer's status still comes first: a 401 stays an ApiError the login guard reads.
    answer(401, JSON.stringify({ code: 45102, error: "Not logged in.", details: "" }));
    await expect(requestJson("/bff/session", Promise.reject(new TypeError("Failed to fetch")))).rejects.toMatchObject({ status: 401 });
  });

  it("tells a contract mismatch and a dead network apart", async () => {
    answer(200, JSON.stringify({ run: 1 }));
    await expect(requestJson("/api/100/executions", OutRunId)).rejects.toBeInstanceOf(ResponseShapeError);
    vi.stubGlobal("fetch", vi.fn(async () => Promise.reject(new TypeError("Failed to fetch"))));
    await expect(requestJson("/api/100/executions", OutRunId)).rejects.toBeInstanceOf(NetworkError);
  });
});
