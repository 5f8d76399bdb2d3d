import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database } from "./schema";
import type { AgentsTable } from "./schema/system";

export type AgentRow = Selectable<AgentsTable>;

export async function findAgent(db: Kysely<Database>, name: string): Promise<AgentRow | undefined> {
  return db.selectFrom("agents").selectAll().where("name", "=", name).executeTakeFirst();
}

/** The agent whose credential hashes to `keyHash` (hashes of 256-bit random secrets do not collide). */
export async function findAgentByKeyHash(db: Kysely<Database>, keyHash: string): Promise<AgentRow | undefined> {
  return db.selectFrom("agents").selectAll().where("key_hash", "=", keyHash).executeTakeFirst();
}

/** Every registered agent by name (agents are few: filters apply in memory). */
export async function listAgents(db: Kysely<Database>): Promise<AgentRow[]> {
  return db.selectFrom("agents").selectAll().orderBy("name").execute();
}

export async function insertAgent(db: Kysely<Database>, row: Insertable<AgentsTable>): Promise<void> {
  await db.insertInto("agents").values(row).execute();
}

/** Records what a connecting agent says of itself. */
export async function updateAgentSeen(db: Kysely<Database>, name: string, seen: Pick<AgentRow, "platform" | "version" | "hardware" | "software" | "ip_address" | "last_seen_at">): Promise<void> {
  await db.updateTable("agents").set(seen).where("name", "=", name).execute();
}

export async function updateAgent(db: Kysely<Database>, name: string, changes: Partial<Pick<AgentRow, "authenticated" | "key_hash" | "name" | "owner_client">>): Promise<number> {
  const result = await db.updateTable("agents").set(changes).where("name", "=", name).executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Gives the agent a credential unless it has one already; false when it had one. */
export async function claimAgentKey(db: Kysely<Database>, name: string, keyHash: string): Promise<boolean> {
  const result = await db.updateTable("agents").set({ key_hash: keyHash }).where("name", "=", name).where("key_hash", "is", null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deleteAgent(db: Kysely<Database>, name: string): Promise<number> {
  const result = await db.deleteFrom("agents").where("name", "=", name).executeTakeFirst();
  return Number(result.numDeletedRows);
}
