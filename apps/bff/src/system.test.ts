import { ErrorCode, OutClientList, OutHealthCheck, OutMetrics, OutError, OutProductUsage, OutRunId, OutSystemFeature, OutTelemetryExport, OutTelemetryProductList, Right } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { z } from "zod";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { basic, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "./testing/test-baton";

describe.each(testDialects)("system health, metrics and clients on %s", (dialect) => {
  let test: TestBaton;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    await test.rest("/100/objects", json(jobEnvelope("SYS.OK", ["echo ok"])));
    await test.rest("/100/objects", json(jobEnvelope("SYS.FAIL", ["exit 2"])));
    for (const name of ["SYS.OK", "SYS.OK", "SYS.FAIL"]) {
      const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ object_name: name, execution_option: "execute" }))).json()).run_id;
      await waitForEnd(test, 100, runId);
    }
  });
  afterAll(async () => {
    await test.stop();
  });

  it("is healthy with every process up; details name each instance and count unended executions", async () => {
    const plain = await test.rest("/100/system/health");
    expect(plain.status).toBe(200);
    const health = OutHealthCheck.parse(await plain.json());
    expect(health).toMatchObject({ status: "UP", pwp: { status: "UP", instancesRunning: 1 }, cp: { status: "UP", instancesRunning: 1 }, jwp: { status: "UP" } });
    expect(health.pwp.available).toBeUndefined();
    const detailed = OutHealthCheck.parse(await (await test.rest("/100/system/health?details=true")).json());
    expect(detailed.count_active_executions).toBe(0);
    expect(detailed.cp.available?.[0]).toMatchObject({ name: expect.stringMatching(/-\d+-[0-9a-f]{6}$/), count_of_connections: 0 });
    expect(Date.parse(detailed.pwp.available?.[0]?.last_life_sign ?? "")).toBeGreaterThan(Date.now() - 60_000);
    expect((await test.rest("/100/system/health?details=maybe")).status).toBe(400);
  });

  it("serves Prometheus text that a parser reads, with executions, API latency, agents and the event loop", async () => {
    const response = await test.rest("/100/system/metrics/prometheus?scrapeIntervalSeconds=300");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/plain/);
    const text = await response.text();
    const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
    const value = (name: string, labels: Record<string, string> = {}) =>
      Number(families.get(name)?.metrics.find((metric) => Object.entries(labels).every(([key, v]) => metric.labels?.[key] === v))?.value ?? Number.NaN);
    expect(value("baton_executions_started_total", { type: "JOBS" })).toBe(3);
    expect(value("baton_executions_ended_total", { type: "JOBS", status: "1900" })).toBe(2);
    expect(value("baton_executions_ended_total", { type: "JOBS", status: "1800" })).toBe(1);
    expect(value("baton_executions_ended_in_interval", { outcome: "ok" })).toBe(2);
    expect(value("baton_executions_ended_in_interval", { outcome: "not_ok" })).toBe(1);
    expect(value("baton_executions_active")).toBe(0);
    expect(value("baton_agents_connected")).toBe(1);
    expect(families.get("baton_api_request_duration_seconds")?.type).toBe("HISTOGRAM");
    expect(families.has("baton_nodejs_eventloop_lag_seconds")).toBe(true);
    expect((await test.rest("/100/system/metrics/prometheus?scrapeIntervalSeconds=0")).status).toBe(400);
  });

  it("keeps historic metrics per minute and refuses bad types and times", async () => {
    await test.baton.engine.sampleMetrics();
    // A minute sampled twice by one node (here, or by the timer at the turn of the minute) counts its agents once.
    await test.baton.engine.sampleMetrics();
    const read = async (type: string) => OutMetrics.parse(await (await test.rest(`/100/system/metrics?type=${type}`)).json());
    const values = async (type: string) => (await read(type)).map((entry) => entry.values[type]);
    expect(await values("executions_ended_ok")).toEqual([2]);
    expect((await values("api_requests"))[0]).toBeGreaterThan(3);
    expect(await values("agents_connected")).toEqual([1]);
    const from = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19) + "Z";
    const to = new Date(Date.now() + 60_000).toISOString().slice(0, 19) + "Z";
    expect((await (await test.rest(`/100/system/metrics?type=executions_ended_not_ok&time_frame_from=${from}&time_frame_to=${to}`)).json()) as OutMetrics).toMatchObject([{ values: { executions_ended_not_ok: 1 } }]);
    expect((await test.rest("/100/system/metrics?type=bogus")).status).toBe(400);
    expect((await test.rest("/100/system/metrics")).status).toBe(400);
    expect((await test.rest("/100/system/metrics?type=api_requests&time_frame_from=yesterday")).status).toBe(400);
    expect((await test.rest(`/100/system/metrics?type=api_requests&time_frame_from=${to}&time_frame_to=${from}`)).status).toBe(400);
    // A month is read (the vendor's own example asks for one): nothing was sampled then.
    expect(OutMetrics.parse(await (await test.rest("/100/system/metrics?type=api_requests&time_frame_from=2020-01-01T00:00:00Z&time_frame_to=2020-02-01T00:00:00Z")).json())).toEqual([]);
  });

  it("needs SYSTEM_OVERVIEW for metrics, not for health", async () => {
    const user = { general_attributes: { name: "PLAIN/OPS", type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password: "Plain-pass1" }, privileges: [], authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: Right.READ, auth_group: 1 }] };
    await test.rest("/100/objects", json({ data: { user }, path: "USERS" }));
    const plain = (path: string) => fetch(`${test.baton.restUrl}${path}`, { headers: { authorization: basic("100/PLAIN/OPS:Plain-pass1") } });
    expect((await plain("/100/system/metrics/prometheus")).status).toBe(403);
    expect((await plain("/100/system/metrics?type=api_requests")).status).toBe(403);
    expect((await plain("/100/system/agents")).status).toBe(403);
    expect((await plain("/100/system/health")).status).toBe(200);
  });

  it("exports monthly telemetry and daily product usage from client 0 only; lists the products in any client", async () => {
    const exported = OutTelemetryExport.parse(await (await test.rest("/0/telemetry/export/2")).json());
    expect(exported.months.map((m) => m.month)).toEqual([new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7), new Date().toISOString().slice(0, 7)]);
    expect(exported.months[1]).toMatchObject({ executions: { Job: 3 }, executions_total: 3, agents: 1, users: 1 });
    expect(exported.instance_id).toMatch(/^[0-9a-f-]{36}$/);
    expect((await test.rest("/100/telemetry/export/2")).status).toBe(403);
    expect((await test.rest("/0/telemetry/export/0")).status).toBe(400);
    expect((await test.rest("/0/telemetry/export/121")).status).toBe(400);
    expect(OutTelemetryProductList.parse(await (await test.rest("/0/telemetry/products")).json()).data.map((p) => p.name)).toEqual(["Baton engine", "Baton agent"]);
    expect((await test.rest("/100/telemetry/products")).status).toBe(200);

    // Epoch milliseconds, or seconds with the milliseconds after a dot.
    const now = Date.now();
    const usage = OutProductUsage.parse(await (await test.rest(`/0/productusage?start_date=${Math.floor((now - 86_400_000) / 1000)}.500&end_date=${now}`)).json());
    expect(usage[0]?.instance_id).toBe(exported.instance_id);
    const executions = usage[0]?.usage.filter((u) => u.sku === "BATON-EXECUTIONS") ?? [];
    expect(executions.reduce((sum, u) => sum + u.usage, 0)).toBe(3);
    expect(OutProductUsage.parse(await (await test.rest(`/0/productusage?start_date=${now - 86_400_000}&end_date=${now}&skip=1&limit=2`)).json())[0]?.usage.map((u) => u.sku)).toEqual(["BATON-AGENTS"]);
    for (const query of [`start_date=${now}&end_date=${now - 10}`, "start_date=yesterday&end_date=1", `end_date=${now}`]) {
      expect((await test.rest(`/0/productusage?${query}`)).status, query).toBe(400);
    }
    expect((await test.rest(`/100/productusage?start_date=${now}&end_date=${now}`)).status).toBe(403);
  });

  it("lists features and clients with their counts", async () => {
    const features = z.array(OutSystemFeature).parse(await (await test.rest("/100/system/features")).json());
    expect(features).toEqual(expect.arrayContaining([{ name: "REPOSITORIES", enabled: true, description: expect.any(String) }, { name: "POSTGRESQL", enabled: dialect === "postgres", description: expect.any(String) }]));
    const clients = OutClientList.parse(await (await test.rest("/0/system/clients")).json());
    expect(clients.data.map((c) => c.client)).toEqual([0, 100]);
    expect(clients.data[1]).toMatchObject({ execution_count: 3, user_count: 2 });
    expect(clients.data[1]?.object_count).toBeGreaterThanOrEqual(4);
    // Another client's counts are its own business: client 100 sees itself only.
    expect(OutClientList.parse(await (await test.rest("/100/system/clients")).json()).data.map((c) => c.client)).toEqual([100]);
  });

  it("deletes a client in the background with a CLNTDEL execution that reports what it removed", async () => {
    // Deleting client 0 or the caller's own client conflicts with what is running: 400, code CONFLICT.
    for (const path of ["/0/system/clients/0", "/100/system/clients/100"]) {
      const refused = await test.rest(path, { method: "DELETE" });
      expect([refused.status, OutError.parse(await refused.json()).code]).toEqual([400, ErrorCode.CONFLICT]);
    }
    expect((await test.rest("/0/system/clients/4242", { method: "DELETE" })).status).toBe(404);
    expect((await test.rest("/0/system/clients/abc", { method: "DELETE" })).status).toBe(400);
    const response = await test.rest("/0/system/clients/100", { method: "DELETE" });
    expect(response.status).toBe(200);
    const runId = OutRunId.parse(await response.json()).run_id;
    const ended = await waitForEnd(test, 0, runId);
    expect(ended).toMatchObject({ status: 1900, name: "CLNTDEL.100", type: "CLNTDEL" });
    const act = await reportText(test.rest, 0, runId, "ACT");
    expect(act).toContain("executions: 3 rows deleted");
    expect(act).toContain("Client 100 is deleted.");
    expect((await test.rest("/100/executions")).status).toBe(401);
    expect(OutClientList.parse(await (await test.rest("/0/system/clients")).json()).data.map((c) => c.client)).toEqual([0]);
  });
});
