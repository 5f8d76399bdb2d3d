import { join } from "node:path";
import SQLite from "better-sqlite3";
import pg from "pg";
import { z } from "zod";

/** Where a test's database is: a SQLite data directory, or a PostgreSQL database URL. */
export interface DatabaseLocation {
  dataDir: string;
  databaseUrl: string | undefined;
}

/** A lock another connection holds on a database until `release`. */
export interface HeldLock {
  release(): Promise<void>;
}

/**
 * Takes the write lock of the database from a connection of its own, as another process would:
 * SQLite `BEGIN EXCLUSIVE` on the file (writers wait, readers of the WAL go on); PostgreSQL an
 * ACCESS EXCLUSIVE lock on the executions and objects tables (readers of them wait too).
 */
export async function lockDatabase(location: DatabaseLocation): Promise<HeldLock> {
  if (location.databaseUrl === undefined) {
    const file = new SQLite(join(location.dataDir, "baton.sqlite"));
    file.exec("BEGIN EXCLUSIVE");
    return {
      release: async () => {
        file.exec("COMMIT");
        file.close();
      },
    };
  }
  const client = new pg.Client({ connectionString: location.databaseUrl });
  await client.connect();
  await client.query("begin");
  await client.query("lock table executions, objects in access exclusive mode");
  return {
    release: async () => {
      await client.query("commit");
      await client.end();
    },
  };
}

const IntegrityRows = z.array(z.object({ integrity_check: z.string() }));

/** SQLite's `PRAGMA integrity_check` of the data directory's database: "ok" when it is sound. */
export function sqliteIntegrity(dataDir: string): string {
  const file = new SQLite(join(dataDir, "baton.sqlite"), { readonly: true });
  try {
    return IntegrityRows.parse(file.pragma("integrity_check"))
      .map((row) => row.integrity_check)
      .join("\n");
  } finally {
    file.close();
  }
}
