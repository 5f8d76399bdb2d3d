import { sql, type Kysely } from "kysely";
import type { Dialect } from "./dialect";
import type { CountedFilter } from "./execution-filters";
import type { Database } from "./schema";

/** Namespace of the PostgreSQL advisory lock that lets one node at a time compact the counts. */
export const COMPACT_LOCK = 0x0b48;

/**
 * How many executions a client has of a name (or of every name: "all"), top level only or all of
 * them, from execution_counts, which triggers on executions keep in the same transaction as the
 * rows: one row per name and top level on SQLite, a log of signed counts on PostgreSQL (migration
 * 0029). Either way the sum of a few rows, whatever the number of executions.
 */
export async function keptCount(db: Kysely<Database>, client: number, { name, topLevel }: CountedFilter): Promise<number> {
  let counts = db.selectFrom("execution_counts").where("client", "=", client);
  if (name !== "all") counts = counts.where("name", "=", name);
  if (topLevel) counts = counts.where("top_level", "=", 1);
  const { n } = await counts.select((eb) => eb.fn.sum<number | string | null>("n").as("n")).executeTakeFirstOrThrow();
  return Number(n ?? 0);
}

/**
 * PostgreSQL: sums the entries of each name and top level in the count log into one row (none
 * when they sum to 0), in one statement, so a count reads few rows however many executions were
 * written since.
 * Entries committed meanwhile are left for the next time; a count read meanwhile sees the log
 * before or after, both the same sums. One node at a time compacts; another finds the lock taken
 * and compacts nothing. Returns how many entries were merged. Nothing to do on SQLite.
 */
export async function compactExecutionCounts(db: Kysely<Database>, dialect: Dialect): Promise<number> {
  if (dialect !== "postgres") return 0;
  const { rows } = await sql<{ merged: string }>`
    with lock as (select pg_try_advisory_xact_lock(${COMPACT_LOCK}) as held),
    merged as (
      delete from execution_counts
      where (select held from lock) and (client, name, top_level) in (select client, name, top_level from execution_counts group by 1, 2, 3 having count(*) > 1)
      returning client, name, top_level, n
    ),
    summed as (insert into execution_counts (client, name, top_level, n) select client, name, top_level, sum(n) from merged group by 1, 2, 3 having sum(n) <> 0 returning 1)
    select count(*) as merged from merged`.execute(db);
  return Number(rows[0]?.merged ?? 0);
}
