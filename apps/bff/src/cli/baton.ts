import { existsSync } from "node:fs";
import { DomainError, openStore, sqliteFiles, unlockUser } from "@baton/engine";
import { z } from "zod";
import { loadConfig } from "../config";

// `pnpm baton unlock CLIENT USER/DEPT`: the operator's way in when every administrator is locked.
// It opens the configured database itself (DATA_DIR or DATABASE_URL, as the server), so it works
// with the server running or not; the server reads the lock from the database at every login.

const USAGE = "usage: pnpm baton unlock CLIENT USER/DEPARTMENT   (e.g. pnpm baton unlock 100 ADMIN/ADMIN)";

const UnlockArgs = z.tuple([
  z.literal("unlock"),
  z.string().regex(/^\d{1,4}$/, "CLIENT must be a client number from 0 to 9999").transform(Number),
  z
    .string()
    .regex(/^[A-Za-z0-9._$@#-]{1,200}\/[A-Za-z0-9._$@#-]{1,200}$/, "the user must be NAME/DEPARTMENT")
    .transform((name) => name.toUpperCase()),
]);

async function main(args: readonly string[]): Promise<number> {
  const parsed = UnlockArgs.safeParse(args);
  if (!parsed.success) {
    // A wrong number of words says nothing more than the usage does.
    const problems = args.length === 3 ? parsed.error.issues.map((issue) => `${issue.message}\n`).join("") : "";
    process.stderr.write(`${problems}${USAGE}\n`);
    return 2;
  }
  const [, client, userName] = parsed.data;
  const config = loadConfig(process.env);
  if (config.DATABASE_URL === undefined && !existsSync(sqliteFiles(config.DATA_DIR).database)) {
    process.stderr.write(`There is no Baton database in DATA_DIR ${config.DATA_DIR}: set DATA_DIR (or DATABASE_URL) as for the server.\n`);
    return 1;
  }
  // No migration here: the database is the server's, at the server's version.
  const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, migrate: false });
  try {
    const result = await unlockUser(store, client, userName, "OPERATOR (pnpm baton unlock)", Date.now());
    // A lock starts the failure count again, so a locked user has none to clear.
    const failures = `${result.failedLogins} failed login${result.failedLogins === 1 ? "" : "s"}`;
    process.stdout.write(result.wasLocked ? `Unlocked user ${userName} of client ${client}.\n` : `User ${userName} of client ${client} was not locked; its count of ${failures} is cleared.\n`);
    return 0;
  } finally {
    await store.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  process.stderr.write(`${error instanceof DomainError ? error.details : error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
