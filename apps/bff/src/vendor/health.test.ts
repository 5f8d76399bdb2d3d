import { OutError, OutHealthCheck } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { z } from "zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN_PASSWORD, basic, startTestBaton, type TestBaton } from "../testing/test-baton";

// Every rule and example of the vendor's health checks, and the login forms and error answers of
// its general rules (docs/decisions.md, "System health and metrics" and "Vendor wire behaviour").
const HEALTH = "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_Using_Healthcheck.htm";
/** The 12.x page's example answers pwp, jwp and cp only; later versions list wp, jcp and rest too. */
const USING_12 = "https://docs.automic.com/documentation/webhelp/english/AA/12.3/DOCU/12.3/Automic%20Automation%20Guides/Content/REST_API/AE_REST_API_Using.htm";
/** The swagger's summary: "only use the HTTP status code to determine the health status since the response body is optional". */
const SWAGGER = "https://github.com/KrumGanev/automic_rest/blob/master/automic_rest/help.py (healthCheck)";
const GENERAL_INFO = "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_GeneralInfo.htm";

const PROCESSES = ["cp", "jcp", "jwp", "pwp", "rest", "wp"] as const;
const Process = z.object({ status: z.enum(["UP", "DOWN"]), instancesRunning: z.int() }).strict();

describe.each(testDialects)("vendor: health checks on %s", (dialect) => {
  /** A whole Baton: every process runs. */
  let test: TestBaton;
  /** A node that only answers the API: no scheduler (PWP) and no agent endpoint (CP). */
  let apiOnly: TestBaton;
  /** A node that answers the API and schedules, but takes no agents (no CP). */
  let noAgents: TestBaton;

  beforeAll(async () => {
    [test, apiOnly, noAgents] = await Promise.all([startTestBaton(dialect), startTestBaton(dialect, { BATON_ROLE: "api" }), startTestBaton(dialect, { BATON_ROLE: "api,scheduling" })]);
  }, 60_000);
  afterAll(async () => {
    await Promise.all([test.stop(), apiOnly.stop(), noAgents.stop()]);
  });

  // "Ping Health Check ... No client information needed in the URI; No AE credentials/basic
  // authentication needed ... HTTP 200 Response: No payload" (Baton answers {}, docs/decisions.md).
  it(`answers GET /ping with 200, without a client in the path and without credentials (${HEALTH})`, async () => {
    const ping = await fetch(`${test.baton.restUrl}/ping`);
    expect([ping.status, await ping.json()]).toEqual([200, {}]);
  });

  // "System Health Check": GET /{client}/system/health answers 200 with the top-level status UP
  // and pwp, wp, jwp, jcp, rest and cp, each {status, instancesRunning}; "PWP = 1 (exactly)".
  it(`answers the system health check with 200, status UP and every process's status and instances (${HEALTH}; ${USING_12})`, async () => {
    const response = await test.rest("/100/system/health");
    expect([response.status, response.headers.get("content-type")]).toEqual([200, "application/json"]);
    const body = z.record(z.string(), z.unknown()).parse(await response.json());
    expect(Object.keys(body).sort()).toEqual(["status", ...PROCESSES].sort());
    expect(body["status"]).toBe("UP");
    for (const name of PROCESSES) expect([name, Process.parse(body[name]).status]).toEqual([name, "UP"]);
    expect(Process.parse(body["pwp"]).instancesRunning).toBe(1);
    for (const name of ["jwp", "cp"]) expect(Process.parse(body[name]).instancesRunning).toBeGreaterThanOrEqual(1);
  });

  // "If at least one of the minimum required processes is not running, the system returns an
  // HTTP 503 Service unavailable response and the top level status is DOWN. In this case, the
  // response also includes a list of all processes and the number of instances running, even
  // those with zero (0) instances." — no PWP here, and no CP.
  it(`answers 503 and DOWN without a PWP, listing every process, those with no instance too (${HEALTH}; ${SWAGGER})`, async () => {
    const response = await apiOnly.rest("/100/system/health");
    expect(response.status).toBe(503);
    const health = OutHealthCheck.parse(await response.json());
    expect(health).toEqual({
      status: "DOWN",
      pwp: { status: "DOWN", instancesRunning: 0 },
      wp: { status: "UP", instancesRunning: 1 },
      jwp: { status: "UP", instancesRunning: 1 },
      jcp: { status: "UP", instancesRunning: 1 },
      rest: { status: "UP", instancesRunning: 1 },
      cp: { status: "DOWN", instancesRunning: 0 },
    });
  });

  // The minimum required processes: "PWP = 1 (exactly), WP = 0, N, JWP = 1, N", and a CP
  // (the swagger: "healthy if there is a PWP and at least one instance of CP and JWP").
  it(`answers 503 and DOWN when the PWP runs but no CP does (${HEALTH}; ${SWAGGER})`, async () => {
    const response = await noAgents.rest("/100/system/health");
    expect(response.status).toBe(503);
    expect(OutHealthCheck.parse(await response.json())).toMatchObject({ status: "DOWN", pwp: { status: "UP", instancesRunning: 1 }, jwp: { status: "UP", instancesRunning: 1 }, cp: { status: "DOWN", instancesRunning: 0 } });
  });

  // "a system information health check which provides details on the system": details=true adds
  // each process's instances (`available`) and the executions that have not ended.
  it(`adds each process's instances with details=true, and leaves them out without (${HEALTH})`, async () => {
    const plain = OutHealthCheck.parse(await (await test.rest("/100/system/health?details=false")).json());
    for (const name of PROCESSES) expect(plain[name].available).toBeUndefined();
    expect(plain.count_active_executions).toBeUndefined();
    const detailed = OutHealthCheck.parse(await (await test.rest("/100/system/health?details=true")).json());
    for (const name of PROCESSES) {
      const available = detailed[name].available ?? [];
      expect([name, available.length]).toEqual([name, detailed[name].instancesRunning]);
      for (const instance of available) expect(Date.parse(instance.last_life_sign)).toBeGreaterThan(Date.now() - 60_000);
    }
    expect(detailed.count_active_executions).toBeGreaterThanOrEqual(0);
    const down = OutHealthCheck.parse(await (await apiOnly.rest("/100/system/health?details=true")).json());
    expect([down.pwp.available, down.cp.available]).toEqual([[], []]);
  });

  // GENERAL_INFO: a user logs in as NAME/DEPARTMENT or CLIENT/NAME/DEPARTMENT (ISO-8859-1);
  // wrong credentials answer 401 with a JSON error.
  it(`takes the login forms of the general rules and refuses a wrong one with 401 and an OutError (${GENERAL_INFO})`, async () => {
    for (const userPass of [`ADMIN/ADMIN:${ADMIN_PASSWORD}`, `100/ADMIN/ADMIN:${ADMIN_PASSWORD}`]) {
      const response = await fetch(`${test.baton.restUrl}/100/system/health`, { headers: { authorization: basic(userPass) } });
      expect([userPass, response.status]).toEqual([userPass, 200]);
    }
    const wrong = await fetch(`${test.baton.restUrl}/100/system/health`, { headers: { authorization: basic("ADMIN/ADMIN:wrong") } });
    expect([wrong.status, wrong.headers.get("content-type")]).toEqual([401, "application/json"]);
    OutError.parse(await wrong.json());
  });
});
