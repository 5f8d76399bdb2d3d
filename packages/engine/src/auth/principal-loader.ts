import { ErrorCode } from "@baton/contract";
import { UnauthorizedError } from "../domain/errors";
import type { Store } from "../store/connect";
import { findObject } from "../store/objects-store";
import type { Principal } from "./authenticator";
import { loadRights } from "./rights-loader";

/**
 * The principal of a user without a login: for work the engine resumes on the user's behalf
 * after a restart, with the user's rights as they are now.
 */
export async function loadPrincipal(store: Store, client: number, userName: string): Promise<Principal> {
  const user = await findObject(store.db, client, userName);
  if (user === undefined || user.type !== "USER") {
    throw new UnauthorizedError(ErrorCode.UNAUTHORIZED, "User not found.", `User '${userName}' no longer exists in client ${client}.`);
  }
  const [name = "", department = ""] = userName.split("/");
  return { client, userName, user: name, department, rights: await loadRights(store.db, user) };
}
