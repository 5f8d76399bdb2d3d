import { join } from "node:path";
import { ensurePrivateDir, sqliteFiles, tightenFileModes } from "@baton/engine";
import type { Logger } from "pino";

/** The secrets Baton generates into the data directory when they are not configured. */
export const SECRET_FILES = ["agent-token", "session-key"] as const;

/**
 * Makes the data directory 0700 when Baton creates it, and tightens to 0600 the database and secret
 * files in it that other OS users could read (made by an older Baton or copied with a lax umask),
 * saying so in the log. Files Baton creates from now on are 0600 from the start.
 */
export function protectDataDir(dataDir: string, logger: Logger): void {
  ensurePrivateDir(dataDir);
  const files = [...sqliteFiles(dataDir).all, ...SECRET_FILES.map((name) => join(dataDir, name))];
  for (const { file, mode } of tightenFileModes(files)) {
    logger.warn({ file, mode: `0${mode.toString(8)}` }, "other OS users could read this file: its mode is now 0600");
  }
}
