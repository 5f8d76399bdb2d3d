import { ErrorCode, OutExecutionList, OutObject, OutReport, OutRunId, type OutExecution } from "@baton/contract";
import { z } from "zod";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { ADMIN, ADMIN_PASSWORD, basic, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

describe.each(testDialects)("REST API on %s", (dialect) => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton(dialect);
  });
  afterAll(async () => {
    await test.stop();
  });

  async function execute(name: string): Promise<number> {
    const response = await test.rest("/100/executions", json({ objectName: name, executionOption: "execute" }));
    expect(response.status).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  }

  async function count(client = 100): Promise<number> {
    const list = OutExecutionList.parse(await (await test.rest(`/${client}/executions`)).json());
    return list.total;
  }

  describe("authentication", () => {
    it("answers /ping without login and with the empty JSON object", async () => {
      const response = await fetch(`${test.baton.restUrl}/ping`);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(await response.text()).toBe("{}");
    });

    it.each([
      ["no login data", undefined],
      ["a wrong password", basic("ADMIN/ADMIN:wrong")],
      ["an unknown user", basic("NOBODY/ADMIN:x")],
      ["an unknown department", basic(`ADMIN/OPS:${ADMIN_PASSWORD}`)],
      ["another client in the login", basic(`0/ADMIN/ADMIN:${ADMIN_PASSWORD}`)],
    ])("refuses %s with 401 OutError", async (_, authorization) => {
      const response = await fetch(`${test.baton.restUrl}/100/executions`, { headers: authorization ? { authorization } : {} });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Basic/);
      expect(await response.json()).toMatchObject({ code: ErrorCode.UNAUTHORIZED, error: expect.any(String), details: expect.any(String) });
    });

    it.each([`ADMIN:${ADMIN_PASSWORD}`, `ADMIN/ADMIN:${ADMIN_PASSWORD}`, `100/ADMIN/ADMIN:${ADMIN_PASSWORD}`, `admin/admin:${ADMIN_PASSWORD}`])("accepts %s", async (userPass) => {
      const response = await fetch(`${test.baton.restUrl}/100/executions`, { headers: { authorization: basic(userPass) } });
      expect(response.status).toBe(200);
    });

    it("accepts the password as UTF-8 as well as ISO-8859-1 (curl in a UTF-8 terminal sends it so)", async () => {
      const utf8 = `Basic ${Buffer.from(`ADMIN/ADMIN:${ADMIN_PASSWORD}`, "utf8").toString("base64")}`;
      expect((await fetch(`${test.baton.restUrl}/100/executions`, { headers: { authorization: utf8 } })).status).toBe(200);
    });
  });

  describe("objects", () => {
    it("imports a job and exports it in the same format", async () => {
      const envelope = jobEnvelope("OBJ.ROUNDTRIP", ["echo x"], { custom_member: { kept: ["1", 2] } });
      const imported = await test.rest("/100/objects", json(envelope));
      expect(imported.status).toBe(200);
      const response = await test.rest("/100/objects/obj.roundtrip");
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ total: 1, data: envelope.data, path: "TESTS", client: 100, hasmore: false });
    });

    it("refuses to replace an existing object unless asked, changing nothing", async () => {
      await test.rest("/100/objects", json(jobEnvelope("OBJ.EXISTING", ["echo first"])));
      const again = await test.rest("/100/objects", json(jobEnvelope("OBJ.EXISTING", ["echo second"])));
      expect(again.status).toBe(400);
      expect(await again.json()).toMatchObject({ code: ErrorCode.OBJECT_EXISTS });
      const kept = OutObject.parse(await (await test.rest("/100/objects/OBJ.EXISTING")).json());
      expect(kept.data["jobs"]?.["scripts"]).toEqual([{ process: ["echo first"] }]);
      const replaced = await test.rest("/100/objects?overwrite_existing_objects=true", json(jobEnvelope("OBJ.EXISTING", ["echo second"])));
      expect(replaced.status).toBe(200);
      expect(OutObject.parse(await (await test.rest("/100/objects/OBJ.EXISTING")).json()).data["jobs"]?.["scripts"]).toEqual([{ process: ["echo second"] }]);
    });

    it("stores any type losslessly and USER objects by their URL-encoded NAME/DEPT", async () => {
      const vara = { data: { vara: { general_attributes: { name: "VARA.SETTINGS", type: "VARA" }, static_values: [{ key: "K", value1: "é" }] } }, path: "" };
      expect((await test.rest("/100/objects", json(vara))).status).toBe(200);
      expect(OutObject.parse(await (await test.rest("/100/objects/VARA.SETTINGS")).json()).data).toEqual(vara.data);
      const admin = await test.rest(`/100/objects/${encodeURIComponent("ADMIN/ADMIN")}`);
      expect(admin.status).toBe(200);
      expect(JSON.stringify(await admin.json())).not.toMatch(/password|scrypt/i);
    });

    it.each([
      ["malformed JSON", { method: "POST", body: '{"data": ' }, 400, { code: ErrorCode.MALFORMED_BODY }],
      ["an empty body", { method: "POST" }, 400, { code: ErrorCode.MALFORMED_BODY }],
      ["a bad name", json(jobEnvelope("bad name!", [])), 400, [{ code: ErrorCode.INVALID_OBJECT_NAME, path: "data.jobs.general_attributes.name", invalid_value: "bad name!" }]],
      ["a job without agent", json({ data: { jobs: { general_attributes: { name: "NO.AGENT" }, job_attributes: {} } } }), 400, [{ path: "data.jobs.job_attributes.agent" }]],
      ["an envelope without data", json({ path: "" }), 400, [{ code: ErrorCode.INVALID_REQUEST, path: "data" }]],
    ])("refuses %s and writes nothing", async (_, init, status, body) => {
      const response = await test.rest("/100/objects", init);
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject(body);
      expect((await test.rest("/100/objects/NO.AGENT")).status).toBe(404);
    });

    it("answers 404 OutError for a missing object", async () => {
      const response = await test.rest("/100/objects/NOT.THERE");
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ code: ErrorCode.OBJECT_NOT_FOUND, details: expect.stringContaining("NOT.THERE") });
    });

    it("refuses a body over the limit with 413", async () => {
      const response = await test.rest("/100/executions", json({ objectName: "X", executionOption: "execute", inputs: { A: "x".repeat(1024 * 1024 + 1) } }));
      expect(response.status).toBe(413);
      expect(await response.json()).toMatchObject({ code: ErrorCode.PAYLOAD_TOO_LARGE });
    });
  });

  describe("executions", () => {
    it("runs a job on the embedded agent: status, times, variables substituted, REP and ACT reports", async () => {
      await test.rest("/100/objects", json(jobEnvelope("EXEC.OK", ["echo hello &WHO#", "echo to-stderr >&2"], { object_variables: [{ name: "&WHO#", value: "wörld" }] })));
      const runId = await execute("EXEC.OK");
      const execution = await waitForEnd(test, 100, runId);
      expect(execution).toMatchObject({
        name: "EXEC.OK",
        type: "JOBS",
        queue: "CLIENT_QUEUE",
        run_id: runId,
        status: 1900,
        status_text: "ENDED_OK - ended normally",
        user: "ADMIN/ADMIN",
        agent: "LOCAL",
        platform: "UNIX",
        return_code: 0,
        reference_run_id: 0,
      });
      expect(Date.parse(execution.end_time ?? "")).toBeGreaterThanOrEqual(Date.parse(execution.start_time ?? ""));
      const reports = z.array(OutReport).parse(await (await test.rest(`/100/executions/${runId}/reports`)).json());
      expect(reports.map((r) => r.type)).toEqual(["ACT", "REP"]);
      expect(reports[0]).toMatchObject({ is_db: true, is_xml: false, end_timestamp: expect.stringMatching(/Z$/) });
      const rep = await (await test.rest(`/100/executions/${runId}/reports/REP`)).json();
      expect(rep).toEqual({ total: 1, data: [{ page: 1, content: "hello wörld\nto-stderr\n" }], hasmore: false });
      const act = await reportText(test.rest, 100, runId, "act");
      expect(act).toContain(`activated with RunID '${runId}'`);
      expect(act).toContain("ENDED_OK");
    });

    it("keeps the return code of a failing job and ends it ENDED_NOT_OK", async () => {
      await test.rest("/100/objects", json(jobEnvelope("EXEC.FAIL", ["echo failing", "exit 3"])));
      const execution = await waitForEnd(test, 100, await execute("EXEC.FAIL"));
      expect(execution).toMatchObject({ status: 1800, status_text: "ENDED_NOT_OK - aborted", return_code: 3 });
    });

    it("kills a job that exceeds its maximum runtime (mrt_time) and ends it ENDED_ESCALATED", async () => {
      const envelope = jobEnvelope("EXEC.MRT", ["echo started", "sleep 30"]);
      await test.rest("/100/objects", json({ ...envelope, data: { jobs: { ...envelope.data.jobs, general_attributes: { ...envelope.data.jobs.general_attributes, mrt_time: "1" } } } }));
      const runId = await execute("EXEC.MRT");
      const execution = await waitForEnd(test, 100, runId, 10_000);
      expect(execution).toMatchObject({ status: 1856, status_text: "ENDED_ESCALATED - aborted because of escalation" });
      expect(Date.parse(execution.end_time ?? "") - Date.parse(execution.start_time ?? "")).toBeLessThan(5000);
      const act = await reportText(test.rest, 100, runId, "ACT");
      expect(act).toContain("max runtime of 1 s exceeded");
    });

    it("ends a job for an unknown agent with FAULT_NO_HOST and says why", async () => {
      const envelope = jobEnvelope("EXEC.NOHOST", ["echo never"]);
      envelope.data.jobs.job_attributes.agent = "ELSEWHERE";
      await test.rest("/100/objects", json(envelope));
      const runId = await execute("EXEC.NOHOST");
      expect(await waitForEnd(test, 100, runId)).toMatchObject({ status: 1821 });
      const act = await reportText(test.rest, 100, runId, "ACT");
      expect(act).toContain("Agent 'ELSEWHERE' is not connected");
    });

    it("accepts the snake_case body older clients send", async () => {
      await test.rest("/100/objects", json(jobEnvelope("EXEC.SNAKE", ["true"])));
      const response = await test.rest("/100/executions", json({ object_name: "exec.snake", execution_option: "execute" }));
      expect(response.status).toBe(200);
      const { run_id } = OutRunId.parse(await response.json());
      expect(await waitForEnd(test, 100, run_id)).toMatchObject({ name: "EXEC.SNAKE", status: 1900 });
    });

    it.each([
      ["a bad object name", { objectName: "no such name!", executionOption: "execute" }, 400, [{ code: 45113, path: "object_name" }]],
      ["a bad execution option", { objectName: "EXEC.OK", executionOption: "sometime" }, 400, [{ code: 45114, path: "execution_option", invalid_value: "sometime" }]],
      ["a missing object name", { executionOption: "execute" }, 400, [{ code: 45113, path: "object_name", invalid_value: null }]],
      ["an object that is not executable", { objectName: "VARA.SETTINGS", executionOption: "execute" }, 400, [{ code: 45115, path: "object_name" }]],
      ["an object that does not exist", { objectName: "NOT.THERE", executionOption: "execute" }, 404, { code: ErrorCode.OBJECT_NOT_FOUND }],
    ])("refuses %s and starts nothing", async (_, body, status, expected) => {
      await test.rest("/100/objects", json({ data: { vara: { general_attributes: { name: "VARA.SETTINGS" } } }, path: "" }));
      const before = await count();
      const response = await test.rest("/100/executions", json(body));
      expect(response.status).toBe(status);
      expect(await response.json()).toMatchObject(expected);
      expect(await count()).toBe(before);
    });

    it("lists newest first with filters, paging fields and the default page size", async () => {
      await test.rest("/100/objects", json(jobEnvelope("LIST.A", ["true"])));
      await test.rest("/100/objects", json(jobEnvelope("LIST.B", ["exit 1"])));
      const first = await execute("LIST.A");
      const second = await execute("LIST.B");
      await waitForEnd(test, 100, first);
      await waitForEnd(test, 100, second);
      const all = OutExecutionList.parse(await (await test.rest("/100/executions?name=LIST.*")).json());
      expect(all).toMatchObject({ total: 2, hasmore: false });
      expect(all.data.map((e) => e.run_id)).toEqual([second, first]);
      const page = OutExecutionList.parse(await (await test.rest("/100/executions?name=list.*&max_results=1")).json());
      expect(page).toMatchObject({ total: 2, hasmore: true });
      expect(page.data.map((e) => e.run_id)).toEqual([second]);
      const failed = OutExecutionList.parse(await (await test.rest("/100/executions?name=LIST.*&status=1800-1899")).json());
      expect(failed.data.map((e) => e.name)).toEqual(["LIST.B"]);
      const ok = OutExecutionList.parse(await (await test.rest("/100/executions?status=ANY_OK&type=Job,JOBS&name=LIST*")).json());
      expect(ok.data.map((e) => e.name)).toEqual(["LIST.A"]);
      const none = OutExecutionList.parse(await (await test.rest("/100/executions?type=JOBP")).json());
      expect(none).toEqual({ total: 0, data: [], hasmore: false });
      const everything = OutExecutionList.parse(await (await test.rest("/100/executions")).json());
      expect(everything.data.length).toBe(Math.min(50, everything.total));
    });

    it.each([
      ["max_results=0", "max_results"],
      ["max_results=abc", "max_results"],
      ["status=bogus", "status"],
    ])("refuses the query %s with a validation error", async (query, path) => {
      const response = await test.rest(`/100/executions?${query}`);
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual([expect.objectContaining({ path, code: ErrorCode.INVALID_REQUEST })]);
    });

    it("answers 404 for unknown run ids and reports, 400 for malformed ones", async () => {
      expect(await (await test.rest("/100/executions/99999")).json()).toMatchObject({ code: 11049, details: expect.stringContaining("99999") });
      expect((await test.rest("/100/executions/99999/reports")).status).toBe(404);
      const runId = OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1")).json()).data[0]?.run_id;
      expect((await test.rest(`/100/executions/${runId}/reports/POST?start_at=0`)).status).toBe(404);
      expect((await test.rest("/100/executions/abc")).status).toBe(400);
      expect((await test.rest(`/100/executions/${runId}/reports/..%2F..`)).status).toBe(400);
    });

    it("keeps clients apart: client 0 sees none of client 100's executions or objects", async () => {
      expect(await count(100)).toBeGreaterThan(0);
      expect(await count(0)).toBe(0);
      const runId = OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1")).json()).data[0]?.run_id;
      expect((await test.rest(`/0/executions/${runId}`)).status).toBe(404);
      expect((await test.rest(`/0/executions/${runId}/reports/REP?start_at=0`)).status).toBe(404);
      expect((await test.rest("/0/objects/EXEC.OK")).status).toBe(404);
      const response = await test.rest("/0/executions", json({ objectName: "EXEC.OK", executionOption: "execute" }));
      expect(response.status).toBe(404);
    });
  });

  describe("routing", () => {
    it("answers unknown routes with 404 and wrong methods with 405, as OutError", async () => {
      const unknown = await test.rest("/100/unknown");
      expect(unknown.status).toBe(404);
      expect(await unknown.json()).toMatchObject({ code: ErrorCode.NOT_FOUND });
      const wrong = await test.rest("/100/executions", { method: "DELETE" });
      expect(wrong.status).toBe(405);
      // HEAD is answered wherever GET is, so Allow names it beside GET.
      expect(wrong.headers.get("allow")).toBe("GET, HEAD, POST");
      expect(await wrong.json()).toMatchObject({ code: ErrorCode.METHOD_NOT_ALLOWED });
    });

    it("refuses a client number out of range", async () => {
      expect((await fetch(`${test.baton.restUrl}/10000/executions`, { headers: { authorization: ADMIN } })).status).toBe(401);
    });
  });

  it("sees executions as OutExecution with UTC times in whole seconds", async () => {
    const list = OutExecutionList.parse(await (await test.rest("/100/executions?max_results=1")).json());
    const execution: OutExecution | undefined = list.data[0];
    expect(execution?.activation_time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
  });
});
