import type { Kysely } from "kysely";
import { matchesWildcard } from "./like";
import type { Database } from "./schema";
import type { UserCredentialsTable } from "./schema/objects";

export interface CredentialRow {
  client: number;
  userName: string;
  passwordHash: string;
  failedLogins: number;
  /** When failed logins locked the user (epoch ms), or null. */
  lockedAt: number | null;
}

const COLUMNS = ["client", "user_name", "password_hash", "failed_logins", "locked_at"] as const;

function credentialRow(row: Pick<UserCredentialsTable, (typeof COLUMNS)[number]>): CredentialRow {
  return { client: row.client, userName: row.user_name, passwordHash: row.password_hash, failedLogins: row.failed_logins, lockedAt: row.locked_at };
}

export async function findCredential(db: Kysely<Database>, client: number, userName: string): Promise<CredentialRow | undefined> {
  const row = await db
    .selectFrom("user_credentials")
    .select(COLUMNS)
    .where("client", "=", client)
    .where("user_name", "=", userName)
    .executeTakeFirst();
  return row && credentialRow(row);
}

/** User names of a client whose name part is `name` (any department). */
export async function findCredentialsByName(db: Kysely<Database>, client: number, name: string): Promise<CredentialRow[]> {
  const rows = await db
    .selectFrom("user_credentials")
    .select(COLUMNS)
    .where("client", "=", client)
    .where(matchesWildcard("user_name", `${name.replace(/[*?]/g, "")}/*`))
    .execute();
  return rows.map(credentialRow);
}

export async function setPasswordHash(db: Kysely<Database>, client: number, userName: string, passwordHash: string, now: number): Promise<void> {
  await db
    .insertInto("user_credentials")
    .values({ client, user_name: userName, password_hash: passwordHash, failed_logins: 0, modified_at: now })
    .onConflict((oc) => oc.columns(["client", "user_name"]).doUpdateSet({ password_hash: passwordHash, failed_logins: 0, modified_at: now }))
    .execute();
}

export async function countCredentials(db: Kysely<Database>, client: number): Promise<number> {
  const row = await db.selectFrom("user_credentials").select((eb) => eb.fn.countAll<number>().as("n")).where("client", "=", client).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Counts a failed login and returns the new number of consecutive failures. */
export async function recordFailedLogin(db: Kysely<Database>, client: number, userName: string, now: number): Promise<number> {
  const row = await db
    .updateTable("user_credentials")
    .set((eb) => ({ failed_logins: eb("failed_logins", "+", 1), modified_at: now }))
    .where("client", "=", client)
    .where("user_name", "=", userName)
    .returning("failed_logins")
    .executeTakeFirst();
  return row?.failed_logins ?? 0;
}

export async function resetFailedLogins(db: Kysely<Database>, client: number, userName: string, now: number): Promise<void> {
  await db.updateTable("user_credentials").set({ failed_logins: 0, locked_at: null, modified_at: now }).where("client", "=", client).where("user_name", "=", userName).execute();
}

/**
 * Records that failed logins locked the user now (the time its lock may expire from) and starts
 * its failure count again; `lockedAt` null records an unlock.
 */
export async function setLockedAt(db: Kysely<Database>, client: number, userName: string, lockedAt: number | null, now: number): Promise<void> {
  await db.updateTable("user_credentials").set({ failed_logins: 0, locked_at: lockedAt, modified_at: now }).where("client", "=", client).where("user_name", "=", userName).execute();
}

/** The clients in which a user of this NAME/DEPARTMENT exists. */
export async function clientsWithUser(db: Kysely<Database>, userName: string): Promise<number[]> {
  const rows = await db.selectFrom("user_credentials").select("client").where("user_name", "=", userName).orderBy("client").execute();
  return rows.map((r) => r.client);
}
