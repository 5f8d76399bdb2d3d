import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { processesPerTest } from "../testing/baton-process";

const AGENT_TOKEN = "reset-test-agent-token-0123456789";

/**
 * Opens a connection, writes `request` and resets the connection (TCP RST) `afterMs` later, as a
 * peer that crashes or a hostile client would. Resolves once the connection is gone.
 */
function writeAndReset(url: string, request: string, afterMs: number): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(request);
      setTimeout(() => socket.resetAndDestroy(), afterMs);
    });
    socket.on("error", () => undefined);
    socket.on("close", () => resolve());
  });
}

function upgrade(path: string, authorization?: string): string {
  return (
    `GET ${path} HTTP/1.1\r\nHost: baton\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\n` +
    `Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n${authorization === undefined ? "" : `Authorization: ${authorization}\r\n`}\r\n`
  );
}

describe("connections reset by their peer", () => {
  const processes = processesPerTest();

  it("never end the process: an upgrade refused, one being checked, one taken, and a request cut mid-body", async () => {
    const baton = await processes.start(processes.dataDir(), { BATON_AGENT_TOKEN: AGENT_TOKEN });
    const origin = new URL(baton.rest).origin;
    const requests = [
      upgrade("/no/such/upgrade"),
      upgrade("/ae/agent"),
      upgrade("/ae/agent", "Bearer not-a-credential"),
      upgrade("/ae/agent", `Bearer ${AGENT_TOKEN}`),
      `POST /ae/api/v1/100/objects HTTP/1.1\r\nHost: baton\r\nContent-Type: application/json\r\nContent-Length: 100000\r\n\r\n{"data":`,
    ];
    for (const request of requests) for (const afterMs of [0, 1, 5, 20]) await writeAndReset(origin, request, afterMs);

    expect(baton.child.exitCode).toBeNull();
    expect((await fetch(`${baton.rest}/ping`)).status).toBe(200);
    expect(baton.output()).not.toMatch(/uncaught/i);
  });
});
