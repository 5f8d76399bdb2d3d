import { STATUS_RANGES } from "@baton/contract";
import type { Insertable, Kysely, Selectable } from "kysely";
import type { Database } from "./schema";
import type { AgentsTable } from "./schema/system";

export type AgentRow = Selectable<AgentsTable>;

/** Statuses of executions that have not ended: ANY_ACTIVE, one range (1300–1799). */
const [ACTIVE_FROM, ACTIVE_TO] = STATUS_RANGES["ANY_ACTIVE"]?.[0] ?? [1300, 1799];

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

/** When the engine last heard from an agent that went away (its last heartbeat). */
export async function updateAgentLastSeen(db: Kysely<Database>, name: string, at: number): Promise<void> {
  await db.updateTable("agents").set({ last_seen_at: at }).where("name", "=", name).execute();
}

/**
 * The client's executions that have not ended (ANY_ACTIVE) by the agent they are on: what
 * GET /executions?agent=NAME&status=ANY_ACTIVE lists for each agent. Read on the (client, status) index.
 */
export async function activeJobsByAgent(db: Kysely<Database>, client: number): Promise<Map<string, number>> {
  const rows = await db
    .selectFrom("executions")
    .select(["agent", (eb) => eb.fn.countAll<number | string | bigint>().as("jobs")])
    .where("client", "=", client)
    .where("status", ">=", ACTIVE_FROM)
    .where("status", "<=", ACTIVE_TO)
    .where("agent", "is not", null)
    .groupBy("agent")
    .execute();
  return new Map(rows.flatMap((row) => (row.agent === null ? [] : [[row.agent, Number(row.jobs)] as const])));
}
