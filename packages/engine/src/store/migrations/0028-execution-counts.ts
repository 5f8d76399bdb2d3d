import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * SQLite: how many executions each client has of each name, kept by triggers on executions in the
 * same transaction as the row itself, so that the executions list counts a name (or a client's
 * whole list) from one row per name instead of every match. Existing executions are counted here.
 *
 * Not on PostgreSQL: there transactions of several connections and nodes add executions side by
 * side, and a shared count row would make each wait for the other's commit; migration 0029 keeps
 * a log of counts there instead, and splits SQLite's counts by top level.
 */
export function executionCountsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== "sqlite") return;
      await db.schema
        .createTable("execution_counts")
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("n", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("execution_counts_pk", ["client", "name"])
        .execute();
      await sql`insert into execution_counts (client, name, n) select client, name, count(*) from executions group by client, name`.execute(db);
      const add = `insert into execution_counts (client, name, n) values (new.client, new.name, 1) on conflict (client, name) do update set n = n + 1;`;
      const remove = `update execution_counts set n = n - 1 where client = old.client and name = old.name;
        delete from execution_counts where client = old.client and name = old.name and n = 0;`;
      for (const statement of [
        `create trigger executions_count_insert after insert on executions begin ${add} end`,
        `create trigger executions_count_delete after delete on executions begin ${remove} end`,
        `create trigger executions_count_update after update of client, name on executions begin ${remove} ${add} end`,
      ]) {
        await sql.raw(statement).execute(db);
      }
    },
  };
}
