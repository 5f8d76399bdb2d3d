import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { API_BASE, type Engine } from "@baton/engine";
import type { Express } from "express";

/**
 * One node:http server per process: the REST interface goes straight to the engine's router
 * (Express would cost it most of its throughput); everything else is the BFF. Upgrades are
 * standalone agents connecting.
 */
export function createHttpServer(engine: Engine, bff: Express, tls?: { cert: string; key: string }): Server {
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`)) engine.handleRest(req, res);
    else bff(req, res);
  };
  const server = tls ? createTlsServer(tls, handle) : createServer(handle);
  // Standalone agents connect over WebSocket; no other upgrade is offered.
  server.on("upgrade", (req, socket, head) => {
    if (!engine.handleUpgrade(req, socket, head)) socket.end("HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n");
  });
  return server;
}
