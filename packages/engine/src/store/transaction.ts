import type { Kysely, Transaction } from "kysely";
import { finishTransaction } from "./before-commit";
import { CommitGroups } from "./commit-groups";
import type { Database } from "./schema";

/**
 * Errors after which running the transaction again can succeed: PostgreSQL's serialization failure,
 * deadlock and lock not available, SQLite's stale snapshot and locked table. Not SQLITE_BUSY: it
 * comes after the busy timeout has already waited for the lock, and each attempt would wait as long again.
 */
const RETRYABLE_CODES = new Set(["40001", "40P01", "55P03", "SQLITE_BUSY_SNAPSHOT", "SQLITE_LOCKED"]);
const ATTEMPTS = 5;

/** The databases whose transactions commit in groups (see CommitGroups). */
const groups = new WeakMap<Kysely<Database>, CommitGroups>();

/** From now on, transactions on `db` asked for in the same turn of the event loop share one commit. */
export function commitInGroups(db: Kysely<Database>): void {
  groups.set(db, new CommitGroups(db));
}

/**
 * Runs `work` in a transaction, again (up to five attempts, waiting a little longer each time) when
 * the database refused it for a conflict with another transaction: a deadlock between two nodes
 * costs a retry, not an error. `work` must only touch the database: it may run more than once.
 * On a database that commits in groups it shares its commit with the transactions asked for beside
 * it; the promise settles after that commit either way.
 */
export async function inTransaction<T>(db: Kysely<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      const group = groups.get(db);
      return await (group === undefined ? db.transaction().execute((trx) => workThenFinish(trx, work)) : group.run(work));
    } catch (error) {
      if (attempt >= ATTEMPTS || !isRetryable(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 5 * 2 ** attempt + Math.random() * 10));
    }
  }
}

async function workThenFinish<T>(trx: Transaction<Database>, work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
  const result = await work(trx);
  await finishTransaction(trx);
  return result;
}

export function isRetryable(error: unknown): boolean {
  return typeof error === "object" && error !== null && "code" in error && typeof error.code === "string" && RETRYABLE_CODES.has(error.code);
}
