import type { Kysely } from "kysely";
import type { Database } from "./schema";
import type { ConsoleSessionsTable } from "./schema/system";

export type ConsoleSessionRow = ConsoleSessionsTable;

/** The console sessions of one database, as the console backend uses them (by the hash of the id). */
export interface ConsoleSessionRecords {
  insert(row: ConsoleSessionRow): Promise<void>;
  find(idHash: string): Promise<ConsoleSessionRow | undefined>;
  touch(idHash: string, at: number): Promise<void>;
  delete(idHash: string): Promise<void>;
  /** Removes the sessions idle since before `cutoff`; returns how many. */
  deleteIdle(cutoff: number): Promise<number>;
}

export function consoleSessionRecords(db: Kysely<Database>): ConsoleSessionRecords {
  return {
    async insert(row) {
      await db.insertInto("console_sessions").values(row).execute();
    },
    async find(idHash) {
      const row = await db.selectFrom("console_sessions").selectAll().where("id_hash", "=", idHash).executeTakeFirst();
      return row === undefined ? undefined : { ...row, created_at: Number(row.created_at), last_seen_at: Number(row.last_seen_at) };
    },
    async touch(idHash, at) {
      await db.updateTable("console_sessions").set({ last_seen_at: at }).where("id_hash", "=", idHash).execute();
    },
    async delete(idHash) {
      await db.deleteFrom("console_sessions").where("id_hash", "=", idHash).execute();
    },
    async deleteIdle(cutoff) {
      const result = await db.deleteFrom("console_sessions").where("last_seen_at", "<", cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    },
  };
}
