import { API_BASE, basicAuthorization } from "@baton/engine";
import type { RequestHandler } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import type { Logger } from "pino";
import { currentSession } from "./session-middleware";

/** Request headers the engine gets from the browser (those of an RA solution upload too); everything else (cookies first) stays here. */
const REQUEST_HEADERS = new Set(["accept", "accept-encoding", "content-type", "content-length", "host", "connection", "last-event-id", "x-request-id", "checksum", "algorithm", "ignore-signature"]);
/** Response headers the browser gets from the engine (no WWW-Authenticate: no browser login dialog). */
const RESPONSE_HEADERS = new Set(["content-type", "content-length", "content-encoding", "cache-control", "allow", "content-disposition", "x-content-type-options", "date", "retry-after"]);

/**
 * /api/* → the engine's /ae/api/v1/*, with the session's credentials added as Basic
 * authentication server-side. Mounted before any body parser so bodies stream through untouched.
 * `forwardingHeaders` names the browser's address to the engine, whose login throttle then counts
 * a refused login for that browser rather than for this process's loopback address.
 */
export function apiProxy(engineUrl: () => string, forwardingHeaders: (address: string) => Record<string, string>, logger: Logger): RequestHandler {
  return createProxyMiddleware({
    router: () => engineUrl(),
    pathRewrite: (path) => `${API_BASE}${path}`,
    changeOrigin: true,
    xfwd: false,
    // The engine is this same process: over HTTPS its certificate need not name the loopback address.
    secure: false,
    on: {
      proxyReq: (proxyReq, req, res) => {
        for (const name of proxyReq.getHeaderNames()) if (!REQUEST_HEADERS.has(name)) proxyReq.removeHeader(name);
        // The socket's address, as the session routes' (Express's `trust proxy` is off).
        for (const [name, value] of Object.entries(forwardingHeaders(req.socket.remoteAddress ?? ""))) proxyReq.setHeader(name, value);
        const session = currentSession(res);
        proxyReq.setHeader(
          "authorization",
          basicAuthorization({ client: session.client, user: session.user, department: session.department, password: session.password }),
        );
      },
      proxyRes: (proxyRes) => {
        for (const name of Object.keys(proxyRes.headers)) if (!RESPONSE_HEADERS.has(name)) delete proxyRes.headers[name];
      },
      error: (error, _req, res) => {
        logger.error({ err: error }, "engine unreachable through the API proxy");
        if ("writeHead" in res && !res.headersSent) {
          res.writeHead(502, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ code: 45199, error: "Engine unreachable.", details: "The console could not reach the engine; try again in a moment." }));
        }
      },
    },
  });
}
