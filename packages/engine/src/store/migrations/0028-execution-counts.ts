import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";

/**
 * How many executions each client has of each name, kept by triggers on executions in the same
 * transaction as the row itself, so that the executions list counts a name (or a client's whole
 * list) without reading every match. Each name's count is split over EXECUTION_COUNT_SHARDS rows
 * by run_id, so that PostgreSQL transactions adding executions of one object side by side do not
 * wait for each other's commit on one row; the count is their sum. Existing executions are
 * counted here.
 */
export function executionCountsMigration(dialect: Dialect) {
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("execution_counts")
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("name", "text", (c) => c.notNull())
        .addColumn("shard", "integer", (c) => c.notNull())
        .addColumn("n", "integer", (c) => c.notNull())
        .addPrimaryKeyConstraint("execution_counts_pk", ["client", "name", "shard"])
        .execute();
      await sql`insert into execution_counts (client, name, shard, n)
        select client, name, run_id % ${sql.lit(EXECUTION_COUNT_SHARDS)}, count(*) from executions group by client, name, run_id % ${sql.lit(EXECUTION_COUNT_SHARDS)}`.execute(db);
      for (const statement of dialect === "postgres" ? postgresTriggers() : sqliteTriggers()) await sql.raw(statement).execute(db);
    },
  };
}

/** Rows each (client, name) count is split over. */
export const EXECUTION_COUNT_SHARDS = 16;

function shardOf(row: "new" | "old"): string {
  return `${row}.run_id % ${EXECUTION_COUNT_SHARDS}`;
}

const add = `insert into execution_counts (client, name, shard, n) values (new.client, new.name, ${shardOf("new")}, 1)
  on conflict (client, name, shard) do update set n = execution_counts.n + 1;`;
const remove = `update execution_counts set n = n - 1 where client = old.client and name = old.name and shard = ${shardOf("old")};
  delete from execution_counts where client = old.client and name = old.name and shard = ${shardOf("old")} and n = 0;`;

function sqliteTriggers(): string[] {
  return [
    `create trigger executions_count_insert after insert on executions begin ${add} end`,
    `create trigger executions_count_delete after delete on executions begin ${remove} end`,
    `create trigger executions_count_update after update of client, name on executions begin ${remove} ${add} end`,
  ];
}

function postgresTriggers(): string[] {
  return [
    `create function executions_count_change() returns trigger language plpgsql as $$
     begin
       if tg_op in ('DELETE', 'UPDATE') then ${remove} end if;
       if tg_op in ('INSERT', 'UPDATE') then ${add} end if;
       return null;
     end $$`,
    `create trigger executions_count_change after insert or delete or update of client, name on executions
     for each row execute function executions_count_change()`,
  ];
}
