import { ErrorCode, type OutError } from "@baton/contract";
import { API_BASE, basicAuthorization } from "@baton/engine";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import { createProxyMiddleware } from "http-proxy-middleware";
import type { Logger } from "pino";
import { currentSession } from "./session-middleware";
import type { Session } from "./session-store";

/**
 * Request headers the engine gets from the browser (those of an RA solution upload too, and the
 * body's framing); everything else (cookies first, `Expect`, `Connection`) stays here.
 * `sec-fetch-site` lets the engine refuse a change that another site's page sent.
 */
const REQUEST_HEADERS = new Set(["accept", "accept-encoding", "content-type", "content-length", "transfer-encoding", "host", "last-event-id", "x-request-id", "checksum", "algorithm", "ignore-signature", "sec-fetch-site"]);
/** Response headers the browser gets from the engine (no WWW-Authenticate: no browser login dialog). */
const RESPONSE_HEADERS = new Set(["content-type", "content-length", "content-encoding", "cache-control", "allow", "content-disposition", "x-content-type-options", "date", "retry-after"]);

export interface ApiProxyOptions {
  engineUrl: () => string;
  /** Headers naming the browser's address to the engine (see apiProxy). */
  forwardingHeaders: (address: string) => Record<string, string>;
  /** The engine refused the session's login (its password changed, the user was locked): the session ends here. */
  onLoginRefused: (session: Session) => Promise<void>;
  logger: Logger;
}

/**
 * /api/* → the engine's /ae/api/v1/*, with the session's credentials added as Basic
 * authentication server-side. Mounted before any body parser so bodies stream through untouched.
 * `forwardingHeaders` names the browser's address to the engine, whose login throttle then counts
 * a refused login for that browser rather than for this process's loopback address.
 *
 * The headers are set on the request before the proxy copies them, not on its outgoing request:
 * that one may have sent its headers already (with `Expect: 100-continue` it does at once). A path
 * of another client than the session's is answered here (403), and one whose first segment is not
 * the session's client as the engine writes it (404), so that a link cannot make the engine refuse
 * the session's login and end it.
 */
export function apiProxy({ engineUrl, forwardingHeaders, onLoginRefused, logger }: ApiProxyOptions): RequestHandler[] {
  const endSession = (session: Session) => void onLoginRefused(session).catch((error: unknown) => logger.error({ err: error }, "could not end a refused console session"));
  const proxy = createProxyMiddleware({
    router: () => engineUrl(),
    pathRewrite: (path) => `${API_BASE}${path}`,
    changeOrigin: true,
    xfwd: false,
    // The engine is this same process: over HTTPS its certificate need not name the loopback address.
    secure: false,
    on: {
      proxyRes: (proxyRes, _req, res) => {
        for (const name of Object.keys(proxyRes.headers)) if (!RESPONSE_HEADERS.has(name)) delete proxyRes.headers[name];
        // Sending a refused login again would only count failures against the user: the session ends.
        // (The proxy runs as Express middleware, so `res` is Express's, with the session on it.)
        if (proxyRes.statusCode === 401) endSession(currentSession(res as Response));
      },
      error: (error, _req, res) => {
        logger.error({ err: error }, "engine unreachable through the API proxy");
        if ("writeHead" in res && !res.headersSent) {
          res.writeHead(502, { "Content-Type": "application/json" });
          res.end(JSON.stringify({ code: ErrorCode.INTERNAL, error: "Engine unreachable.", details: "The console could not reach the engine; try again in a moment." } satisfies OutError));
        }
      },
    },
  });
  return [(req, res, next) => forSession(req, res, next, forwardingHeaders), proxy];
}

/** Keeps the browser's headers the engine may have, adds the session's login and the browser's address. */
function forSession(req: Request, res: Response, next: NextFunction, forwardingHeaders: ApiProxyOptions["forwardingHeaders"]): void {
  const session = currentSession(res);
  const segment = req.path.split("/")[1] ?? "";
  if (segment !== String(session.client) && !CLIENTLESS_ROOTS.has(segment)) {
    const client = pathClient(segment);
    if (client !== undefined && client !== String(session.client)) {
      res.status(403).json({ code: ErrorCode.FORBIDDEN, error: "Another client.", details: `The console is logged in to client ${session.client}; switch client to reach client ${client}.` } satisfies OutError);
    } else {
      res.status(404).json({ code: ErrorCode.NOT_FOUND, error: "Resource not found.", details: `The console's API paths start with its client: /api/${session.client}/…` } satisfies OutError);
    }
    return;
  }
  for (const name of Object.keys(req.headers)) if (!REQUEST_HEADERS.has(name)) delete req.headers[name];
  // The socket's address, as the session routes' (Express's `trust proxy` is off).
  Object.assign(req.headers, forwardingHeaders(req.socket.remoteAddress ?? ""), {
    authorization: basicAuthorization({ client: session.client, user: session.user, department: session.department, password: session.password }),
  });
  next();
}

/**
 * The first path segments of the engine's operations that name no client (`/ping`, the OpenAPI
 * documents). Any other path goes to the engine only when its first segment is the session's client
 * written as the engine writes it: another spelling of a number (`%30`, `+0`, `0x0`, an empty
 * segment before it) could reach another client, whose refusal would end the session.
 */
const CLIENTLESS_ROOTS = new Set(["ping", "openapi.json", "openapi2"]);

/** The client a path's first segment names (decoded), when it reads as a number. */
function pathClient(segment: string): string | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(segment);
  } catch {
    return undefined;
  }
  return /^\d+$/.test(decoded.trim()) ? String(Number(decoded.trim())) : undefined;
}
