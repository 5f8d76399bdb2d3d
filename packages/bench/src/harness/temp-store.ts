import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openStore, type Store, type StoreOptions } from "@baton/engine/bench";
import { sql } from "kysely";

/** An engine store on a fresh SQLite file, with the path of that file for direct (better-sqlite3) access. */
export interface TempStore {
  store: Store;
  /** The database file the store opened. */
  file: string;
}

/**
 * Runs `use` on a migrated store in a new directory under the OS temp directory and removes the
 * directory afterwards, also when `use` throws: a bench never touches a real data directory and
 * leaves no gigabyte-sized files behind.
 */
export async function withTempStore<T>(use: (temp: TempStore) => Promise<T>, options: Omit<StoreOptions, "dataDir"> = {}): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), "baton-bench-"));
  try {
    const store = await openStore({ ...options, dataDir });
    try {
      return await use({ store, file: await mainDatabaseFile(store) });
    } finally {
      await store.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * Runs `use` with a new data directory under the OS temp directory whose database `prepare` has
 * filled (the store is closed before `use`, so that a Baton process can open it), and removes
 * the directory afterwards.
 */
export async function withTempDataDir<T>(prepare: (temp: TempStore) => Promise<void> | void, use: (dataDir: string) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(join(tmpdir(), "baton-bench-"));
  try {
    const store = await openStore({ dataDir });
    try {
      await prepare({ store, file: await mainDatabaseFile(store) });
    } finally {
      await store.close();
    }
    return await use(dataDir);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Asked of SQLite rather than rebuilt from the data directory, so the engine's file name stays its own. */
async function mainDatabaseFile(store: Store): Promise<string> {
  const { rows } = await sql<{ name: string; file: string }>`pragma database_list`.execute(store.db);
  const main = rows.find((row) => row.name === "main");
  if (main === undefined || main.file === "") throw new Error("the store is not a SQLite file");
  return main.file;
}
