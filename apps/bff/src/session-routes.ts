import { ErrorCode, InSessionBody, InSessionPermissionsQuery, InSwitchClientBody, type OutError, type OutSession, type OutSessionPermissions, type OutValidationError } from "@baton/contract";
import type { Engine, Principal } from "@baton/engine";
import { DomainError, fromOwnOrigin, permissionsOf, TooManyRequestsError } from "@baton/engine";
import { Router, type Response } from "express";
import type { Logger } from "pino";
import { jsonBody } from "./json-body";
import { methodNotAllowed } from "./plain-answers";
import { clearSessionCookie, currentSession, requireSession, setSessionCookie } from "./session-middleware";
import type { Session, SessionStore } from "./session-store";

interface Login {
  client: number;
  user: string;
  department: string | undefined;
  password: string;
}

/** /bff/session: log in (credentials checked by the engine, kept server-side), who am I, switch client, log out. */
export function sessionRoutes(engine: Engine, sessions: SessionStore, logger: Logger): Router {
  const router = Router();
  // Answers carry the session's CSRF token: no cache keeps them.
  router.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  async function present(session: Session): Promise<OutSession> {
    const clients = await engine.clientsOfUser(`${session.user}/${session.department}`);
    return { client: session.client, user: session.user, department: session.department, csrf_token: session.csrfToken, clients };
  }

  /**
   * Checks the login with the engine and starts a new session (a new id every time). The engine
   * throttles failed logins by the browser's address, the same throttle as for the REST API.
   */
  async function startSession(res: Response, login: Login, ip: string): Promise<Session | undefined> {
    try {
      const principal = await engine.authenticate(login, login.client, ip);
      const session = await sessions.create({ client: principal.client, user: principal.user, department: principal.department, password: login.password });
      setSessionCookie(res, session);
      logger.info({ client: principal.client, user: principal.userName }, "console login");
      return session;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      logger.info({ client: login.client, user: login.user }, "console login refused");
      answerRefusedLogin(res, error);
      return undefined;
    }
  }

  router.post("/", jsonBody("16kb"), async (req, res) => {
    if (!fromOwnOrigin(req.headers)) {
      res.status(403).json({ code: ErrorCode.FORBIDDEN, error: "Cross-origin request refused.", details: "Log in from the console's own origin." } satisfies OutError);
      return;
    }
    const parsed = InSessionBody.safeParse(req.body);
    if (!parsed.success) {
      // Login data is never echoed back.
      res.status(400).json(parsed.error.issues.map((i) => ({ code: ErrorCode.INVALID_REQUEST, error: i.message, path: i.path.join("."), invalid_value: null })));
      return;
    }
    const { client, user, department, password } = parsed.data;
    const session = await startSession(res, { client, user: user.toUpperCase(), department: department.toUpperCase() || undefined, password }, req.ip ?? "");
    if (session) res.json(await present(session));
  });

  router.get("/", requireSession(sessions), async (_req, res) => {
    res.json(await present(currentSession(res)));
  });

  router.post("/client", requireSession(sessions), jsonBody("1kb"), async (req, res) => {
    const parsed = InSwitchClientBody.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json(parsed.error.issues.map((i) => ({ code: ErrorCode.INVALID_REQUEST, error: i.message, path: i.path.join("."), invalid_value: req.body?.client ?? null })));
      return;
    }
    const old = currentSession(res);
    const session = await startSession(res, { client: parsed.data.client, user: old.user, department: old.department, password: old.password }, req.ip ?? "");
    if (session === undefined) return;
    await sessions.delete(old.id);
    res.json(await present(session));
  });

  /**
   * What the session's user may do, for the console to offer only what the engine will do: its
   * privileges and the acts on each `object=TYPE:NAME` (at most 100), in the session's client. The
   * user is authenticated as the proxy's requests are, so the rights are those of now.
   */
  router.get("/permissions", requireSession(sessions), async (req, res) => {
    const parsed = InSessionPermissionsQuery.safeParse(req.query);
    if (!parsed.success) {
      const asked: unknown = req.query.object;
      const refused = (index: PropertyKey | undefined) => (Array.isArray(asked) && typeof index === "number" ? (asked[index] ?? null) : typeof asked === "string" ? asked : null);
      res.status(400).json(parsed.error.issues.map((i) => ({ code: ErrorCode.INVALID_REQUEST, error: i.message, path: i.path.join("."), invalid_value: refused(i.path[1]) }) satisfies OutValidationError));
      return;
    }
    const session = currentSession(res);
    let principal: Principal;
    try {
      principal = await engine.authenticate({ client: session.client, user: session.user, department: session.department, password: session.password }, session.client, req.ip ?? "");
    } catch (error) {
      // The user's password changed or it was locked since the login: the session ends here, as at
      // the API proxy, so that its stale login is not sent again on every call toward a lock.
      if (!(error instanceof DomainError)) throw error;
      if (!(error instanceof TooManyRequestsError)) {
        await sessions.delete(session.id);
        clearSessionCookie(res);
      }
      answerRefusedLogin(res, error);
      return;
    }
    const { privileges, objects } = permissionsOf(principal, parsed.data.object);
    res.json({ privileges: [...privileges], objects: [...objects] } satisfies OutSessionPermissions);
  });

  router.delete("/", requireSession(sessions), async (_req, res) => {
    await sessions.delete(currentSession(res).id);
    clearSessionCookie(res);
    res.status(204).end();
  });
  router.all("/", methodNotAllowed(["GET", "HEAD", "POST", "DELETE"]));
  router.all("/client", methodNotAllowed(["POST"]));
  router.all("/permissions", methodNotAllowed(["GET", "HEAD"]));
  return router;
}

/** A login the engine refused: 429 with Retry-After while its address is throttled, else 401. */
function answerRefusedLogin(res: Response, error: DomainError): void {
  if (error instanceof TooManyRequestsError) res.status(429).setHeader("Retry-After", String(error.retryAfterSeconds));
  else res.status(401);
  res.json({ code: error.code, error: error.message, details: error.details } satisfies OutError);
}
