import type { Transaction } from "kysely";
import type { Database } from "./schema";

/** Work a transaction does last, before it commits: rows collected while it ran, written together. */
const lastWork = new WeakMap<Transaction<Database>, Array<() => Promise<void>>>();

/** Runs `work` in `trx` after everything else the transaction does, just before its commit. */
export function beforeCommit(trx: Transaction<Database>, work: () => Promise<void>): void {
  const list = lastWork.get(trx);
  if (list === undefined) lastWork.set(trx, [work]);
  else list.push(work);
}

/** Runs the work `beforeCommit` left in `trx`; the transaction's runner calls it as the last thing before its commit. */
export async function finishTransaction(trx: Transaction<Database>): Promise<void> {
  const list = lastWork.get(trx) ?? [];
  // Work may leave more work (written rows that others follow): run until none is left.
  for (let work = list.shift(); work !== undefined; work = list.shift()) await work();
  lastWork.delete(trx);
}
