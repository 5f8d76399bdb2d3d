import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** An engine's REST interface served on a free local port, for tests that read it over HTTP. */
export interface ServedRest {
  server: Server;
  /** The interface's base URL, `http://127.0.0.1:<port>/ae/api/v1`. */
  base: string;
}

export async function serveRest(handleRest: RequestListener): Promise<ServedRest> {
  const server = createServer(handleRest);
  // Seeding may pause the requests for longer than the default 5 s; fetch must not then reuse a
  // connection the server is just closing.
  server.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address: AddressInfo | string | null = server.address();
  return { server, base: `http://127.0.0.1:${typeof address === "object" && address !== null ? address.port : 0}/ae/api/v1` };
}
