import { CSRF_HEADER, ErrorCode, type OutError } from "@baton/contract";
import { fromOwnOrigin } from "@baton/engine";
import { parse as parseCookies, serialize as serializeCookie } from "cookie";
import type { NextFunction, Request, RequestHandler, Response } from "express";
import type { Session, SessionStore } from "./session-store";

export const SESSION_COOKIE = "baton_session";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The session of a request, if its cookie names a live one. */
export function sessionOf(req: Request, sessions: SessionStore): Promise<Session | undefined> {
  const cookies = parseCookies(req.headers.cookie ?? "");
  return sessions.touch(cookies[SESSION_COOKIE]);
}

/** Cookie settings of the session: httpOnly, same-site only, and Secure when served over HTTPS. */
function cookieOptions(res: Response) {
  return { httpOnly: true, sameSite: "strict" as const, path: "/", secure: res.req.secure };
}

export function setSessionCookie(res: Response, session: Session): void {
  res.setHeader("Set-Cookie", serializeCookie(SESSION_COOKIE, session.id, cookieOptions(res)));
}

export function clearSessionCookie(res: Response): void {
  res.setHeader("Set-Cookie", serializeCookie(SESSION_COOKIE, "", { ...cookieOptions(res), maxAge: 0 }));
}

/**
 * Requires a live session (401 otherwise) and, for state-changing methods, the session's CSRF
 * token in the `x-csrf-token` header (403 otherwise). Puts the session on `res.locals.session`.
 */
export function requireSession(sessions: SessionStore): RequestHandler {
  return async (req: Request, res: Response, next: NextFunction) => {
    const session = await sessionOf(req, sessions);
    if (session === undefined) {
      res.status(401).json({ code: ErrorCode.UNAUTHORIZED, error: "Not logged in.", details: "Log in to the console first; the session may have expired." } satisfies OutError);
      return;
    }
    if (!SAFE_METHODS.has(req.method) && !fromOwnOrigin(req.headers)) {
      res.status(403).json({ code: ErrorCode.FORBIDDEN, error: "Cross-origin request refused.", details: "State-changing requests must come from the console's own origin." } satisfies OutError);
      return;
    }
    if (!SAFE_METHODS.has(req.method) && req.get(CSRF_HEADER) !== session.csrfToken) {
      res.status(403).json({ code: ErrorCode.FORBIDDEN, error: "Missing CSRF token.", details: `State-changing requests need the ${CSRF_HEADER} header of the session.` } satisfies OutError);
      return;
    }
    res.locals["session"] = session;
    next();
  };
}

/** The session put there by requireSession. */
export function currentSession(res: Response): Session {
  const session: unknown = res.locals["session"];
  if (!isSession(session)) throw new Error("requireSession must run before this handler");
  return session;
}

function isSession(value: unknown): value is Session {
  return typeof value === "object" && value !== null && "csrfToken" in value && "password" in value;
}
