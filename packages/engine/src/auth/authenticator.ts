import { createHash, randomBytes } from "node:crypto";
import { ErrorCode } from "@baton/contract";
import { UnauthorizedError } from "../domain/errors";
import type { Store } from "../store/connect";
import { findCredential, findCredentialsByName, type CredentialRow } from "../store/credentials-store";
import type { Clock } from "../runtime/clock";
import type { Credentials } from "./basic-credentials";
import { UNKNOWN_USER_HASH, verifyPassword } from "./passwords";

/** Who a request acts as. */
export interface Principal {
  client: number;
  /** NAME/DEPARTMENT of the USER object. */
  userName: string;
  user: string;
  department: string;
}

/** Successful logins are remembered this long, so each API call does not pay for scrypt. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 1000;

/** Checks login data against the users of a client. */
export class Authenticator {
  readonly #cache = new Map<string, { principal: Principal; expires: number }>();
  // Cache keys are hashed with a per-process secret so that no password sits in memory as a key.
  readonly #secret = randomBytes(32);

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  /**
   * Authenticates credentials for the client of the request path. A client named in the
   * credentials must be that client.
   */
  async authenticate(credentials: Credentials, pathClient: number): Promise<Principal> {
    if (credentials.client !== undefined && credentials.client !== pathClient) {
      throw refused("the client of the login data does not match the client of the request");
    }
    const key = createHash("sha256").update(this.#secret).update(JSON.stringify([pathClient, credentials.user, credentials.department ?? null, credentials.password])).digest("base64");
    const now = this.clock.now();
    const cached = this.#cache.get(key);
    if (cached !== undefined && cached.expires > now) return cached.principal;

    const credential = await this.#lookup(pathClient, credentials);
    const valid = await verifyPassword(credentials.password, credential?.passwordHash ?? (await UNKNOWN_USER_HASH));
    if (credential === undefined || !valid) throw refused("user, department or password is wrong");
    const [user = "", department = ""] = credential.userName.split("/");
    const principal: Principal = { client: pathClient, userName: credential.userName, user, department };
    if (this.#cache.size >= CACHE_MAX) this.#cache.clear();
    this.#cache.set(key, { principal, expires: now + CACHE_TTL_MS });
    return principal;
  }

  /** Forgets remembered logins, e.g. after a password change. */
  forget(): void {
    this.#cache.clear();
  }

  async #lookup(client: number, credentials: Credentials): Promise<CredentialRow | undefined> {
    if (credentials.department !== undefined) return findCredential(this.store.db, client, `${credentials.user}/${credentials.department}`);
    // Without a department the name must be unambiguous within the client.
    const candidates = await findCredentialsByName(this.store.db, client, credentials.user);
    return candidates.length === 1 ? candidates[0] : undefined;
  }
}

function refused(details: string): UnauthorizedError {
  return new UnauthorizedError(ErrorCode.UNAUTHORIZED, "Login data not valid.", details);
}
