import { createServer, connect, type Server, type Socket } from "node:net";
import type { AddressInfo } from "node:net";

/** A TCP proxy in front of a port whose connections a test can cut, as a network drop would. */
export interface CuttableProxy {
  port: number;
  /** Drops every open connection and refuses new ones until `restore`. */
  cut(): void;
  restore(): void;
  /** From now on holds what the engine sends back for `ms` (a slow link): a reconnect's welcome comes late. */
  delayReplies(ms: number): void;
  close(): Promise<void>;
}

export async function startCuttableProxy(targetPort: number): Promise<CuttableProxy> {
  const open = new Set<Socket>();
  let refusing = false;
  let replyDelayMs = 0;
  const server: Server = createServer((client) => {
    if (refusing) {
      client.destroy();
      return;
    }
    const upstream = connect(targetPort, "127.0.0.1");
    for (const socket of [client, upstream]) {
      open.add(socket);
      socket.on("close", () => open.delete(socket));
      socket.on("error", () => undefined);
    }
    client.pipe(upstream);
    // Each chunk waits the same time, so they arrive in the order they were sent.
    upstream.on("data", (chunk: Buffer) => (replyDelayMs > 0 ? setTimeout(() => client.write(chunk), replyDelayMs) : client.write(chunk)));
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      refusing = true;
      for (const socket of open) socket.destroy();
    },
    restore() {
      refusing = false;
    },
    delayReplies(ms) {
      replyDelayMs = ms;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
