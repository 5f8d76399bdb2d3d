import type { Kysely, Transaction } from "kysely";
import type { Database } from "./schema";
import { finishTransaction } from "./before-commit";

/** Transactions one group holds at most, so that the first of them is not kept waiting for long. */
const MAX_GROUP = 256;

/**
 * Groups a node commits at once. Transactions asked for while they run wait and form the next
 * group: under load groups grow instead of multiplying. On PostgreSQL, where a group's answers come
 * back a turn at a time, unlimited groups of one or two transactions each took a connection, a
 * begin and a commit; two at a time let the next form while one waits for the server.
 */
const GROUPS_AT_ONCE = 2;

interface Waiting {
  work: (trx: Transaction<Database>) => Promise<unknown>;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit. Transactions asked for in the same turn of the event loop run one after the other
 * inside one database transaction and share its commit; each caller's promise settles only after
 * that commit, so nothing is answered or published before it is stored. On SQLite, which has one
 * writer, each commit writes every page the transaction touched to the write-ahead log: an
 * execution's row, its dozen index entries and its event cost a few pages, and executions started
 * side by side touch the same pages. On PostgreSQL a group saves the begin and commit round trips
 * (and the log flush) of each of its members; a second group runs beside it on another connection
 * of the pool, and what is asked for meanwhile waits for one of them to end.
 *
 * Each transaction still succeeds or fails alone: when one throws, the whole group is rolled back,
 * that one is rejected with its error, and the others run again as a group (a transaction's work only
 * touches the database, so it may run more than once). They see each other's writes in the order
 * they were asked for, as consecutive transactions on one connection would.
 */
export class CommitGroups {
  #waiting: Waiting[] = [];
  #scheduled = false;
  #inFlight = 0;

  constructor(private readonly db: Kysely<Database>) {}

  run<T>(work: (trx: Transaction<Database>) => Promise<T>): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.#waiting.push({ work, resolve: resolve as (value: unknown) => void, reject });
      this.#schedule();
    });
  }

  #schedule(): void {
    if (this.#scheduled || this.#inFlight >= GROUPS_AT_ONCE) return;
    this.#scheduled = true;
    setImmediate(() => {
      this.#scheduled = false;
      const group = this.#waiting.splice(0, MAX_GROUP);
      this.#inFlight++;
      void this.#commit(group).finally(() => {
        this.#inFlight--;
        if (this.#waiting.length > 0) this.#schedule();
      });
      if (this.#waiting.length > 0) this.#schedule();
    });
  }

  async #commit(group: Waiting[]): Promise<void> {
    let members = group;
    while (members.length > 0) {
      const results: unknown[] = [];
      let failed: { member: Waiting; error: unknown } | undefined;
      try {
        await this.db.transaction().execute(async (trx) => {
          for (const member of members) {
            try {
              results.push(await member.work(trx));
            } catch (error) {
              failed = { member, error };
              throw error;
            }
          }
          await finishTransaction(trx);
        });
      } catch (error) {
        if (failed === undefined) {
          // The commit itself failed: none of them is stored.
          for (const member of members) member.reject(error);
          return;
        }
        const { member: refused, error: reason } = failed;
        refused.reject(reason);
        members = members.filter((member) => member !== refused);
        continue;
      }
      members.forEach((member, i) => member.resolve(results[i]));
      return;
    }
  }
}
