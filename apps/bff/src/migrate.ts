import { connectStore, migrateStore } from "@baton/engine";
import { loadConfig } from "./config";

// `pnpm migrate`: applies the pending migrations to the database of DATABASE_URL (or the SQLite file
// in DATA_DIR) and exits; for upgrades in which the nodes start with BATON_MIGRATE=never.
const config = loadConfig(process.env);
const store = connectStore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
try {
  const applied = await migrateStore(store);
  process.stdout.write(applied.length === 0 ? "The database is up to date: no migration to apply.\n" : `Applied ${applied.length} migrations: ${applied.join(", ")}.\n`);
} catch (error) {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
} finally {
  await store.close();
}
