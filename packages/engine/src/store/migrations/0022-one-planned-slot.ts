import { sql, type Kysely } from "kysely";

/**
 * At most one planned slot (1698) per schedule task and per recurring execution: two nodes, or a
 * restart, planning the same next slot at once cannot both succeed.
 */
export const onePlannedSlotMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await sql`create unique index executions_one_planned_schedule_slot on executions (client, parent, line_number) where status = 1698 and activator_object_type = 'JSCH'`.execute(db);
    await sql`create unique index executions_one_planned_period_slot on executions (client, parent) where status = 1698 and activator_object_type = 'PERIOD'`.execute(db);
  },
};
