import { randomBytes } from "node:crypto";

/** What the BFF keeps for a logged-in browser; the password never leaves the server. */
export interface Session {
  id: string;
  csrfToken: string;
  client: number;
  user: string;
  department: string;
  password: string;
  lastSeen: number;
}

/** Sessions end after this long without a request. */
export const SESSION_IDLE_MS = 30 * 60 * 1000;

/**
 * Server-side sessions in memory. A restart of the process ends every session: the console
 * then asks for the login again.
 */
export class SessionStore {
  readonly #sessions = new Map<string, Session>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Starts a new session with a fresh id (never reusing one the browser sent). */
  create(login: Omit<Session, "id" | "csrfToken" | "lastSeen">): Session {
    this.#sweep();
    const session: Session = { ...login, id: token(), csrfToken: token(), lastSeen: this.now() };
    this.#sessions.set(session.id, session);
    return session;
  }

  /** The live session for an id, refreshing its idle timer; expired ones are removed. */
  touch(id: string | undefined): Session | undefined {
    if (id === undefined) return undefined;
    const session = this.#sessions.get(id);
    if (session === undefined) return undefined;
    if (this.now() - session.lastSeen > SESSION_IDLE_MS) {
      this.#sessions.delete(id);
      return undefined;
    }
    session.lastSeen = this.now();
    return session;
  }

  delete(id: string): void {
    this.#sessions.delete(id);
  }

  #sweep(): void {
    const cutoff = this.now() - SESSION_IDLE_MS;
    for (const [id, session] of this.#sessions) if (session.lastSeen < cutoff) this.#sessions.delete(id);
  }
}

function token(): string {
  return randomBytes(32).toString("base64url");
}
