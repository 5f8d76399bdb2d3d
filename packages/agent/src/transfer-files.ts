import { constants } from "node:fs";
import { copyFile, readdir, stat } from "node:fs/promises";
import { basename, dirname, isAbsolute, join } from "node:path";
import type { TransferRequest, TransferResult } from "@baton/contract";

/** Whether a file name matches a pattern with `*` (any run) and `?` (one character). */
export function matchesFilePattern(name: string, pattern: string): boolean {
  const source = [...pattern].map((ch) => (ch === "*" ? ".*" : ch === "?" ? "." : ch.replace(/[.+^${}()|[\]\\]/g, "\\$&"))).join("");
  return new RegExp(`^${source}$`, "s").test(name);
}

async function isDirectory(path: string): Promise<boolean> {
  return stat(path).then((s) => s.isDirectory(), () => false);
}

/**
 * Copies the files a source path names (wildcards in the file name) to a destination directory or
 * file on this host. Without `overwrite` an existing destination file is not replaced (that file
 * fails). Never throws: problems are in the result.
 */
export async function transferFiles(request: TransferRequest): Promise<TransferResult> {
  const result: TransferResult = { run_id: request.run_id, files: [] };
  if (!isAbsolute(request.source_path) || !isAbsolute(request.destination_path)) {
    return { ...result, error: "source and destination paths must be absolute" };
  }
  const directory = dirname(request.source_path);
  const pattern = basename(request.source_path);
  let names: string[];
  try {
    names = (await readdir(directory, { withFileTypes: true })).filter((e) => e.isFile() && matchesFilePattern(e.name, pattern)).map((e) => e.name).sort();
  } catch (error) {
    return { ...result, error: `cannot read ${directory}: ${error instanceof Error ? error.message : String(error)}` };
  }
  const toDirectory = request.destination_path.endsWith("/") || (await isDirectory(request.destination_path));
  if (!toDirectory && names.length > 1) return { ...result, error: `${names.length} files match but the destination ${request.destination_path} is a single file` };
  for (const name of names) {
    const source = join(directory, name);
    const destination = toDirectory ? join(request.destination_path, name) : request.destination_path;
    try {
      await copyFile(source, destination, request.overwrite ? 0 : constants.COPYFILE_EXCL);
      result.files.push({ source, destination, bytes: (await stat(destination)).size, outcome: "copied" });
    } catch (error) {
      const code = typeof error === "object" && error !== null && "code" in error ? String(error.code) : "";
      const message = code === "EEXIST" ? "the destination exists and overwrite is off" : error instanceof Error ? error.message : String(error);
      result.files.push({ source, destination, bytes: 0, outcome: "failed", message });
    }
  }
  return result;
}
