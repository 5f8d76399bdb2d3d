import type { RequestListener } from "node:http";
import { describe, expect, it } from "vitest";
import { load } from "./load";
import { withServer } from "./servers";
import { loadResultOf, parseWrkSummary, type WrkSummary } from "./wrk-output";

/** wrk's own report as it prints it, with the summary line of wrk-summary.lua after it. */
const OUTPUT = `Running 2s test @ http://127.0.0.1:40123/ae/api/v1/ping
  1 threads and 50 connections
  Thread Stats   Avg      Stdev     Max   +/- Stdev
    Latency     1.21ms  310.42us   9.87ms   91.02%
    Req/Sec    41.52k     1.20k   43.01k    80.00%
  Latency Distribution
     50%    1.15ms
     99%    2.40ms
  82640 requests in 2.00s, 9.22MB read
Requests/sec:  41319.51
Transfer/sec:      4.61MB
WRK_SUMMARY {"requests":82640,"duration_us":2000050,"p50_us":1150,"p99_us":2400,"non2xx":0,"errors":{"connect":0,"read":0,"write":0,"status":0,"timeout":0},"cpu_ticks":52}
`;

const clean: WrkSummary = {
  requests: 82640,
  duration_us: 2_000_050,
  p50_us: 1150,
  p99_us: 2400,
  non2xx: 0,
  errors: { connect: 0, read: 0, write: 0, status: 0, timeout: 0 },
  cpu_ticks: 52,
};

describe("parseWrkSummary", () => {
  it("reads the summary line among wrk's own report", () => {
    expect(parseWrkSummary(OUTPUT)).toEqual(clean);
  });

  it("fails when wrk printed no summary", () => {
    expect(() => parseWrkSummary("Running 2s test @ http://127.0.0.1:1/\n")).toThrow(/no WRK_SUMMARY line/);
  });

  it("fails when a figure is missing", () => {
    expect(() => parseWrkSummary('WRK_SUMMARY {"requests":1,"duration_us":1,"p50_us":1,"p99_us":1,"non2xx":0,"cpu_ticks":1}')).toThrow(/lacks a figure/);
  });
});

describe("loadResultOf", () => {
  it("gives requests per second, p99 in ms and the generator's CPU in ms per second", () => {
    const result = loadResultOf("http://x/", clean, 100);
    expect(result.perSecond).toBeCloseTo(41_318.97, 1);
    expect(result.p99).toBe(2.4);
    // 52 ticks of 10 ms in 2.00005 s.
    expect(result.generatorCpu).toBeCloseTo(259.99, 1);
  });

  it.each([
    { what: "answers other than 2xx", summary: { ...clean, non2xx: 3 } },
    { what: "socket errors", summary: { ...clean, errors: { ...clean.errors, read: 1 } } },
    { what: "timeouts", summary: { ...clean, errors: { ...clean.errors, timeout: 2 } } },
    { what: "no answer at all", summary: { ...clean, requests: 0 } },
  ])("fails the bench on $what", ({ summary }) => {
    expect(() => loadResultOf("http://x/", summary, 100)).toThrow(/under load/);
  });
});

describe("load", () => {
  const options = { connections: 2, seconds: 1 };

  it("drives a server with wrk and counts its answers", async () => {
    const hello: RequestListener = (_req, res) => res.writeHead(200).end("hello\n");
    const result = await withServer(hello, (url) => load(url, options));
    expect(result.perSecond).toBeGreaterThan(0);
    expect(result.p99).toBeGreaterThan(0);
    expect(result.generatorCpu).toBeGreaterThanOrEqual(0);
  });

  it("fails on redirects, which wrk alone does not count as errors", async () => {
    const moved: RequestListener = (_req, res) => res.writeHead(301, { location: "/elsewhere" }).end();
    await expect(withServer(moved, (url) => load(url, options))).rejects.toThrow(/answers other than 2xx/);
  });

  it("sends the headers it is given", async () => {
    const guarded: RequestListener = (req, res) => res.writeHead(req.headers.authorization === "Basic eA==" ? 200 : 401).end();
    const allowed = await withServer(guarded, (url) => load(url, { ...options, headers: { authorization: "Basic eA==" } }));
    expect(allowed.perSecond).toBeGreaterThan(0);
    await expect(withServer(guarded, (url) => load(url, options))).rejects.toThrow(/answers other than 2xx/);
  });
});
