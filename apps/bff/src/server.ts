import { createServer, type Server } from "node:http";
import { API_BASE, type Engine } from "@baton/engine";
import type { Express } from "express";

/**
 * One node:http server per process: the REST interface goes straight to the engine's router
 * (Express would cost it most of its throughput); everything else is the BFF.
 */
export function createHttpServer(engine: Engine, bff: Express): Server {
  return createServer((req, res) => {
    const url = req.url ?? "/";
    if (url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`)) engine.handleRest(req, res);
    else bff(req, res);
  });
}
