import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { createServer as createTlsServer } from "node:https";
import { ErrorCode, type OutError } from "@baton/contract";
import { answerClientError, API_BASE, type Engine } from "@baton/engine";
import type { Express } from "express";
import type { Logger } from "pino";

/** What a request gets when its handler threw before it could answer. */
const INTERNAL_ERROR = JSON.stringify({ code: ErrorCode.INTERNAL, error: "Internal error.", details: "The request failed; the server log has the details." } satisfies OutError);

/** The answer to an upgrade of any path but the agents' endpoint. */
/**
 * How long an idle keep-alive connection stays open: longer than clients and load balancers
 * commonly keep theirs (60 s), so that a request after a pause is not sent on a connection the
 * server is just closing (node's 5 s default made such a request fail with ECONNRESET).
 */
export const KEEP_ALIVE_MS = 65_000;

const NO_UPGRADE = JSON.stringify({ code: ErrorCode.NOT_FOUND, error: "Resource not found.", details: "Only standalone agents upgrade their connection, at the agents' endpoint." } satisfies OutError);

/**
 * One node:http server per process: the REST interface goes straight to the engine's router
 * (Express would cost it most of its throughput); everything else is the BFF. Upgrades are
 * standalone agents connecting.
 */
export function createHttpServer(engine: Engine, bff: Express, logger: Logger, tls?: { cert: string; key: string }): Server {
  const route = (req: IncomingMessage, res: ServerResponse) => {
    const url = req.url ?? "/";
    if (url === API_BASE || url.startsWith(`${API_BASE}/`) || url.startsWith(`${API_BASE}?`)) engine.handleRest(req, res);
    else bff(req, res);
  };
  // Both handlers answer their own errors; a throw that still escapes one (a bug) fails that request
  // only: thrown out of a "request" listener it would end the process.
  const handle = (req: IncomingMessage, res: ServerResponse) => {
    try {
      route(req, res);
    } catch (error) {
      logger.error({ err: error, path: req.url?.split("?")[0] }, "request handler threw");
      if (res.headersSent) res.destroy();
      else res.writeHead(500, { "Content-Type": "application/json", "Cache-Control": "no-store" }).end(INTERNAL_ERROR);
    }
  };
  const server = tls ? createTlsServer(tls, handle) : createServer(handle);
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // What node:http refuses before any handler runs (431, malformed HTTP, timeouts) also answers an OutError.
  server.on("clientError", answerClientError);
  // Standalone agents connect over WebSocket; no other upgrade is offered.
  server.on("upgrade", (req, socket, head) => {
    // node:http hands an upgraded socket over without its error listener: a peer resetting the
    // connection while its credential is checked, or while a refusal is written, would end the process.
    socket.on("error", () => socket.destroy());
    try {
      if (!engine.handleUpgrade(req, socket, head)) socket.end(`HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(NO_UPGRADE)}\r\n\r\n${NO_UPGRADE}`);
    } catch (error) {
      logger.error({ err: error }, "upgrade handler threw");
      socket.destroy();
    }
  });
  return server;
}
