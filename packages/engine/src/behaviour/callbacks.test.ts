import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import { isFinalStatus, Status } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jobEnvelope } from "../testing/envelopes";
import { testDialects } from "../testing/test-databases";
import { ManualClock, startTestEngine, until, type TestEngine } from "../testing/test-engine";

interface Received {
  headers: IncomingHttpHeaders;
  body: string;
}

/** Real time for a round of the scheduler to find what fell due, as it looks again at least once a second while a callback waits. */
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// Retries wait on the engine's clock: the test moves it, so a retry comes only when its time has come.
describe.each(testDialects)("execution callbacks on %s", (dialect) => {
  let test: TestEngine;
  let clock: ManualClock;
  // The receiver is an outside party: a real HTTP server, which sees the wire body.
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
    clock = new ManualClock();
    test = await startTestEngine(dialect, { clock, engine: { callbackAllow: "127.0.0.0/8" } });
    await test.importObjects(jobEnvelope("CB.JOB", ["echo with-callback"]));
  });

  afterAll(async () => {
    await test.stop();
    await new Promise((resolve) => receiver.close(resolve));
  });

  /**
   * Moves the clock on to each planned activation of a period container, once the one before it
   * has ended (as a second of real time lets a short job end), until the container ends.
   */
  async function runRecurringToEnd(container: number): Promise<void> {
    await until(async () => {
      const children = await test.children(container);
      const planned = children.find((child) => child.status === Status.WAITING_FOR_START_TIME);
      const running = children.some((child) => child.status !== Status.WAITING_FOR_START_TIME && !isFinalStatus(child.status));
      if (!running && planned?.dueAt != null && planned.dueAt > clock.now()) clock.set(planned.dueAt);
      return isFinalStatus((await test.engine.executions.get(test.admin, container)).status);
    });
  }

  it("posts the ended execution with the given headers, retrying until it is answered 200, and notes each attempt", async () => {
    received.length = 0;
    failuresLeft = 1;
    const runId = await test.start({ objectName: "CB.JOB", executionOption: "execute", callback: { type: "http", http: { url, headers: { "x-hook-token": "t1" } } } });
    await test.waitForEnd(runId);
    await until(async () => (await test.reportText(runId, "ACT")).includes("failed on attempt 1"));
    // The retry waits for its time (1 s on the engine's clock).
    expect(received).toHaveLength(1);
    clock.advance(1000);
    await until(() => received.length >= 2);
    const last = received[1];
    expect(last?.headers["x-hook-token"]).toBe("t1");
    expect(last?.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(last?.body ?? "{}")).toMatchObject({ event: "execution.ended", client: 100, execution: { run_id: runId, name: "CB.JOB", status: 1900 } });
    expect(received[0]?.body).toBe(last?.body);
    // A delivery repeated after success would be due within the first retry delay (1 s).
    clock.advance(1200);
    await sleep(1200);
    expect(received).toHaveLength(2);
    const text = await test.reportText(runId, "ACT");
    expect(text).toMatch(/U00011421 Callback to http:\/\/127\.0\.0\.1:\d+\/hooks\/baton failed on attempt 1 \(HTTP 500\)/);
    expect(text).toMatch(/U00011420 Callback to http:\/\/127\.0\.0\.1:\d+\/hooks\/baton answered 200 on attempt 2/);
    expect(text).not.toContain("secret");
  });

  it("calls back for a recurring execution once at its end, or also for each activation", async () => {
    for (const [mode, expected] of [["once", 1], ["each", 3]] as const) {
      received.length = 0;
      failuresLeft = 0;
      const container = await test.start({ objectName: "CB.JOB", executionOption: "recurring", recurring: { executeInterval: "PT1S", endAfterExecutions: 2 }, callback: { recurringMode: mode, http: { url } } });
      await runRecurringToEnd(container);
      await until(() => received.length >= expected);
      // Every callback of the container has been queued by its end; give a surplus one time to show.
      await sleep(300);
      const types = received.map((r) => JSON.parse(r.body).execution.type);
      expect(types.filter((t) => t === "C_PERIOD")).toHaveLength(1);
      expect(received).toHaveLength(expected);
    }
  });

  it("calls back once for a failing execution too, and not at all without a callback", async () => {
    received.length = 0;
    failuresLeft = 0;
    await test.importObjects(jobEnvelope("CB.FAIL", ["exit 5"]));
    const failing = await test.start({ objectName: "CB.FAIL", executionOption: "execute", callback: { http: { url } } });
    const plain = await test.start("CB.JOB");
    await test.waitForEnd(failing);
    await test.waitForEnd(plain);
    await until(() => received.length >= 1);
    // A callback for the execution without one would have arrived by the time the other's did.
    await sleep(300);
    expect(received.map((r) => JSON.parse(r.body).execution.run_id)).toEqual([failing]);
    expect(JSON.parse(received[0]?.body ?? "{}").execution).toMatchObject({ status: 1800, return_code: 5 });
  });
});
