import { Agent, request } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ADMIN, startTestBaton, type TestBaton } from "./testing/test-baton";

/**
 * A client that keeps its connection open reuses it after a pause of a few seconds: the server
 * does not close an idle connection just as such a client sends on it (ECONNRESET).
 */
describe("idle keep-alive connections", () => {
  let test: TestBaton;
  beforeAll(async () => {
    test = await startTestBaton();
  }, 60_000);
  afterAll(async () => {
    await test.stop();
  });

  /** A GET of the REST API on the agent's connection: whether that connection had served a request before. */
  const get = (agent: Agent) =>
    new Promise<{ status: number; reused: boolean }>((resolve, reject) => {
      const req = request(`${test.baton.restUrl}/100/system/health`, { agent, headers: { authorization: ADMIN } }, (res) => {
        res.resume();
        res.on("end", () => resolve({ status: res.statusCode ?? 0, reused: req.reusedSocket }));
      });
      req.on("error", reject);
      req.end();
    });

  it("stays open for a client's next request after six idle seconds, past node's 5 s default", async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    try {
      expect(await get(agent)).toEqual({ status: 200, reused: false });
      await new Promise((resolve) => setTimeout(resolve, 6000));
      expect(await get(agent)).toEqual({ status: 200, reused: true });
    } finally {
      agent.destroy();
    }
  }, 30_000);
});
