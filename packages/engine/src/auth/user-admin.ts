import { ErrorCode } from "@baton/contract";
import { NotFoundError } from "../domain/errors";
import { isRecord } from "../domain/object-definition";
import type { Store } from "../store/connect";
import { resetFailedLogins, setPasswordHash } from "../store/credentials-store";
import { findObject, replaceObject } from "../store/objects-store";
import { hashPassword } from "./passwords";
import { inTransaction } from "../store/transaction";

/** Sets `user_attributes.is_locked` of a USER object (the attribute operators see and export). */
async function setLocked(store: Store, client: number, userName: string, locked: boolean, actor: string, now: number): Promise<void> {
  await inTransaction(store.db, async (trx) => {
    const user = await findObject(trx, client, userName);
    if (user === undefined || user.type !== "USER") {
      throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "User not found.", `User '${userName}' does not exist in client ${client}.`);
    }
    const attributes = isRecord(user.body["user_attributes"]) ? user.body["user_attributes"] : {};
    await replaceObject(trx, client, { ...user, body: { ...user.body, user_attributes: { ...attributes, is_locked: locked ? 1 : 0 } } }, actor, now);
    await resetFailedLogins(trx, client, userName, now);
  });
}

/** Locks a user after too many failed logins. */
export function lockUser(store: Store, client: number, userName: string, now: number): Promise<void> {
  return setLocked(store, client, userName, true, "BATON", now);
}

/** Unlocks a user and clears its failed-login count. */
export function unlockUser(store: Store, client: number, userName: string, actor: string, now: number): Promise<void> {
  return setLocked(store, client, userName, false, actor, now);
}

/** Sets a user's password (stored as a scrypt hash only). */
export async function setUserPassword(store: Store, client: number, userName: string, password: string, now: number): Promise<void> {
  const user = await findObject(store.db, client, userName);
  if (user === undefined || user.type !== "USER") {
    throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "User not found.", `User '${userName}' does not exist in client ${client}.`);
  }
  await setPasswordHash(store.db, client, userName, await hashPassword(password), now);
}
