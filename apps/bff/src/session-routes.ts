import { ErrorCode, InSessionBody, type OutError, type OutSession } from "@baton/contract";
import type { Engine } from "@baton/engine";
import { DomainError } from "@baton/engine";
import express, { Router } from "express";
import type { Logger } from "pino";
import { clearSessionCookie, currentSession, isSameOrigin, requireSession, setSessionCookie } from "./session-middleware";
import type { Session, SessionStore } from "./session-store";

function present(session: Session): OutSession {
  return { client: session.client, user: session.user, department: session.department, csrf_token: session.csrfToken };
}

/** /bff/session: log in (credentials checked by the engine, kept server-side), who am I, log out. */
export function sessionRoutes(engine: Engine, sessions: SessionStore, logger: Logger): Router {
  const router = Router();
  router.post("/", express.json({ limit: "16kb" }), async (req, res) => {
    if (!isSameOrigin(req)) {
      res.status(403).json({ code: ErrorCode.FORBIDDEN, error: "Cross-origin request refused.", details: "Log in from the console's own origin." } satisfies OutError);
      return;
    }
    const parsed = InSessionBody.safeParse(req.body);
    if (!parsed.success) {
      // Login data is never echoed back.
      res.status(400).json(
        parsed.error.issues.map((i) => ({ code: ErrorCode.INVALID_REQUEST, error: i.message, path: i.path.join("."), invalid_value: null })),
      );
      return;
    }
    const login = parsed.data;
    const credentials = { client: login.client, user: login.user.toUpperCase(), department: login.department.toUpperCase() || undefined, password: login.password };
    try {
      const principal = await engine.authenticate(credentials, login.client);
      const session = sessions.create({ client: principal.client, user: principal.user, department: principal.department, password: login.password });
      setSessionCookie(res, session);
      logger.info({ client: principal.client, user: principal.userName }, "console login");
      res.json(present(session));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      logger.info({ client: login.client, user: credentials.user }, "console login refused");
      res.status(401).json({ code: error.code, error: error.message, details: error.details } satisfies OutError);
    }
  });
  router.get("/", requireSession(sessions), (_req, res) => {
    res.json(present(currentSession(res)));
  });
  router.delete("/", requireSession(sessions), (_req, res) => {
    sessions.delete(currentSession(res).id);
    clearSessionCookie(res);
    res.status(204).end();
  });
  return router;
}
