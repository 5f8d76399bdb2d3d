import { ErrorCode, type OutError } from "@baton/contract";
import type { Engine } from "@baton/engine";
import express, { type Express, type NextFunction, type Request, type Response } from "express";
import type { Logger } from "pino";
import { apiProxy } from "./api-proxy";
import { consoleStatic } from "./console-static";
import { eventsRoute } from "./events-route";
import { JsonTooDeepError } from "./json-body";
import { methodNotAllowed, notFound } from "./plain-answers";
import { requireSession } from "./session-middleware";
import { sessionRoutes } from "./session-routes";
import { SessionStore } from "./session-store";

export interface BffOptions {
  engine: Engine;
  /** Base URL of the engine's REST API host (this process's own server when the engine runs here). */
  engineUrl: () => string;
  consoleDir: string;
  /** The secret that seals the sessions' logins; the same on every node of a database. */
  sessionSecret: string;
  logger: Logger;
  /** See StartOptions.eventsHeartbeatMs. */
  eventsHeartbeatMs?: number;
}

/** The backend-for-frontend: console sessions, the API proxy, live events and the console itself. */
export function createBffApp({ engine, engineUrl, consoleDir, sessionSecret, logger, eventsHeartbeatMs }: BffOptions): Express {
  const app = express();
  const sessions = new SessionStore(engine.consoleSessions, sessionSecret);
  app.disable("x-powered-by");
  app.set("trust proxy", false);
  app.use((_req, res, next) => {
    res.setHeader("X-Content-Type-Options", "nosniff");
    next();
  });

  // The proxy comes before any body parser, so request bodies stream to the engine unread.
  const proxy = apiProxy({ engineUrl, forwardingHeaders: (address) => engine.forwardingHeaders(address), onLoginRefused: (session) => sessions.delete(session.id), logger });
  app.use("/api", requireSession(sessions), ...proxy);
  app.use("/bff/session", sessionRoutes(engine, sessions, logger));
  app.get("/bff/events", requireSession(sessions), eventsRoute(engine, sessions, eventsHeartbeatMs));
  app.all("/bff/events", methodNotAllowed(["GET", "HEAD"]));
  app.use("/bff", (req, res) => notFound(req, res));
  app.use("/ae", (req, res) => notFound(req, res));
  app.use(consoleStatic(consoleDir));
  // What the console does not serve (a POST to one of its pages, say) answers as the API does.
  app.use((req, res) => notFound(req, res));

  app.use((error: unknown, req: Request, res: Response, _next: NextFunction) => {
    const status = typeof error === "object" && error !== null && "status" in error && typeof error.status === "number" ? error.status : 500;
    if (status >= 500) logger.error({ err: error, path: req.path }, "console request failed");
    if (res.headersSent) return;
    // A file the console does not have, or a path it will not serve (`..`): its place on this
    // machine is nobody's business.
    if (status === 404 || status === 403) return notFound(req, res);
    res.status(status).json({
      code: status === 413 ? ErrorCode.PAYLOAD_TOO_LARGE : status >= 500 ? ErrorCode.INTERNAL : error instanceof JsonTooDeepError ? ErrorCode.MALFORMED_BODY : ErrorCode.INVALID_REQUEST,
      error: status >= 500 ? "Internal error." : "Request not accepted.",
      details: status >= 500 ? "The console backend failed; its log has the details." : error instanceof Error ? error.message : "The request could not be read.",
    } satisfies OutError);
  });
  return app;
}
