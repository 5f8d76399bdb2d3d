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

/**
 * Holds the report pages of a PostgreSQL database against writes from a connection of its own (an
 * EXCLUSIVE lock: reads go on), as a long transaction or a slow disk would: the engine's writes of
 * report pages wait for it, or are refused once its statement timeout is shorter than the wait.
 */
export async function holdReportPages(databaseUrl: string): Promise<HeldLock> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query("begin");
  await client.query("lock table report_pages in exclusive mode");
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

/** How often and how long `untilLongWriteTransaction` looks. */
const LOOK_EVERY_MS = 10;
const LOOK_AT_MOST_MS = 60_000;

/**
 * Resolves once some connection has held a write transaction open for `heldMs`: the moment a
 * test kills a process in the middle of a long write (an import's one transaction), whatever the
 * speed of the machine. Short transactions (heartbeats, status changes) last well under it.
 * SQLite: `BEGIN IMMEDIATE` from a connection of its own fails while a writer holds the file.
 * PostgreSQL: pg_stat_activity shows a transaction of another connection older than `heldMs`.
 */
export async function untilLongWriteTransaction(location: DatabaseLocation, heldMs: number): Promise<void> {
  const deadline = Date.now() + LOOK_AT_MOST_MS;
  const look = await writeTransactionLook(location, heldMs);
  try {
    let heldSince: number | undefined;
    while (Date.now() < deadline) {
      if (await look.held()) {
        heldSince ??= Date.now();
        if (location.databaseUrl !== undefined || Date.now() - heldSince >= heldMs) return;
      } else {
        heldSince = undefined;
      }
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
    throw new Error(`no write transaction held for ${heldMs} ms within ${LOOK_AT_MOST_MS} ms`);
  } finally {
    await look.close();
  }
}

async function writeTransactionLook(location: DatabaseLocation, heldMs: number): Promise<{ held(): Promise<boolean>; close(): Promise<void> }> {
  if (location.databaseUrl === undefined) {
    const file = new SQLite(join(location.dataDir, "baton.sqlite"), { timeout: 0 });
    return {
      held: async () => {
        try {
          file.exec("BEGIN IMMEDIATE");
          file.exec("ROLLBACK");
          return false;
        } catch (error) {
          if ((error as { code?: string }).code === "SQLITE_BUSY") return true;
          throw error;
        }
      },
      close: async () => void file.close(),
    };
  }
  const client = new pg.Client({ connectionString: location.databaseUrl });
  await client.connect();
  return {
    held: async () => {
      const { rows } = await client.query<{ n: string }>(
        "select count(*) as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and backend_xid is not null and xact_start < now() - make_interval(secs => $1::float8 / 1000)",
        [heldMs],
      );
      return Number(rows[0]?.n ?? 0) > 0;
    },
    close: () => client.end(),
  };
}
