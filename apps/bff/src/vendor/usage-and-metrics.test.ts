import { OutError, OutMetrics, OutProductUsage, OutRunId, OutTelemetryProductList, OutValidationError, Right, type VendorMetricType } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { basic, jobEnvelope, json, startTestBaton, waitForEnd, type TestBaton } from "../testing/test-baton";

/** The vendor's pages and the public client these tests are written from. */
const USAGE_DATA =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_Telemetry.htm";
const PERFORMANCE_METRICS =
  "https://docs.automic.com/documentation/webhelp/english/ALL/components/DOCU/21.0.4/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_SystemMetrics.htm";
/** The vendor's swagger as the generated Python client holds it (telemetry: productList, exportTelemetry). */
const SWAGGER_TELEMETRY = "https://github.com/KrumGanev/automic_rest/blob/master/automic_rest/help.py";

const DAY_MS = 86_400_000;
const WHOLE_SECONDS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;
const PLAIN_LOGIN = basic("0/PLAIN/OPS:Plain-pass1");

/** The documented metric types, with the names each answers in `values` (TimevsDB's are the vendor's own). */
const VALUE_NAMES: Record<VendorMetricType, string[]> = {
  MsgDist: ["api_requests", "executions_ended_not_ok", "executions_ended_ok", "executions_started"],
  TimevsDB: ["db", "time"],
  MQCount: ["active_executions", "waiting_executions"],
  MQLength: ["waiting_executions"],
  MsgTime: ["mean_ms", "p50_ms", "p99_ms"],
  BusyValues: ["busy"],
  JwpThreadUtilization: ["requests", "utilization"],
};

/** An epoch time in milliseconds written as the vendor's first spelling: seconds, a dot, the milliseconds. */
const dotted = (ms: number) => `${Math.floor(ms / 1000)}.${String(ms % 1000).padStart(3, "0")}`;

describe.each(testDialects)("vendor: product usage and metrics on %s", (dialect) => {
  let test: TestBaton;
  /** Before the two jobs ran, with milliseconds that are not zero. */
  let before: number;

  beforeAll(async () => {
    test = await startTestBaton(dialect);
    before = Date.now() - 60_000 - 179;
    await test.rest("/100/objects", json(jobEnvelope("VENDOR.USAGE.OK", ["echo ok"])));
    for (let i = 0; i < 2; i++) {
      const runId = OutRunId.parse(await (await test.rest("/100/executions", json({ object_name: "VENDOR.USAGE.OK", execution_option: "execute" }))).json()).run_id;
      await waitForEnd(test, 100, runId);
    }
    const user = { general_attributes: { name: "PLAIN/OPS", type: "USER" }, user_attributes: { is_active: "1", is_locked: "0", password: "Plain-pass1" }, privileges: [], authorizations: [{ filter_object_type: "*", filter_object_name: "*", bitcode: Right.READ, auth_group: 1 }] };
    expect((await test.rest("/0/objects", json({ data: { user }, path: "USERS" }))).status).toBeLessThan(300);
    await test.baton.engine.sampleMetrics();
  }, 60_000);
  afterAll(async () => {
    await test.stop();
  });

  async function usage(query: string): Promise<OutProductUsage> {
    const response = await test.rest(`/0/productusage?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutProductUsage.parse(await response.json());
  }

  async function metrics(query: string, client = 0): Promise<OutMetrics> {
    const response = await test.rest(`/${client}/system/metrics?${query}`);
    expect(response.status, await response.clone().text()).toBe(200);
    return OutMetrics.parse(await response.json());
  }

  it(`${USAGE_DATA}: the example request (start_date=1639218246.821&end_date=1641896646821) answers [{instance_id, product, product_version, usage}]`, async () => {
    const body: unknown = await (await test.rest("/0/productusage?start_date=1639218246.821&end_date=1641896646821")).json();
    expect(Array.isArray(body)).toBe(true);
    const [report] = OutProductUsage.parse(body);
    expect(Object.keys(report ?? {}).sort()).toEqual(["instance_id", "product", "product_version", "usage"]);
    expect(report?.instance_id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    expect(report?.product).toBe("Baton");
    expect(report?.product_version).toMatch(/^\d+\.\d+\.\d+/);
    // Nothing ran between December 2021 and January 2022.
    expect(report?.usage).toEqual([]);
  });

  it(`${USAGE_DATA}: start_date and end_date are required together, epoch times with milliseconds (seconds.millis or millis), both spellings the same instant`, async () => {
    const end = Date.now() + 60_000;
    const dottedStart = await usage(`start_date=${dotted(before)}&end_date=${end}`);
    const millisStart = await usage(`start_date=${before}&end_date=${dotted(end)}`);
    expect(millisStart).toEqual(dottedStart);
    expect(dottedStart[0]?.usage.map((record) => record.sku)).toEqual(["BATON-EXECUTIONS", "BATON-AGENTS"]);
    // A range that ends before the jobs ran, by one millisecond written either way, holds none of them.
    expect((await usage(`start_date=${dotted(before - 1000)}&end_date=${dotted(before - 1)}`))[0]?.usage).toEqual([]);
    for (const query of ["start_date=1639218246.821", "end_date=1641896646821", "start_date=yesterday&end_date=1641896646821", "start_date=1641896646821&end_date=1639218246.821"]) {
      const response = await test.rest(`/0/productusage?${query}`);
      expect(response.status, query).toBe(400);
      expect(z.array(OutValidationError).safeParse(await response.json()).success, query).toBe(true);
    }
  });

  it(`${USAGE_DATA}: each usage record has reporting_end_date, usage, sku, metric_type and additional_info`, async () => {
    const end = Date.now() + 60_000;
    const [report] = await usage(`start_date=${dotted(before)}&end_date=${end}`);
    const [executions, agents] = report?.usage ?? [];
    expect(Object.keys(executions ?? {}).sort()).toEqual(["additional_info", "metric_type", "reporting_end_date", "sku", "usage"]);
    // The report is shorter than a day: its one day ends where the report ends, written with milliseconds as the vendor's example.
    expect(executions?.reporting_end_date).toBe(new Date(end).toISOString());
    expect(executions?.usage).toBe(2);
    expect(executions?.sku).toBe("BATON-EXECUTIONS");
    expect(executions?.metric_type).toBe("executions");
    const byType = z.record(z.string(), z.number()).parse(JSON.parse(executions?.additional_info ?? "null"));
    expect(Object.values(byType).reduce((sum, n) => sum + n, 0)).toBe(2);
    expect(agents).toEqual({ reporting_end_date: new Date(end).toISOString(), usage: 1, sku: "BATON-AGENTS", metric_type: "agents", additional_info: "" });
  });

  it(`${USAGE_DATA}: a record's reporting_end_date keeps start_date's time of day and milliseconds ("2021-12-31T10:24:06.821Z" for a start at 10:24:06.821)`, async () => {
    // The jobs ran in the third day counted from a start 2.5 days back.
    const start = before - 2.5 * DAY_MS;
    const [report] = await usage(`start_date=${dotted(start)}&end_date=${start + 10 * DAY_MS}`);
    expect(report?.usage.map((record) => record.reporting_end_date)).toEqual([new Date(start + 3 * DAY_MS).toISOString(), new Date(start + 3 * DAY_MS).toISOString()]);
    expect(report?.usage[0]?.reporting_end_date.slice(11)).toBe(new Date(start).toISOString().slice(11));
  });

  it(`${USAGE_DATA}: the paging example (start_date=1634981659000&end_date=1640259266540&skip=10&limit=20) is answered; skip and limit page through the records`, async () => {
    expect((await usage("start_date=1634981659000&end_date=1640259266540&skip=10&limit=20"))[0]?.usage).toEqual([]);
    const range = `start_date=${dotted(before)}&end_date=${Date.now() + 60_000}`;
    expect((await usage(`${range}&skip=1&limit=1`))[0]?.usage.map((record) => record.sku)).toEqual(["BATON-AGENTS"]);
    expect((await usage(`${range}&limit=1`))[0]?.usage.map((record) => record.sku)).toEqual(["BATON-EXECUTIONS"]);
    expect((await usage(`${range}&skip=2`))[0]?.usage).toEqual([]);
  });

  it(`${USAGE_DATA}: no range is too long (the page sets no limit): from the epoch to now`, async () => {
    const [report] = await usage(`start_date=0&end_date=${Date.now() + 60_000}`);
    expect(report?.usage.find((record) => record.sku === "BATON-EXECUTIONS")?.usage).toBe(2);
  });

  // The swagger limits exportTelemetry to client 0, not productList; the usage page limits productusage to client 0 and a user with the privilege.
  it(`${SWAGGER_TELEMETRY} and ${USAGE_DATA}: the product list is read in any client; the export and productusage only in client 0, with the privilege`, async () => {
    const system = OutTelemetryProductList.parse(await (await test.rest("/0/telemetry/products")).json());
    const response = await test.rest("/100/telemetry/products");
    expect(response.status).toBe(200);
    expect(OutTelemetryProductList.parse(await response.json())).toEqual(system);
    expect((await test.rest("/100/telemetry/export/1")).status).toBe(403);
    expect((await test.rest("/100/productusage?start_date=1639218246.821&end_date=1641896646821")).status).toBe(403);
    const denied = await fetch(`${test.baton.restUrl}/0/productusage?start_date=1639218246.821&end_date=1641896646821`, { headers: { authorization: PLAIN_LOGIN } });
    expect(denied.status).toBe(403);
    expect(OutError.safeParse(await denied.json()).success).toBe(true);
  });

  it(`${PERFORMANCE_METRICS}: the example request (type=TimevsDB, a frame of a month) is answered with an array; other types are refused; Prometheus stays at /prometheus`, async () => {
    expect(await metrics("type=TimevsDB&time_frame_from=2021-07-01T00%3A00%3A00Z&time_frame_to=2021-08-02T00%3A00%3A00Z")).toEqual([]);
    const refused = await test.rest("/0/system/metrics?type=NoSuchType");
    expect(refused.status).toBe(400);
    expect(z.array(OutValidationError).safeParse(await refused.json()).success).toBe(true);
    const prometheus = await test.rest("/0/system/metrics/prometheus");
    expect(prometheus.status).toBe(200);
    expect(prometheus.headers.get("content-type")).toMatch(/^text\/plain/);
    expect(await prometheus.text()).toContain("baton_executions_started_total");
  });

  for (const type of ["MsgDist", "TimevsDB", "MQCount", "MQLength", "MsgTime", "BusyValues", "JwpThreadUtilization"] as const) {
    it(`${PERFORMANCE_METRICS}: type=${type} answers entries {idnr, type, timestamp, wp_name, tcp_ip_addr, srv_type, interval, values}`, async () => {
      const entries = await metrics(`type=${type}`);
      expect(entries.length).toBeGreaterThan(0);
      for (const entry of entries) {
        expect(Object.keys(entry).sort()).toEqual(["idnr", "interval", "srv_type", "tcp_ip_addr", "timestamp", "type", "values", "wp_name"]);
        expect(Number.isInteger(entry.idnr)).toBe(true);
        expect(entry.type).toBe(type);
        expect(entry.timestamp).toMatch(WHOLE_SECONDS);
        expect(Date.parse(entry.timestamp)).toBeLessThanOrEqual(Date.now());
        expect(entry.wp_name).toBe("BATON");
        expect(typeof entry.tcp_ip_addr).toBe("string");
        expect(entry.srv_type).toBe(type === "MsgTime" || type === "JwpThreadUtilization" ? "JWP" : "WP");
        expect(entry.interval).toBe(1);
        expect(Object.keys(entry.values).sort()).toEqual(VALUE_NAMES[type]);
        for (const value of Object.values(entry.values)) expect(value).toBeGreaterThanOrEqual(0);
      }
      // The entries of the frame are the ones of the default frame (the last hour) when it holds them all.
      const from = new Date(Date.now() - 3_600_000).toISOString().slice(0, 19) + "Z";
      const to = new Date(Date.now() + 60_000).toISOString().slice(0, 19) + "Z";
      expect(await metrics(`type=${type}&time_frame_from=${from}&time_frame_to=${to}`)).toEqual(entries);
    });
  }

  it(`${PERFORMANCE_METRICS}: the values are the interval's figures (MsgDist counts the two jobs, TimevsDB's time and db are milliseconds)`, async () => {
    // The sampler's timer may have stored part of the work at a turn of the minute: add the entries up.
    const sum = (entries: OutMetrics, name: string) => entries.reduce((total, entry) => total + (entry.values[name] ?? 0), 0);
    const dist = await metrics("type=MsgDist");
    expect(sum(dist, "executions_started")).toBe(2);
    expect(sum(dist, "executions_ended_ok")).toBe(2);
    expect(sum(dist, "executions_ended_not_ok")).toBe(0);
    expect(sum(dist, "api_requests")).toBeGreaterThan(2);
    const times = await metrics("type=TimevsDB");
    expect(sum(times, "time")).toBeGreaterThan(0);
    expect(times.every((entry) => (entry.values["time"] ?? 0) <= 60_000)).toBe(true);
    expect(times.every((entry) => (entry.values["db"] ?? 0) > 0)).toBe(true);
    const busy = await metrics("type=BusyValues");
    expect(busy.every((entry) => (entry.values["busy"] ?? 0) <= 100)).toBe(true);
  });
});
