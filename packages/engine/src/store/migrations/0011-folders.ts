import { sql, type Kysely } from "kysely";
import type { Dialect } from "../dialect";
import { columnTypes } from "./column-types";

/**
 * Folders as objects (FOLD): a folder created explicitly is a row of `folders`, keyed by its path
 * (folders are found by path, so A/X and B/X may both exist beside an object named X). FOLD objects
 * stored as plain objects before are moved there. The index on (client, folder, name) reads a
 * folder tree in export order, page by page.
 */
export function foldersMigration(dialect: Dialect) {
  const { time } = columnTypes(dialect);
  return {
    async up(db: Kysely<unknown>): Promise<void> {
      await db.schema
        .createTable("folders")
        .addColumn("client", "integer", (c) => c.notNull())
        .addColumn("path", "text", (c) => c.notNull())
        .addColumn("body", "text", (c) => c.notNull())
        .addColumn("created_at", time, (c) => c.notNull())
        .addColumn("created_by", "text", (c) => c.notNull())
        .addColumn("modified_at", time, (c) => c.notNull())
        .addColumn("modified_by", "text", (c) => c.notNull())
        .addPrimaryKeyConstraint("folders_pk", ["client", "path"])
        .execute();
      await sql`
        insert into folders (client, path, body, created_at, created_by, modified_at, modified_by)
        select client, case when folder = '' then name else folder || '/' || name end, body, created_at, created_by, modified_at, modified_by
        from objects where type = 'FOLD'`.execute(db);
      await sql`delete from objects where type = 'FOLD'`.execute(db);
      await db.schema.createIndex("objects_client_folder_name").on("objects").columns(["client", "folder", "name"]).execute();
    },
  };
}
