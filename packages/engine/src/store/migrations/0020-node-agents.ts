import type { Kysely } from "kysely";

/** The standalone agents connected to each node, so that work for an agent finds its node. */
export const nodeAgentsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("nodes").addColumn("agents", "text", (c) => c.notNull().defaultTo("")).execute();
  },
};
