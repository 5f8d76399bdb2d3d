import { sql, type Kysely } from "kysely";
import type { Database } from "./schema";

/** What the executions activated in [from, to) of every client amount to. */
export interface UsageFigures {
  byType: Record<string, number>;
  total: number;
  agents: number;
  users: number;
}

export async function installationId(db: Kysely<Database>): Promise<string> {
  return (await db.selectFrom("installation").select("id").executeTakeFirstOrThrow()).id;
}

export async function usageBetween(db: Kysely<Database>, from: number, to: number): Promise<UsageFigures> {
  const inRange = db.selectFrom("executions").where("activation_time", ">=", from).where("activation_time", "<", to);
  const types = await inRange.select(["type", sql<number>`count(*)`.as("n")]).groupBy("type").execute();
  const distinct = await inRange.select([sql<number>`count(distinct agent)`.as("agents"), sql<number>`count(distinct ${sql.ref("user")})`.as("users")]).executeTakeFirstOrThrow();
  const byType = Object.fromEntries(types.map((row) => [row.type, Number(row.n)]));
  return { byType, total: Object.values(byType).reduce((sum, n) => sum + n, 0), agents: Number(distinct.agents), users: Number(distinct.users) };
}
