import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * PostgreSQL: how many executions each client has of each name, as a log of signed counts that
 * triggers on executions append to in the same transaction as the rows, so that the executions
 * list counts a name (or a client's whole list) from a few rows instead of every match. Only ever
 * appended to, the log makes no transaction wait for another's commit, as one row per name would
 * on several connections and nodes; `compactExecutionCounts` (run by housekeeping) sums each
 * name's entries into one. Existing executions are counted here, in the migration's transaction,
 * which holds writes to executions from creating the triggers until it commits.
 *
 * SQLite keeps one exact row per name instead (migration 0028): it has one writer.
 */
export function executionCountLogMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect !== "postgres") return;
      await sql`create table execution_counts (client integer not null, name text not null, n bigint not null)`.execute(db);
      await sql`create index execution_counts_client_name on execution_counts (client, name) include (n)`.execute(db);
      for (const statement of [
        `create function executions_count_added() returns trigger language plpgsql as $$ begin
           insert into execution_counts (client, name, n) select client, name, count(*) from added group by client, name;
           return null;
         end $$`,
        `create function executions_count_removed() returns trigger language plpgsql as $$ begin
           insert into execution_counts (client, name, n) select client, name, -count(*) from removed group by client, name;
           return null;
         end $$`,
        `create function executions_count_moved() returns trigger language plpgsql as $$ begin
           insert into execution_counts (client, name, n) values (old.client, old.name, -1), (new.client, new.name, 1);
           return null;
         end $$`,
        `create trigger executions_count_insert after insert on executions referencing new table as added for each statement execute function executions_count_added()`,
        `create trigger executions_count_delete after delete on executions referencing old table as removed for each statement execute function executions_count_removed()`,
        // A statement trigger of an update sees every updated row, and status changes are many: only a
        // change of client or name, row by row, moves a count.
        `create trigger executions_count_update after update of client, name on executions for each row
           when (old.client is distinct from new.client or old.name is distinct from new.name) execute function executions_count_moved()`,
      ]) {
        await sql.raw(statement).execute(db);
      }
      await sql`insert into execution_counts (client, name, n) select client, name, count(*) from executions group by client, name`.execute(db);
    },
  };
}
