import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { OutRunId } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reportText } from "./testing/report-text";
import { jobEnvelope, json, startTestBaton, waitForEnd, until, type TestBaton } from "./testing/test-baton";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

describe("execution callbacks", () => {
  let test: TestBaton;
  let receiver: Server;
  let url = "";
  const received: Received[] = [];
  // The receiver fails the first call of each test, then accepts.
  let failuresLeft = 0;

  beforeAll(async () => {
    receiver = createServer((req, res) => {
      let body = "";
      req.on("data", (chunk: Buffer) => (body += chunk.toString()));
      req.on("end", () => {
        received.push({ headers: req.headers, body });
        res.statusCode = failuresLeft-- > 0 ? 500 : 200;
        res.end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
    const address = receiver.address();
    url = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}/hooks/baton?token=secret`;
    test = await startTestBaton("sqlite", { BATON_CALLBACK_ALLOW: "127.0.0.0/8" });
    await test.rest("/100/objects", json(jobEnvelope("CB.JOB", ["echo with-callback"])));
  });

  afterAll(async () => {
    await test.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });


  it("posts the ended execution with the given headers, retrying until it is answered 200, and notes each attempt", async () => {
    received.length = 0;
    failuresLeft = 1;
    const response = await test.rest("/100/executions", json({ objectName: "CB.JOB", executionOption: "execute", callback: { type: "http", http: { url, headers: { "x-hook-token": "t1" } } } }));
    const runId = OutRunId.parse(await response.json()).run_id;
    await waitForEnd(test, 100, runId);
    await until(() => received.length >= 2);
    const last = received[1];
    expect(last?.headers["x-hook-token"]).toBe("t1");
    expect(last?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(last?.body ?? "{}")).toMatchObject({ event: "execution.ended", client: 100, execution: { run_id: runId, name: "CB.JOB", status: 1900 } });
    expect(received[0]?.body).toBe(last?.body);
    // A delivery repeated after success would arrive within the first retry delay (1 s).
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(received).toHaveLength(2);
    const act = await reportText(test.rest, 100, runId, "ACT");
    const text = act;
    expect(text).toMatch(/U00011421 Callback to http:\/\/127\.0\.0\.1:\d+\/hooks\/baton failed on attempt 1 \(HTTP 500\)/);
    expect(text).toMatch(/U00011420 Callback to http:\/\/127\.0\.0\.1:\d+\/hooks\/baton answered 200 on attempt 2/);
    expect(text).not.toContain("secret");
  });

  it("calls back for a recurring execution once at its end, or also for each activation", async () => {
    for (const [mode, expected] of [["once", 1], ["each", 3]] as const) {
      received.length = 0;
      failuresLeft = 0;
      const response = await test.rest(
        "/100/executions",
        json({ objectName: "CB.JOB", executionOption: "recurring", recurring: { executeInterval: "PT1S", endAfterExecutions: 2 }, callback: { recurringMode: mode, http: { url } } }),
      );
      const container = OutRunId.parse(await response.json()).run_id;
      await waitForEnd(test, 100, container, 15_000);
      await until(() => received.length >= expected);
      // Every callback of the container has been queued by its end; give a surplus one time to show.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const types = received.map((r) => JSON.parse(r.body).execution.type);
      expect(types.filter((t) => t === "C_PERIOD")).toHaveLength(1);
      expect(received).toHaveLength(expected);
    }
  });

  it("calls back once for a failing execution too, and not at all without a callback", async () => {
    received.length = 0;
    failuresLeft = 0;
    await test.rest("/100/objects", json(jobEnvelope("CB.FAIL", ["exit 5"])));
    const failing = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "CB.FAIL", executionOption: "execute", callback: { http: { url } } }))).json()).run_id;
    const plain = OutRunId.parse(await (await test.rest("/100/executions", json({ objectName: "CB.JOB", executionOption: "execute" }))).json()).run_id;
    await waitForEnd(test, 100, failing);
    await waitForEnd(test, 100, plain);
    await until(() => received.length >= 1);
    // A callback for the execution without one would have arrived by the time the other's did.
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received.map((r) => JSON.parse(r.body).execution.run_id)).toEqual([failing]);
    expect(JSON.parse(received[0]?.body ?? "{}").execution).toMatchObject({ status: 1800, return_code: 5 });
  });
});
