import { SqliteAdapter, SqliteDialect, SqliteDriver, type DatabaseConnection, type DialectAdapter, type Driver, type SqliteDialectConfig } from "kysely";

/** How long SQLite work may go on without the event loop turning before the next query waits for a turn. */
const MAX_BUSY_MS = 10;

/**
 * better-sqlite3 answers synchronously, so on SQLite every query resolves as a microtask: a burst of
 * work (the 5,000 tasks of a workflow starting side by side) runs on microtasks alone for seconds,
 * and meanwhile no request is read or answered and no timer fires. This dialect lets the event loop
 * turn before a connection is handed out once work has gone on for MAX_BUSY_MS without one; a turn
 * costs a few microseconds and never falls inside a transaction.
 *
 * It also runs migrations in a transaction, as on PostgreSQL: SQLite's schema changes are
 * transactional, and Kysely's own SQLite adapter does not say so, so a migration cut short (a
 * crash, a full disk) would leave half a schema change that the next start could not apply again.
 */
export class TurnTakingSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new TurnTakingSqliteDriver(this.#config);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TurnTakingSqliteDriver extends SqliteDriver {
  override async acquireConnection(): Promise<DatabaseConnection> {
    await takeTurnIfBusy();
    return super.acquireConnection();
  }
}

/** When the current run of work without a turn of the event loop began; undefined once the loop has turned. */
let busySince: number | undefined;

async function takeTurnIfBusy(): Promise<void> {
  const now = performance.now();
  if (busySince === undefined) {
    busySince = now;
    setImmediate(() => (busySince = undefined));
    return;
  }
  if (now - busySince >= MAX_BUSY_MS) await new Promise((resolve) => setImmediate(resolve));
}
