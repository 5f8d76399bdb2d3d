import type { RightBit } from "@baton/contract";
import { allows, type Rights } from "./authorization";
import { folderPattern } from "./search-access";

/** A folder path as operators write it: `\OPS\NIGHTLY` for the stored `OPS/NIGHTLY`. */
export function displayFolderPath(path: string): string {
  return `\\${path.replaceAll("/", "\\")}`;
}

/**
 * Whether the rights allow `right` on the folder at `path` (stored form). Folder permissions are
 * authorization entries for the type FOLD whose names are folder path patterns such as `\PROD\*`,
 * read the same way as the search reads them.
 */
export function allowsFolder(rights: Rights, right: RightBit, path: string): boolean {
  const byPath = { ...rights, authorizations: rights.authorizations.map((entry) => ({ ...entry, objectName: folderPattern(entry.objectName) })) };
  return allows(byPath, right, "FOLD", path);
}
