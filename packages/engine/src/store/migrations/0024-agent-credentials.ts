import type { Kysely } from "kysely";

/**
 * Agents belong to clients and present credentials of their own: `owner_client` is the client an
 * agent was made in through the API (null for the system's agents: those an operator enrols with
 * the enrolment token), and `key_hash` is looked up by value, since an agent's credential alone
 * names the agent it belongs to.
 */
export const agentCredentialsMigration = {
  async up(db: Kysely<unknown>): Promise<void> {
    await db.schema.alterTable("agents").addColumn("owner_client", "integer").execute();
    await db.schema.createIndex("agents_key_hash").on("agents").column("key_hash").execute();
  },
};
