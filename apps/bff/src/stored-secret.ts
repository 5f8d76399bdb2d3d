import { randomBytes } from "node:crypto";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { dirname } from "node:path";

/**
 * A secret kept in a file (mode 0600): read when it exists, else made (32 random bytes, base64url)
 * and written, so that it stays the same across restarts.
 */
export async function storedSecret(file: string): Promise<string> {
  const existing = await readFile(file, "utf8").catch(() => undefined);
  if (existing !== undefined && existing.trim() !== "") return existing.trim();
  const secret = randomBytes(32).toString("base64url");
  await mkdir(dirname(file), { recursive: true });
  // "wx": when another process wrote it first, its secret is the one kept.
  await writeFile(file, `${secret}\n`, { mode: 0o600, flag: "wx" }).catch(() => undefined);
  return (await readFile(file, "utf8")).trim();
}
