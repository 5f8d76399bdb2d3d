import { isRecord } from "@baton/contract";
import type { Kysely } from "kysely";
import { authorizationEntries, type Rights } from "../domain/authorization";
import { privilegesOf } from "../domain/user-account";
import type { StoredObject } from "../store/objects-store";
import { findObjectsOfType } from "../store/objects-store";
import type { Database } from "../store/schema";

/**
 * A user's rights: its own privileges and authorizations plus those of every USRG whose
 * `members` list it (entries `{"name": "NAME/DEPT"}` or plain strings).
 */
export async function loadRights(db: Kysely<Database>, user: StoredObject): Promise<Rights> {
  const groups = (await findObjectsOfType(db, user.client, "USRG")).filter((group) => membersOf(group.body).includes(user.name));
  const sources = [user.body, ...groups.map((g) => g.body)];
  return {
    privileges: new Set(sources.flatMap(privilegesOf)),
    authorizations: sources.flatMap(authorizationEntries),
  };
}

function membersOf(body: Record<string, unknown>): string[] {
  const members = body["members"];
  if (!Array.isArray(members)) return [];
  return members
    .map((m) => (typeof m === "string" ? m : isRecord(m) ? (m["name"] ?? m["member"] ?? m["user"]) : undefined))
    .filter((m): m is string => typeof m === "string")
    .map((m) => m.toUpperCase());
}
