import { readFile } from "node:fs/promises";
import { createServer, type RequestListener, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { extname, join, normalize } from "node:path";
import { createEngine, type Engine, type Store } from "@baton/engine/bench";
import type { Agent } from "@baton/engine";
import { pino } from "pino";

export const BENCH_PASSWORD = "Bench-Pass-1";
/** Basic login of the administrator the engine bootstraps with BENCH_PASSWORD. */
export const BENCH_AUTHORIZATION = `Basic ${Buffer.from(`ADMIN/ADMIN:${BENCH_PASSWORD}`, "latin1").toString("base64")}`;

/** Runs `use` with `handler` listening on a free loopback port; closes it afterwards. */
export async function withServer<T>(handler: RequestListener, use: (url: string) => Promise<T>): Promise<T> {
  const server: Server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  try {
    return await use(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  } finally {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
}

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".svg": "image/svg+xml",
  ".json": "application/json",
};

/** Answers GET with the files of a built web app in `dir` (index.html for `/`), 404 for anything else. */
export function staticFiles(dir: string): RequestListener {
  return (req, res) => {
    const path = new URL(req.url ?? "/", "http://localhost").pathname;
    const file = join(dir, normalize(path === "/" ? "/index.html" : path));
    readFile(file).then(
      (body) => res.writeHead(200, { "content-type": CONTENT_TYPES[extname(file)] ?? "application/octet-stream" }).end(body),
      () => res.writeHead(404).end(),
    );
  };
}

/**
 * Runs `use` with the whole engine on `store` serving its REST API (on node:http, as in production)
 * at the URL it is given, e.g. `${url}/ae/api/v1/ping`, and the engine itself (to follow its status
 * events); the engine logs nothing.
 */
export async function withEngine<T>(store: Store, use: (url: string, engine: Engine) => Promise<T>, agents: readonly Agent[] = []): Promise<T> {
  const engine = await createEngine({ store, agents, logger: pino({ level: "silent" }), adminPassword: BENCH_PASSWORD, metricsSampleMs: 3_600_000 });
  try {
    return await withServer(engine.handleRest, (url) => use(url, engine));
  } finally {
    engine.beginShutdown();
    await engine.close();
  }
}
