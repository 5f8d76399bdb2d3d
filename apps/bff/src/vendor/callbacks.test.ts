import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { OutExecution, OutExecutionList, OutRunId } from "@baton/contract";
import { testDialects } from "@baton/engine/testing";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { reportText } from "../testing/report-text";
import { jobEnvelope, json, startTestBaton, until, waitForEnd, type TestBaton } from "../testing/test-baton";

// What the vendor documents of polling an execution and of callbacks on its end, and the request
// a user posted to the vendor's community (docs/decisions.md, "Vendor wire behaviour").

/** "Polling and Callback Requests". */
const POLLING_AND_CALLBACK = "https://docs.automic.com/documentation/WEBHELP/English/all/components/DOCU/21.0.5/Automic%2520Automation%2520Guides/Content/REST_API/AE_REST_API_General_PollingCallback.htm";
/** "AE REST API - Using POST executions endpoint with callback URL" (the vendor's community). */
const COMMUNITY_THREAD = "https://community.broadcom.com/discussion/ae-rest-api-using-post-executions-endpoint-with-callback-url";

interface Received {
  at: number;
  headers: IncomingHttpHeaders;
  body: string;
}

/** UC_CALLBACK_SETTINGS of client 0 with these keys (none: the variable is emptied). */
function callbackSettings(rows: Record<string, string>) {
  return { data: { vara: { general_attributes: { name: "UC_CALLBACK_SETTINGS", type: "VARA" }, static_values: Object.entries(rows).map(([key, value1]) => ({ key, value1 })) } }, path: "" };
}

describe.each(testDialects)("the vendor's polling and callback page on %s", (dialect) => {
  let test: TestBaton;
  let receiver: Server;
  let url = "";
  const received: Received[] = [];
  // The answer of the receiver to each call.
  let answer = 200;

  const start = async (body: unknown) => {
    const response = await test.rest("/100/executions", json(body));
    expect(response.status, await response.clone().text()).toBe(200);
    return OutRunId.parse(await response.json()).run_id;
  };
  const bodies = () => received.map((r) => JSON.parse(r.body) as { execution: { run_id: number; status: number; name: string } });
  /** Long enough for a callback that should not come to have arrived: the first one comes at once. */
  const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ at: Date.now(), headers: req.headers, body });
        res.statusCode = answer;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const address = receiver.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/callback`;
    test = await startTestBaton(dialect, { BATON_CALLBACK_ALLOW: "127.0.0.0/8" });
    for (const envelope of [jobEnvelope("CB.VENDOR.OK", ["echo fine"]), jobEnvelope("CB.VENDOR.FAIL", ["exit 7"]), jobEnvelope("CB.VENDOR.SLOW", ["sleep 1", "echo done"]), jobEnvelope("CB.VENDOR.LONG", ["sleep 30"]), { data: { scri: { general_attributes: { name: "EBM.TEST.SCRI", type: "SCRI" }, scripts: [{ process: [':PRINT "from the thread"'] }] } }, path: "" }]) {
      expect((await test.rest("/100/objects", json(envelope))).status).toBe(200);
    }
  });
  beforeEach(() => {
    received.length = 0;
    answer = 200;
  });
  afterAll(async () => {
    await test.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it(`polling: the start answers the RunID, and reading the execution by it tells whether it has ended (${POLLING_AND_CALLBACK})`, async () => {
    const runId = await start({ object_name: "CB.VENDOR.SLOW" });
    const seen: number[] = [];
    await until(async () => {
      const execution = OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
      seen.push(execution.status);
      return execution.status >= 1800;
    });
    expect(seen[0]).toBeLessThan(1800);
    expect(seen.at(-1)).toBe(1900);
    const ended = OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json());
    expect(ended).toMatchObject({ run_id: runId, name: "CB.VENDOR.SLOW", status: 1900 });
    expect(ended.end_time).toBeDefined();
  });

  it(`a callback URL added to the execution request is sent one request when the execution has ended successfully (${POLLING_AND_CALLBACK})`, async () => {
    const runId = await start({ object_name: "CB.VENDOR.OK", callback: { type: "http", http: { url } } });
    await waitForEnd(test, 100, runId);
    await until(() => received.length >= 1);
    await settle();
    expect(received).toHaveLength(1);
    expect(received[0]?.headers["content-type"]).toBe("application/json");
    expect(bodies()[0]?.execution).toMatchObject({ run_id: runId, name: "CB.VENDOR.OK", status: 1900 });
  });

  it(`... and one when it has ended not successfully (${POLLING_AND_CALLBACK})`, async () => {
    const runId = await start({ object_name: "CB.VENDOR.FAIL", callback: { type: "http", http: { url } } });
    expect((await waitForEnd(test, 100, runId)).status).toBe(1800);
    await until(() => received.length >= 1);
    await settle();
    expect(bodies().map((b) => [b.execution.run_id, b.execution.status])).toEqual([[runId, 1800]]);
  });

  it(`... and one when it was cancelled, which ends it not successfully (${POLLING_AND_CALLBACK})`, async () => {
    const runId = await start({ object_name: "CB.VENDOR.LONG", callback: { type: "http", http: { url } } });
    await until(async () => OutExecution.parse(await (await test.rest(`/100/executions/${runId}`)).json()).status === 1550);
    expect((await test.rest(`/100/executions/${runId}/status`, json({ action: "cancel" }))).status).toBe(200);
    const ended = await waitForEnd(test, 100, runId);
    expect(ended.status).toBeGreaterThanOrEqual(1800);
    expect(ended.status).not.toBe(1900);
    await until(() => received.length >= 1);
    await settle();
    expect(bodies().map((b) => [b.execution.run_id, b.execution.status])).toEqual([[runId, ended.status]]);
  });

  it(`the callback is optional: an execution started without one sends nothing (${POLLING_AND_CALLBACK})`, async () => {
    const runId = await start({ object_name: "CB.VENDOR.OK" });
    await waitForEnd(test, 100, runId);
    await settle();
    expect(received).toHaveLength(0);
  });

  it(`the thread's request, in the vendor's snake_case with recurring_mode once, calls back once (${COMMUNITY_THREAD})`, async () => {
    const runId = await start({ object_name: "EBM.TEST.SCRI", callback: { type: "http", recurring_mode: "once", http: { url } } });
    await waitForEnd(test, 100, runId);
    await until(() => received.length >= 1);
    await settle();
    expect(bodies().map((b) => b.execution.run_id)).toEqual([runId]);
    expect(await reportText(test.rest, 100, runId, "ACT")).toMatch(/U00011420 Callback to http:\/\/127\.0\.0\.1:\d+\/callback answered 200 on attempt 1/);
  });

  it(`the thread's first body, which is not JSON (a comma missing, trailing commas), is a 400, not the 500 it got, and starts nothing (${COMMUNITY_THREAD})`, async () => {
    const count = async () => OutExecutionList.parse(await (await test.rest("/100/executions?name=EBM.TEST.SCRI&max_results=1000")).json()).total;
    const before = await count();
    const body = `{\n  "object_name": "EBM.TEST.SCRI"\n  "callback": {\n    "type": "http",\n    "recurring_mode": "once",\n    "http": {\n      "url": "${url}",\n    }\n  }\n}`;
    const response = await test.rest("/100/executions", { method: "POST", headers: { "content-type": "application/json" }, body });
    expect(response.status).toBe(400);
    await settle();
    expect(await count()).toBe(before);
    expect(received).toHaveLength(0);
  });

  it(`UC_CALLBACK_SETTINGS sets the retries after a failed first try and their interval; linear mode waits the interval times the failed attempts (${POLLING_AND_CALLBACK})`, async () => {
    answer = 503;
    expect((await test.rest("/0/objects?overwrite_existing_objects=true", json(callbackSettings({ CALLBACK_RETRY_COUNT: "2", CALLBACK_INTERVAL: "1", CALLBACK_INTERVAL_MODE: "LINEAR" })))).status).toBe(200);
    try {
      const runId = await start({ object_name: "CB.VENDOR.OK", callback: { http: { url } } });
      await waitForEnd(test, 100, runId);
      await until(async () => (await reportText(test.rest, 100, runId, "ACT")).includes("given up after 3 attempts"), 20_000);
      await settle();
      // The first try and two retries: after 1 s (1 failed attempt × 1 s), then after 2 s (2 × 1 s).
      expect(received).toHaveLength(3);
      const [first, second, third] = received.map((r) => r.at);
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(900);
      expect((third ?? 0) - (second ?? 0)).toBeGreaterThanOrEqual(1900);
      const act = await reportText(test.rest, 100, runId, "ACT");
      expect(act).toMatch(/failed on attempt 1 \(HTTP 503\); next attempt at/);
      expect(act).toMatch(/failed on attempt 3 \(HTTP 503\); given up after 3 attempts/);
    } finally {
      await test.rest("/0/objects?overwrite_existing_objects=true", json(callbackSettings({})));
    }
  });

  it(`UC_CALLBACK_SETTINGS in constant mode waits the interval as it is, and no retry at all with a count of 0 (${POLLING_AND_CALLBACK})`, async () => {
    answer = 500;
    expect((await test.rest("/0/objects?overwrite_existing_objects=true", json(callbackSettings({ CALLBACK_RETRY_COUNT: "1", CALLBACK_INTERVAL: "2", CALLBACK_INTERVAL_MODE: "CONSTANT" })))).status).toBe(200);
    try {
      const retried = await start({ object_name: "CB.VENDOR.OK", callback: { http: { url } } });
      await until(async () => (await reportText(test.rest, 100, retried, "ACT")).includes("given up after 2 attempts"), 20_000);
      const [first, second] = received.map((r) => r.at);
      expect((second ?? 0) - (first ?? 0)).toBeGreaterThanOrEqual(1900);
      expect(received).toHaveLength(2);

      received.length = 0;
      expect((await test.rest("/0/objects?overwrite_existing_objects=true", json(callbackSettings({ CALLBACK_RETRY_COUNT: "0" })))).status).toBe(200);
      const once = await start({ object_name: "CB.VENDOR.OK", callback: { http: { url } } });
      await until(async () => (await reportText(test.rest, 100, once, "ACT")).includes("given up after 1 attempt."), 20_000);
      await settle();
      expect(received).toHaveLength(1);
    } finally {
      await test.rest("/0/objects?overwrite_existing_objects=true", json(callbackSettings({})));
    }
  });
});
