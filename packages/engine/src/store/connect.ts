import { join } from "node:path";
import SQLite from "better-sqlite3";
import { Kysely, Migrator, PostgresDialect, type LogEvent, type SqliteDatabase, type SqliteStatement } from "kysely";
import pg from "pg";
import type { Database } from "./schema";
import { migrationProvider } from "./migrations/index";
import { ensurePrivateDir, ensurePrivateFile } from "./private-files";
import { prepareWrites } from "./postgres-prepared-writes";
import { startCheckpointer } from "./sqlite-checkpointer";
import { TurnTakingSqliteDialect } from "./sqlite-turns";
import { objectRows } from "./objects-store";
import { estimateReads } from "./runtime-estimates-store";
import { commitInGroups } from "./transaction";
import type { Dialect } from "./dialect";

export type { Dialect };

/** The engine's handle on its database: the query builder and which dialect it speaks. */
export interface Store {
  readonly db: Kysely<Database>;
  readonly dialect: Dialect;
  /** PostgreSQL only: where the database is, for connections of their own (LISTEN). */
  readonly databaseUrl?: string;
  /** PostgreSQL only: the connection pool's open, idle and waiting counts (SQLite has one connection). */
  readonly poolStats?: () => { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

export interface StoreOptions {
  /** postgres://... selects PostgreSQL; otherwise SQLite in `dataDir`. */
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PostgreSQL: connections in the pool (default 10) and the longest a statement may run (default 60 s). */
  poolMax?: number;
  statementTimeoutMs?: number;
  /**
   * SQLite: how long a statement waits for a lock another process holds (default 5 s). The wait
   * blocks the process's event loop, so a server waits briefly and answers 503 instead; a
   * command-line tool waits the whole default for the server's writes.
   */
  sqliteLockWaitMs?: number;
  /** Apply pending migrations (default); false refuses to open a database that needs them. */
  migrate?: boolean;
  /** Told of every statement run, with its parameters and how long it took (benchmarks replay and profile them). */
  onQuery?: (sql: string, parameters: readonly unknown[], durationMs: number) => void;
}

// PostgreSQL returns bigint (epoch-millisecond columns, counts) as strings unless told otherwise;
// every bigint here fits a double.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

/** Opens the database, applies pending migrations (or refuses when it needs some and must not) and returns the store. */
export async function openStore(options: StoreOptions): Promise<Store> {
  const store = connectStore(options);
  try {
    if (options.migrate === false) await requireMigrated(store);
    else await migrateStore(store);
  } catch (error) {
    await store.close();
    throw error;
  }
  return store;
}

/** Opens the database as it is, without looking at its migrations (`pnpm migrate` applies them itself). */
export function connectStore(options: StoreOptions): Store {
  const log = options.onQuery && queryLog(options.onQuery);
  return options.databaseUrl?.startsWith("postgres") ? openPostgres(options.databaseUrl, options.poolMax ?? 10, options.statementTimeoutMs ?? 60_000, log) : openSqlite(options.dataDir, options.sqliteLockWaitMs ?? 5000, log);
}

function queryLog(onQuery: NonNullable<StoreOptions["onQuery"]>): (event: LogEvent) => void {
  return (event) => {
    if (event.level === "query") onQuery(event.query.sql, event.query.parameters, event.queryDurationMillis);
  };
}

/** The SQLite database in `dataDir` and the files SQLite keeps beside it (WAL mode). */
export function sqliteFiles(dataDir: string): { database: string; all: readonly string[] } {
  const database = join(dataDir, "baton.sqlite");
  return { database, all: [database, `${database}-wal`, `${database}-shm`] };
}

function openSqlite(dataDir: string, lockWaitMs: number, log?: (event: LogEvent) => void): Store {
  ensurePrivateDir(dataDir);
  const { database } = sqliteFiles(dataDir);
  // Made private before SQLite opens it: SQLite gives its -wal and -shm files the database file's mode.
  ensurePrivateFile(database);
  const file = new SQLite(database);
  file.pragma("journal_mode = WAL");
  file.pragma(`busy_timeout = ${Math.trunc(lockWaitMs)}`);
  file.pragma("synchronous = NORMAL");
  file.pragma("foreign_keys = ON");
  // Statement journals (every insert of an execution opens one for its count trigger, migration
  // 0029) and the temporary tables of sorts stay in memory: as files they cost a file write per
  // statement (the insert took 72 µs instead of 31 in batches of 1,000) and put execution data in
  // the temporary directory.
  file.pragma("temp_store = MEMORY");
  const checkpointer = startCheckpointer(file);
  const db = new Kysely<Database>({ dialect: new TurnTakingSqliteDialect({ database: withStatementCache(file) }), ...(log && { log }) });
  groupWork(db);
  return {
    db,
    dialect: "sqlite",
    async close() {
      // The engine's connection closes last, and with it SQLite checkpoints and removes the log.
      await checkpointer.stop();
      await db.destroy();
    },
  };
}

/** Prepared statements kept per SQL text (the most recently used ones). */
const STATEMENT_CACHE_SIZE = 500;

/**
 * The database as Kysely's SQLite dialect sees it, preparing each SQL text once: Kysely prepares a
 * statement for every query, and preparing costs as much as running a small query. Kysely runs one
 * query at a time on the connection, so a cached statement is never in use twice at once.
 */
function withStatementCache(file: SQLite.Database): SqliteDatabase {
  const statements = new Map<string, SQLite.Statement>();
  const rollback = rollbackIfActive(file);
  return {
    close: () => file.close(),
    prepare(sql) {
      if (sql === "rollback") return rollback;
      let statement = statements.get(sql);
      if (statement === undefined) {
        statement = file.prepare(sql);
        if (statements.size >= STATEMENT_CACHE_SIZE) statements.delete(statements.keys().next().value ?? "");
      } else {
        statements.delete(sql);
      }
      statements.set(sql, statement);
      return statement;
    },
  };
}

/**
 * Kysely's rollback after an error in a transaction. SQLite has already rolled the transaction back
 * itself after some errors (SQLITE_FULL, SQLITE_IOERR, ...): a second rollback would fail with "no
 * transaction is active" and hide the error that matters.
 */
function rollbackIfActive(file: SQLite.Database): SqliteStatement {
  return {
    reader: false,
    all: () => [],
    iterate: () => [][Symbol.iterator](),
    run() {
      if (file.inTransaction) file.exec("rollback");
      return { changes: 0, lastInsertRowid: 0 };
    },
  };
}

function openPostgres(connectionString: string, max: number, statementTimeoutMs: number, log?: (event: LogEvent) => void): Store {
  // A statement stuck on a lock or a runaway query fails after the timeout instead of holding a connection forever.
  const pool = postgresPool({ connectionString, max, statement_timeout: statementTimeoutMs });
  prepareWrites(pool);
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }), ...(log && { log }) });
  groupWork(db);
  return { db, dialect: "postgres", databaseUrl: connectionString, poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }), close: () => db.destroy() };
}

/**
 * A pool of connections to PostgreSQL. A pooled connection the server drops (restart, failover,
 * admin kill) is replaced on next use; without a listener its error would end the whole process.
 * Queries in flight still fail.
 */
function postgresPool(config: pg.PoolConfig): pg.Pool {
  const pool = new pg.Pool(config);
  pool.on("error", () => undefined);
  return pool;
}

/** Transactions asked for in the same turn share a commit, and reads of an object or an estimate a statement. */
function groupWork(db: Kysely<Database>): void {
  commitInGroups(db);
  objectRows.enable(db);
  estimateReads.enable(db);
}

/**
 * Applies the pending migrations, one node at a time (Kysely holds a lock row meanwhile); returns
 * their names. On PostgreSQL they run on a connection of their own without the store's statement
 * timeout, which bounds a request: building an index over a large history may take longer.
 */
export async function migrateStore(store: Store): Promise<string[]> {
  const db = store.databaseUrl === undefined ? store.db : new Kysely<Database>({ dialect: new PostgresDialect({ pool: postgresPool({ connectionString: store.databaseUrl, max: 1 }) }) });
  try {
    const migrator = new Migrator({ db, provider: migrationProvider(store.dialect) });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === "Error");
    if (error !== undefined || failed !== undefined) {
      throw new Error(`database migration ${failed?.migrationName ?? ""} failed: ${String(error)}`);
    }
    return (results ?? []).map((result) => result.migrationName);
  } finally {
    if (db !== store.db) await db.destroy();
  }
}

async function requireMigrated(store: Store): Promise<void> {
  const migrator = new Migrator({ db: store.db, provider: migrationProvider(store.dialect) });
  const pending = (await migrator.getMigrations()).filter((migration) => migration.executedAt === undefined).map((migration) => migration.name);
  if (pending.length > 0) {
    throw new Error(`the database needs the migrations ${pending.join(", ")}: run \`pnpm migrate\` with this DATABASE_URL first, then start the nodes`);
  }
}

/** Whether `error` is a unique constraint refusing a row (SQLite or PostgreSQL). */
export function isUniqueViolation(error: unknown): boolean {
  if (typeof error !== "object" || error === null || !("code" in error)) return false;
  return error.code === "SQLITE_CONSTRAINT_UNIQUE" || error.code === "23505";
}
