import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import SQLite from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { openStore, type Dialect, type Store } from "../store/connect";
import type { Database } from "../store/schema";

/** A fresh, empty database for one test: a SQLite data directory or a new PostgreSQL database. */
export interface TestDatabase {
  dialect: Dialect;
  dataDir: string;
  /** Set for PostgreSQL. */
  databaseUrl: string | undefined;
  /** Removes the database; call after the store using it is closed. */
  drop(): Promise<void>;
}

/**
 * The dialects every store and API test runs on: SQLite always, PostgreSQL when
 * TEST_DATABASE_URL names a server (`pnpm test` starts one when it can and says so when not).
 */
export const testDialects: Dialect[] = process.env["TEST_DATABASE_URL"] ? ["sqlite", "postgres"] : ["sqlite"];

export async function createTestDatabase(dialect: Dialect): Promise<TestDatabase> {
  const dataDir = mkdtempSync(join(tmpdir(), "baton-test-"));
  const removeDir = () => rmSync(dataDir, { recursive: true, force: true });
  if (dialect === "sqlite") return { dialect, dataDir, databaseUrl: undefined, drop: async () => removeDir() };

  const adminUrl = process.env["TEST_DATABASE_URL"];
  if (!adminUrl) throw new Error("TEST_DATABASE_URL is not set");
  const name = `baton_test_${randomBytes(6).toString("hex")}`;
  await withAdmin(adminUrl, (client) => client.query(`create database ${name}`));
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    dialect,
    dataDir,
    databaseUrl: url.toString(),
    drop: async () => {
      removeDir();
      await withAdmin(adminUrl, (client) => client.query(`drop database if exists ${name} with (force)`));
    },
  };
}

/** A connection of the engine's kind on a test database, without migrating it (to migrate it only so far). */
export function connectUnmigrated(database: TestDatabase): Kysely<Database> {
  if (database.databaseUrl !== undefined) return new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: database.databaseUrl, max: 1 }) }) });
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: new SQLite(join(database.dataDir, "baton.sqlite")) }) });
}

async function withAdmin(url: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}

/**
 * Gives each test of the calling suite a fresh database with the store open on it, closed and
 * dropped after the test; `use` receives them before each test.
 */
export function eachWithFreshStore(dialect: Dialect, use: (fresh: { store: Store; database: TestDatabase }) => void): void {
  storeBetween(beforeEach, afterEach, dialect, use);
}

/**
 * Gives the calling suite one database with the store open on it, made before its first test and
 * closed and dropped after its last (for tests that build on what earlier ones wrote); `use`
 * receives them once made.
 */
export function allWithOneStore(dialect: Dialect, use: (opened: { store: Store; database: TestDatabase }) => void): void {
  storeBetween(beforeAll, afterAll, dialect, use);
}

function storeBetween(before: typeof beforeAll, after: typeof afterAll, dialect: Dialect, use: (opened: { store: Store; database: TestDatabase }) => void): void {
  let opened: { store: Store; database: TestDatabase } | undefined;
  before(async () => {
    const database = await createTestDatabase(dialect);
    opened = { store: await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir }), database };
    use(opened);
  });
  after(async () => {
    await opened?.store.close();
    await opened?.database.drop();
  });
}
