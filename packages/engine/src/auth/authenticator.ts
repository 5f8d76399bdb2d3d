import { createHash, randomBytes } from "node:crypto";
import { ErrorCode } from "@baton/contract";
import type { Logger } from "pino";
import type { Rights } from "../domain/authorization";
import { TooManyRequestsError, UnauthorizedError } from "../domain/errors";
import { loginRefusal, userAccount } from "../domain/user-account";
import type { Store } from "../store/connect";
import { findCredential, findCredentialsByName, recordFailedLogin, resetFailedLogins, type CredentialRow } from "../store/credentials-store";
import type { StoredObject } from "../store/objects-store";
import { findObject } from "../store/objects-store";
import type { Clock } from "../runtime/clock";
import { numericClientSetting } from "../store/client-settings";
import type { Credentials } from "./basic-credentials";
import { UNKNOWN_USER_HASH, verifyPassword } from "./passwords";
import { loadRights } from "./rights-loader";
import { LoginThrottle } from "./login-throttle";
import { lockUser, unlockUser } from "./user-admin";

/** Who a request acts as, with what it may do. */
export interface Principal {
  client: number;
  /** NAME/DEPARTMENT of the USER object. */
  userName: string;
  user: string;
  department: string;
  rights: Rights;
}

/** Successful logins are remembered this long, so each API call does not pay for scrypt. */
const CACHE_TTL_MS = 60_000;
const CACHE_MAX = 1000;

/**
 * Checks login data against the users of a client, counting failures and locking after too many.
 * Failures are throttled per source address first: past its limits an address gets 429 without a
 * password check, and what it sends then counts against no account.
 */
export class Authenticator {
  readonly #cache = new Map<string, { principal: Principal; expires: number }>();
  /** Checks under way, by cache key: the same login arriving meanwhile waits for that check. */
  readonly #checking = new Map<string, Promise<Principal>>();
  /** Counts forget(): a check that began before the last one does not remember its answer. */
  #generation = 0;
  readonly #throttle: LoginThrottle;
  // Cache keys are hashed with a per-process secret so that no password sits in memory as a key.
  readonly #secret = randomBytes(32);

  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly checkPassword: (password: string, stored: string) => Promise<boolean> = verifyPassword,
  ) {
    this.#throttle = new LoginThrottle(() => clock.now());
  }

  /**
   * Authenticates credentials for the client of the request path. A client named in the
   * credentials must be that client. Every refusal costs one password check, whether the user
   * exists or not. `address` is where the login comes from (the socket's remote address, or the
   * browser's for the console), for the throttle.
   */
  async authenticate(credentials: Credentials, pathClient: number, address: string): Promise<Principal> {
    // Checked before the cache too: a throttled address learns nothing about any password.
    const account = `${pathClient}/${credentials.user}/${credentials.department ?? ""}`;
    const wait = this.#throttle.retryAfter(address, account);
    if (wait > 0) {
      const seconds = Math.ceil(wait / 1000);
      throw new TooManyRequestsError(ErrorCode.UNAUTHORIZED, "Too many failed logins.", `Too many failed logins from this address; try again in ${seconds} seconds.`, seconds);
    }
    try {
      return await this.#authenticate(credentials, pathClient);
    } catch (error) {
      if (error instanceof UnauthorizedError) this.#throttle.recordFailure(address, account);
      throw error;
    }
  }

  /**
   * A remembered login, else one password check for it. Logins that arrive while the same login is
   * being checked (a console opening many streams, a client's burst) wait for that check and share
   * its answer, instead of each paying for scrypt.
   */
  async #authenticate(credentials: Credentials, pathClient: number): Promise<Principal> {
    if (credentials.client !== undefined && credentials.client !== pathClient) {
      throw refused("the client of the login data does not match the client of the request");
    }
    const key = createHash("sha256").update(this.#secret).update(JSON.stringify([pathClient, credentials.user, credentials.department ?? null, credentials.password])).digest("base64");
    const cached = this.#cache.get(key);
    if (cached !== undefined && cached.expires > this.clock.now()) return cached.principal;
    const underway = this.#checking.get(key);
    if (underway !== undefined) return underway;
    const generation = this.#generation;
    const check = this.#check(credentials, pathClient).finally(() => {
      if (this.#checking.get(key) === check) this.#checking.delete(key);
    });
    this.#checking.set(key, check);
    const principal = await check;
    if (generation === this.#generation) {
      if (this.#cache.size >= CACHE_MAX) this.#cache.clear();
      this.#cache.set(key, { principal, expires: this.clock.now() + CACHE_TTL_MS });
    }
    return principal;
  }

  async #check(credentials: Credentials, pathClient: number): Promise<Principal> {
    const now = this.clock.now();
    const db = this.store.db;
    const credential = await this.#lookup(pathClient, credentials);
    const valid = await this.checkPassword(credentials.password, credential?.passwordHash ?? (await UNKNOWN_USER_HASH));
    const user = credential && (await findObject(db, pathClient, credential.userName));
    if (credential === undefined || user === undefined) throw refused("user, department or password is wrong");
    const account = { ...userAccount(user.body), locked: await this.#stillLocked(credential, user, now) };
    if (!valid) {
      if (!account.locked) await this.#countFailure(credential, now);
      throw refused("user, department or password is wrong");
    }
    const refusal = loginRefusal(account, now);
    if (refusal !== undefined) throw refused(refusal);
    if (credential.failedLogins > 0 || credential.lockedAt !== null) await resetFailedLogins(db, pathClient, credential.userName, now);

    const [name = "", department = ""] = credential.userName.split("/");
    return { client: pathClient, userName: credential.userName, user: name, department, rights: await loadRights(db, user) };
  }

  /**
   * Forgets remembered logins; called whenever users, groups or passwords change. With `unlocked`,
   * an administrator unlocked that user: the failures its login had from any address are forgotten too.
   */
  forget(unlocked?: { client: number; userName: string }): void {
    this.#cache.clear();
    this.#checking.clear();
    this.#generation++;
    if (unlocked === undefined) return;
    const [name = "", department = ""] = unlocked.userName.split("/");
    // The throttle knows a login as it was given: with its department or without.
    this.#throttle.forgetAccounts([`${unlocked.client}/${name}/${department}`, `${unlocked.client}/${name}/`]);
  }

  /**
   * Whether the user is locked now. A lock set by failed logins ends by itself once the client's
   * LOGIN_LOCK_MINUTES have passed (0: never); a lock an administrator set has no time and stays.
   */
  async #stillLocked(credential: CredentialRow, user: StoredObject, now: number): Promise<boolean> {
    if (!userAccount(user.body).locked) return false;
    if (credential.lockedAt === null) return true;
    const minutes = await numericClientSetting(this.store.db, credential.client, "LOGIN_LOCK_MINUTES");
    if (minutes === 0 || now < credential.lockedAt + minutes * 60_000) return true;
    await unlockUser(this.store, credential.client, credential.userName, "BATON", now);
    this.logger.info({ client: credential.client, user: credential.userName, minutes }, "the lock of a user after failed logins expired");
    return false;
  }

  async #countFailure(credential: CredentialRow, now: number): Promise<void> {
    const db = this.store.db;
    const failures = await recordFailedLogin(db, credential.client, credential.userName, now);
    const limit = await numericClientSetting(db, credential.client, "LOGIN_MAX_FAILURES");
    if (failures >= limit) {
      await lockUser(this.store, credential.client, credential.userName, now);
      this.forget();
      this.logger.warn({ client: credential.client, user: credential.userName, failures }, "user locked after failed logins");
    }
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
