import { ErrorCode, isRecord } from "@baton/contract";
import { NotFoundError } from "../domain/errors";
import { userAccount } from "../domain/user-account";
import type { Store } from "../store/connect";
import { findCredential, setLockedAt, setPasswordHash } from "../store/credentials-store";
import { findObject, replaceObject } from "../store/objects-store";
import { hashPassword } from "./passwords";
import { inTransaction } from "../store/transaction";

/** What an unlock found and did. */
export interface UnlockResult {
  /** Whether the user was locked (`is_locked` 1) before. */
  wasLocked: boolean;
  /** The failed logins counted since the last success, now cleared. */
  failedLogins: number;
}

/**
 * Sets `user_attributes.is_locked` of a USER object (the attribute operators see and export) and
 * starts its failure count again; `lockedAt` is when failed logins locked it (null on unlock).
 */
async function setLocked(store: Store, client: number, userName: string, locked: boolean, lockedAt: number | null, actor: string, now: number): Promise<UnlockResult> {
  return inTransaction(store.db, async (trx) => {
    const user = await findObject(trx, client, userName);
    if (user === undefined || user.type !== "USER") {
      throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "User not found.", `User '${userName}' does not exist in client ${client}.`);
    }
    const before = { wasLocked: userAccount(user.body).locked, failedLogins: (await findCredential(trx, client, userName))?.failedLogins ?? 0 };
    const attributes = isRecord(user.body["user_attributes"]) ? user.body["user_attributes"] : {};
    if (before.wasLocked !== locked) {
      await replaceObject(trx, client, { ...user, body: { ...user.body, user_attributes: { ...attributes, is_locked: locked ? 1 : 0 } } }, actor, now);
    }
    await setLockedAt(trx, client, userName, lockedAt, now);
    return before;
  });
}

/** Locks a user after too many failed logins; the lock may expire (client setting LOGIN_LOCK_MINUTES). */
export async function lockUser(store: Store, client: number, userName: string, now: number): Promise<void> {
  await setLocked(store, client, userName, true, now, "BATON", now);
}

/** Unlocks a user and clears its failed-login count; says whether it was locked and how many failures it had. */
export function unlockUser(store: Store, client: number, userName: string, actor: string, now: number): Promise<UnlockResult> {
  return setLocked(store, client, userName, false, null, actor, now);
}

/** Sets a user's password (stored as a scrypt hash only). */
export async function setUserPassword(store: Store, client: number, userName: string, password: string, now: number): Promise<void> {
  const user = await findObject(store.db, client, userName);
  if (user === undefined || user.type !== "USER") {
    throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "User not found.", `User '${userName}' does not exist in client ${client}.`);
  }
  await setPasswordHash(store.db, client, userName, await hashPassword(password), now);
}
