import type { Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/** Installed RA solutions: which version of each, when and by whom (uploads are files). */
export function raSolutionsMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("ra_solutions")
        .addColumn("name", "text", (c) => c.primaryKey())
        .addColumn("version", "text", (c) => c.notNull())
        .addColumn("installed_at", time, (c) => c.notNull())
        .addColumn("installed_by", "text", (c) => c.notNull())
        .execute();
    },
  };
}
