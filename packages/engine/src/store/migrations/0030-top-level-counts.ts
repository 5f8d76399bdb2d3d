import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * The kept counts of executions (migrations 0028 and 0029) are split by whether an execution is top
 * level (has no parent), so that the console's default list, top-level executions only, is counted
 * from them as well. The counts are made again from the executions, in the migration's transaction
 * on PostgreSQL; the triggers now follow a change of parent too.
 */
export function topLevelCountsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      for (const trigger of ["executions_count_insert", "executions_count_delete", "executions_count_update"]) {
        await sql.raw(dialect === "postgres" ? `drop trigger ${trigger} on executions` : `drop trigger ${trigger}`).execute(db);
      }
      await sql`drop table execution_counts`.execute(db);
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

/** A log of signed counts, appended to by statement triggers and compacted by housekeeping (see 0029). */
const postgresCounts = (() => {
  const topLevel = "case when parent is null then 1 else 0 end";
  return [
    `create table execution_counts (client integer not null, name text not null, top_level integer not null, n bigint not null)`,
    `create index execution_counts_client_name on execution_counts (client, name, top_level) include (n)`,
    `create or replace function executions_count_added() returns trigger language plpgsql as $$ begin
       insert into execution_counts (client, name, top_level, n) select client, name, ${topLevel}, count(*) from added group by 1, 2, 3;
       return null;
     end $$`,
    `create or replace function executions_count_removed() returns trigger language plpgsql as $$ begin
       insert into execution_counts (client, name, top_level, n) select client, name, ${topLevel}, -count(*) from removed group by 1, 2, 3;
       return null;
     end $$`,
    `create or replace function executions_count_moved() returns trigger language plpgsql as $$ begin
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
