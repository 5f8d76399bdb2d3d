import type { Kysely, Selectable } from "kysely";
import type { Database } from "./schema";
import type { NodesTable } from "./schema/cluster";

export type NodeRow = Selectable<NodesTable>;

/** Records a node's life sign (and who it is, on its first). */
export async function recordNodeAlive(db: Kysely<Database>, node: Omit<NodeRow, "last_seen_at">, now: number): Promise<void> {
  await db
    .insertInto("nodes")
    .values({ ...node, last_seen_at: now })
    .onConflict((conflict) => conflict.column("id").doUpdateSet({ last_seen_at: now, roles: node.roles, agent_connections: node.agent_connections, agents: node.agents }))
    .execute();
}

/** Nodes whose last life sign is at or after `since`, oldest first (then by id). */
export async function liveNodes(db: Kysely<Database>, since: number): Promise<NodeRow[]> {
  return db.selectFrom("nodes").selectAll().where("last_seen_at", ">=", since).orderBy("started_at").orderBy("id").execute();
}

/** A node that stops says so: it no longer counts as alive, and nodes long gone are forgotten. */
export async function forgetNode(db: Kysely<Database>, id: string, before: number): Promise<void> {
  await db.deleteFrom("nodes").where((eb) => eb.or([eb("id", "=", id), eb("last_seen_at", "<", before)])).execute();
}

/**
 * Takes or renews the lease `name` for `holder` until `now + ttlMs` when it is free, expired or
 * already the holder's; true when the holder has it. One conditional update decides, so two
 * nodes never both get it.
 */
export async function acquireLease(db: Kysely<Database>, name: string, holder: string, now: number, ttlMs: number): Promise<boolean> {
  await db.insertInto("leases").values({ name, holder: "", expires_at: 0 }).onConflict((conflict) => conflict.column("name").doNothing()).execute();
  const result = await db
    .updateTable("leases")
    .set({ holder, expires_at: now + ttlMs })
    .where("name", "=", name)
    .where((eb) => eb.or([eb("holder", "=", holder), eb("expires_at", "<", now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Gives the lease up at once (a node that stops cleanly), so another takes it without waiting. */
export async function releaseLease(db: Kysely<Database>, name: string, holder: string): Promise<void> {
  await db.updateTable("leases").set({ expires_at: 0 }).where("name", "=", name).where("holder", "=", holder).execute();
}

export async function leaseHolder(db: Kysely<Database>, name: string, now: number): Promise<string | undefined> {
  const row = await db.selectFrom("leases").select("holder").where("name", "=", name).where("expires_at", ">=", now).executeTakeFirst();
  return row?.holder;
}
