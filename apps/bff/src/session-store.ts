import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";
import type { ConsoleSessionRecords } from "@baton/engine";

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
/** A session's last request is written to the database at most this often. */
const TOUCH_EVERY_MS = 60 * 1000;

/**
 * Server-side sessions in the engine's database, so that every node serves every browser and a
 * restart ends none. The database holds only the hash of a session's id (the id is the browser's
 * cookie) and the password sealed with AES-256-GCM under the session key, bound to that hash.
 */
export class SessionStore {
  readonly #key: Buffer;

  constructor(
    private readonly records: ConsoleSessionRecords,
    /** The secret all nodes share (BATON_SESSION_KEY or the stored one); any length. */
    secret: string,
    private readonly now: () => number = Date.now,
  ) {
    this.#key = createHash("sha256").update(secret).digest();
  }

  /** Starts a new session with a fresh id (never reusing one the browser sent). */
  async create(login: Omit<Session, "id" | "csrfToken" | "lastSeen">): Promise<Session> {
    await this.records.deleteIdle(this.now() - SESSION_IDLE_MS);
    const session: Session = { ...login, id: token(), csrfToken: token(), lastSeen: this.now() };
    const idHash = hashOf(session.id);
    await this.records.insert({
      id_hash: idHash,
      csrf_token: session.csrfToken,
      client: session.client,
      user_name: session.user,
      department: session.department,
      sealed_password: this.#seal(session.password, idHash),
      created_at: session.lastSeen,
      last_seen_at: session.lastSeen,
    });
    return session;
  }

  /** The live session for an id, refreshing its idle time; expired ones are removed. */
  async touch(id: string | undefined): Promise<Session | undefined> {
    if (id === undefined || id.length > 100) return undefined;
    const idHash = hashOf(id);
    const row = await this.records.find(idHash);
    if (row === undefined) return undefined;
    const now = this.now();
    if (now - row.last_seen_at > SESSION_IDLE_MS) {
      await this.records.delete(idHash);
      return undefined;
    }
    const password = this.#open(row.sealed_password, idHash);
    if (password === undefined) return undefined;
    if (now - row.last_seen_at >= TOUCH_EVERY_MS) await this.records.touch(idHash, now);
    return { id, csrfToken: row.csrf_token, client: row.client, user: row.user_name, department: row.department, password, lastSeen: now };
  }

  /** Whether a session is still live (not ended, not idle too long), without refreshing it. */
  async isLive(id: string): Promise<boolean> {
    const row = await this.records.find(hashOf(id));
    return row !== undefined && this.now() - row.last_seen_at <= SESSION_IDLE_MS;
  }

  async delete(id: string): Promise<void> {
    await this.records.delete(hashOf(id));
  }

  #seal(text: string, idHash: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", this.#key, iv).setAAD(Buffer.from(idHash));
    const sealed = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
    return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString("base64url");
  }

  /** The sealed text, or undefined when another key sealed it (a node with another session key). */
  #open(sealed: string, idHash: string): string | undefined {
    const bytes = Buffer.from(sealed, "base64url");
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.#key, bytes.subarray(0, 12)).setAAD(Buffer.from(idHash));
      decipher.setAuthTag(bytes.subarray(12, 28));
      return Buffer.concat([decipher.update(bytes.subarray(28)), decipher.final()]).toString("utf8");
    } catch {
      return undefined;
    }
  }
}

function token(): string {
  return randomBytes(32).toString("base64url");
}

function hashOf(id: string): string {
  return createHash("sha256").update(id).digest("base64url");
}
