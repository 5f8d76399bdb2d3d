import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * How many executions each client has of each name, top level (no parent) or not, kept by triggers
 * on executions in the same transaction as the rows, so that the executions list counts an exact
 * name, top-level executions only (the console's default list), both or a client's whole list from
 * a few rows instead of every match. Existing executions are counted here.
 *
 * SQLite (one writer) keeps one exact row per client, name and top level; its counts of migration
 * 0028, by name alone, are made again. On PostgreSQL transactions of several connections and nodes
 * add executions side by side, and one row per name would make each wait for the other's commit:
 * there the table is a log of signed counts that statement triggers only append to, and
 * `compactExecutionCounts` (run by housekeeping) sums each name's entries into one row. The
 * migration's transaction holds writes to executions from creating the triggers until it commits.
 */
export function executionCountsByTopLevelMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      if (dialect === "sqlite") {
        for (const trigger of ["executions_count_insert", "executions_count_delete", "executions_count_update"]) await sql.raw(`drop trigger ${trigger}`).execute(db);
        await sql`drop table execution_counts`.execute(db);
      }
      for (const statement of dialect === "postgres" ? postgresCounts : sqliteCounts) await sql.raw(statement).execute(db);
      await sql`insert into execution_counts (client, name, top_level, n)
        select client, name, case when parent is null then 1 else 0 end, count(*) from executions group by client, name, case when parent is null then 1 else 0 end`.execute(db);
    },
  };
}

/** One exact row per client, name and top level, kept by row triggers (SQLite has one writer). */
const sqliteCounts = (() => {
  const add = `insert into execution_counts (client, name, top_level, n) values (new.client, new.name, new.parent is null, 1)
    on conflict (client, name, top_level) do update set n = n + 1;`;
  const remove = `update execution_counts set n = n - 1 where client = old.client and name = old.name and top_level = (old.parent is null);
    delete from execution_counts where client = old.client and name = old.name and top_level = (old.parent is null) and n = 0;`;
  return [
    `create table execution_counts (client integer not null, name text not null, top_level integer not null, n integer not null,
       constraint execution_counts_pk primary key (client, name, top_level))`,
    `create trigger executions_count_insert after insert on executions begin ${add} end`,
    `create trigger executions_count_delete after delete on executions begin ${remove} end`,
    `create trigger executions_count_update after update of client, name, parent on executions begin ${remove} ${add} end`,
  ];
})();

/**
 * A log of signed counts, appended to by statement triggers (one entry per statement, name and top
 * level) and compacted by housekeeping. A statement trigger of an update would see every updated
 * row, and status changes are many: only a change of client, name or parent, row by row, moves a count.
 */
const postgresCounts = (() => {
  const topLevel = "case when parent is null then 1 else 0 end";
  return [
    `create table execution_counts (client integer not null, name text not null, top_level integer not null, n bigint not null)`,
    `create index execution_counts_client_name on execution_counts (client, name, top_level) include (n)`,
    `create function executions_count_added() returns trigger language plpgsql as $$ begin
       insert into execution_counts (client, name, top_level, n) select client, name, ${topLevel}, count(*) from added group by 1, 2, 3;
       return null;
     end $$`,
    `create function executions_count_removed() returns trigger language plpgsql as $$ begin
       insert into execution_counts (client, name, top_level, n) select client, name, ${topLevel}, -count(*) from removed group by 1, 2, 3;
       return null;
     end $$`,
    `create function executions_count_moved() returns trigger language plpgsql as $$ begin
       insert into execution_counts (client, name, top_level, n) values
         (old.client, old.name, case when old.parent is null then 1 else 0 end, -1),
         (new.client, new.name, case when new.parent is null then 1 else 0 end, 1);
       return null;
     end $$`,
    `create trigger executions_count_insert after insert on executions referencing new table as added for each statement execute function executions_count_added()`,
    `create trigger executions_count_delete after delete on executions referencing old table as removed for each statement execute function executions_count_removed()`,
    `create trigger executions_count_update after update of client, name, parent on executions for each row
       when (old.client is distinct from new.client or old.name is distinct from new.name or (old.parent is null) <> (new.parent is null))
       execute function executions_count_moved()`,
  ];
})();
