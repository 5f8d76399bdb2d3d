import { randomBytes } from "node:crypto";
import { readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";
import { ensurePrivateDir, PRIVATE_FILE_MODE } from "@baton/engine";

/**
 * A secret kept in a file (mode 0600, in a directory made 0700): read when it exists, else made
 * (32 random bytes, base64url) and written, so that it stays the same across restarts. An existing
 * file's mode is tightened at start (see `protectDataDir`).
 */
export async function storedSecret(file: string): Promise<string> {
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing !== undefined && existing.trim() !== "") return existing.trim();
  const secret = randomBytes(32).toString("base64url");
  ensurePrivateDir(dirname(file));
  // "wx": when another process wrote it first, its secret is the one kept.
  await writeFile(file, `${secret}\n`, { mode: PRIVATE_FILE_MODE, flag: "wx" }).catch(() => undefined);
  return (await readFile(file, "utf8")).trim();
}
