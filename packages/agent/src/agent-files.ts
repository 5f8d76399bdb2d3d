import { createReadStream, createWriteStream } from "node:fs";
import { link, readdir, rename, stat, unlink } from "node:fs/promises";
import { basename, dirname, isAbsolute, join } from "node:path";
import { pipeline } from "node:stream/promises";
import type { FileListing } from "@baton/contract";

/** Whether a file name matches a pattern with `*` (any run) and `?` (one character). */
export function matchesFilePattern(name: string, pattern: string): boolean {
  const source = [...pattern].map((ch) => (ch === "*" ? ".*" : ch === "?" ? "." : ch.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
  return new RegExp(`^${source}$`, "s").test(name);
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function codeOf(error: unknown): string {
  return typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
}

function requireAbsolute(path: string): void {
  if (!isAbsolute(path)) throw new Error(`${path} is not an absolute path`);
}

/** The regular files a pattern names (wildcards in the file name part only), sorted by name. Never throws. */
export async function listFiles(pattern: string): Promise<FileListing> {
  if (!isAbsolute(pattern)) return { files: [], error: `${pattern} is not an absolute path` };
  const directory = dirname(pattern);
  const namePattern = basename(pattern);
  try {
    const names = (await readdir(directory, { withFileTypes: true })).filter((e) => e.isFile() && matchesFilePattern(e.name, namePattern)).map((e) => e.name).sort();
    const files = [];
    for (const name of names) {
      const path = join(directory, name);
      // A file removed between the listing and its stat is simply not there any more.
      const info = await stat(path).catch(() => undefined);
      if (info?.isFile()) files.push({ path, size: info.size, modified_ms: Math.trunc(info.mtimeMs) });
    }
    return { files };
  } catch (error) {
    return { files: [], error: `cannot read ${directory}: ${messageOf(error)}` };
  }
}

export async function isDirectory(path: string): Promise<boolean> {
  requireAbsolute(path);
  return stat(path).then((s) => s.isDirectory(), () => false);
}

/** The content of a file, as a stream of chunks. */
export function readFile(path: string): AsyncIterable<Uint8Array> {
  requireAbsolute(path);
  return createReadStream(path);
}

/**
 * Writes a file from a stream of chunks and returns its size. The content goes to a temporary file
 * beside the target first, so a reader never sees half a file and a failed transfer leaves nothing
 * behind; without `overwrite` an existing target is kept and the write fails.
 */
export async function writeFile(path: string, content: AsyncIterable<Uint8Array>, overwrite: boolean): Promise<number> {
  requireAbsolute(path);
  const partial = join(dirname(path), `.${basename(path)}.${process.pid}.${Date.now()}.part`);
  try {
    await pipeline(content, createWriteStream(partial, { flags: "wx" }));
    const { size } = await stat(partial);
    // link() refuses an existing target atomically, which is what "no overwrite" needs.
    if (overwrite) await rename(partial, path);
    else await link(partial, path);
    return size;
  } catch (error) {
    if (codeOf(error) === "EEXIST") throw new Error("the destination exists and overwrite is off");
    throw new Error(messageOf(error));
  } finally {
    await unlink(partial).catch(() => undefined);
  }
}
