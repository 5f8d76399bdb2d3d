import { chmodSync, closeSync, mkdirSync, openSync, statSync } from "node:fs";

/** Files that hold data or secrets: readable and writable by Baton's own OS user only. */
export const PRIVATE_FILE_MODE = 0o600;
/** Directories Baton makes for its data: only its own OS user may list or enter them. */
export const PRIVATE_DIR_MODE = 0o700;

/** Makes a directory (and its missing parents) private; one that exists is left as the operator set it. */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Creates an empty private file unless it exists, so that what opens it later finds it private. */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, "a", PRIVATE_FILE_MODE));
}

/** A file whose mode was tightened, with the mode it had. */
export interface TightenedFile {
  file: string;
  mode: number;
}

/**
 * Sets those of `files` that exist and that other users may read or write to 0600 (files of an older
 * Baton, or copied with a lax umask); returns what it changed, for the log.
 */
export function tightenFileModes(files: readonly string[]): TightenedFile[] {
  const tightened: TightenedFile[] = [];
  for (const file of files) {
    const mode = fileMode(file);
    if (mode === undefined || (mode & 0o077) === 0) continue;
    chmodSync(file, PRIVATE_FILE_MODE);
    tightened.push({ file, mode });
  }
  return tightened;
}

function fileMode(file: string): number | undefined {
  try {
    const stat = statSync(file);
    return stat.isFile() ? stat.mode & 0o777 : undefined;
  } catch {
    return undefined;
  }
}
