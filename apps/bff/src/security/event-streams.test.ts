import { connect } from "node:net";
import { ErrorCode } from "@baton/contract";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MAX_STREAMS_PER_SESSION } from "../events-route";
import { consoleLogin } from "../testing/console-login";
import { json, startTestBaton, type TestBaton } from "../testing/test-baton";

/** A user whose password the tests change: every change makes the engine forget the logins it remembered. */
const CHANGED = "CHANGED/OPS";

describe("a console session's event streams", () => {
  let test: TestBaton;
  let base: string;
  const opened: AbortController[] = [];

  beforeAll(async () => {
    test = await startTestBaton("sqlite", {}, { eventsHeartbeatMs: 200 });
    base = test.baton.url;
    const user = { data: { user: { general_attributes: { name: CHANGED, type: "USER" }, user_attributes: { is_active: "1", password: "Changed-pass-0" } } }, path: "USERS" };
    expect((await test.rest("/100/objects", json(user))).status).toBe(200);
  });
  afterAll(async () => {
    for (const controller of opened) controller.abort();
    await test.stop();
  });

  /**
   * Opens a stream and leaves it open (until `close`); its answer's status and body when refused.
   * The answer stays referenced: fetch lets go of the connection of an answer it collects as garbage.
   */
  async function openStream(cookie: string): Promise<{ status: number; refusal: unknown; answer: Response; close(): void }> {
    const controller = new AbortController();
    opened.push(controller);
    const answer = await fetch(`${base}/bff/events`, { headers: { cookie }, signal: controller.signal });
    const refusal = answer.status === 200 ? undefined : await answer.json();
    return { status: answer.status, refusal, answer, close: () => controller.abort() };
  }

  it(`holds ${MAX_STREAMS_PER_SESSION} streams of one session at once: one more is refused 429 until one ends, and another session is not`, async () => {
    const { cookie } = await consoleLogin(base);
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(cookie));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));

    const refused = await openStream(cookie);
    expect(refused.status).toBe(429);
    expect(refused.refusal).toMatchObject({ code: ErrorCode.TOO_MANY_EVENT_STREAMS, error: "Too many event streams.", details: expect.stringContaining("Close console tabs") });
    const other = await consoleLogin(base);
    expect((await openStream(other.cookie)).status).toBe(200);

    streams[0]?.close();
    await expect.poll(async () => (await openStream(cookie)).status, { timeout: 5_000, interval: 50 }).toBe(200);
    for (const stream of streams) stream.close();
  });

  it("lets go of a stream whose browser went away before it was live", async () => {
    const { cookie } = await consoleLogin(base);
    const { hostname, port } = new URL(base);
    for (let round = 0; round < MAX_STREAMS_PER_SESSION + 2; round++) {
      // The stream then checks the session's login with a password check (tens of milliseconds),
      // and the browser goes away during it.
      expect((await test.rest(`/100/users/${encodeURIComponent(CHANGED)}/password`, json({ password: `Changed-pass-${round + 1}` }, "PUT"))).status).toBe(200);
      await new Promise<void>((resolve, reject) => {
        const socket = connect(Number(port), hostname, () => {
          socket.write(`GET /bff/events HTTP/1.1\r\nHost: ${hostname}:${port}\r\nCookie: ${cookie}\r\n\r\n`);
          setTimeout(() => socket.destroy(), 5);
        });
        socket.on("error", reject);
        socket.on("close", () => resolve());
      });
    }
    // Nothing of them is held: the session opens as many streams as ever.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const streams = [];
    for (let i = 0; i < MAX_STREAMS_PER_SESSION; i++) streams.push(await openStream(cookie));
    expect(streams.map((stream) => stream.status)).toEqual(streams.map(() => 200));
    for (const stream of streams) stream.close();
  });
});
