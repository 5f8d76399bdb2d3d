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

/** What the executions activated in one day of a report amount to: day `day` counts from the report's start. */
export interface DailyUsage {
  day: number;
  byType: Record<string, number>;
  total: number;
  agents: number;
}

/**
 * The days of [from, to] (both included) on which executions of any client were activated, each
 * day counted in whole days from `from`, oldest first. Days without executions are left out, so
 * the answer grows with the executions, not with the range.
 */
export async function usagePerDay(db: Kysely<Database>, from: number, to: number, dayMs: number): Promise<DailyUsage[]> {
  const inRange = db.selectFrom("executions").where("activation_time", ">=", from).where("activation_time", "<=", to);
  // activation_time is at least `from`, so truncating is the floor. The cast because SQLite binds
  // JavaScript numbers as reals, which would make the division a real one.
  const day = sql<number>`cast((activation_time - ${from}) / ${dayMs} as bigint)`;
  // Grouped by the alias: PostgreSQL would not see two parameterised copies of the expression as one.
  const byDay = sql.ref("report_day");
  const types = await inRange.select([day.as("report_day"), "type", sql<number>`count(*)`.as("n")]).groupBy([byDay, "type"]).execute();
  const agents = await inRange.select([day.as("report_day"), sql<number>`count(distinct agent)`.as("agents")]).groupBy(byDay).execute();
  const days = new Map<number, DailyUsage>();
  for (const row of types) {
    const entry = days.get(Number(row.report_day)) ?? { day: Number(row.report_day), byType: {}, total: 0, agents: 0 };
    entry.byType[row.type] = Number(row.n);
    entry.total += Number(row.n);
    days.set(entry.day, entry);
  }
  for (const row of agents) {
    const entry = days.get(Number(row.report_day));
    if (entry) entry.agents = Number(row.agents);
  }
  return [...days.values()].sort((a, b) => a.day - b.day);
}
