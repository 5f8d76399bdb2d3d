import { Right, wildcardRegExp } from "@baton/contract";
import { accessFilter, type Rights } from "./authorization";

/** Folder path patterns (stored form: `PROD/JOBS`, "" the root) a search is limited to. */
export interface FolderAccess {
  grants: string[];
  prohibitions: string[];
}

/**
 * The folders whose objects a user finds: the search honours folder permissions, not those on
 * objects (spec: search rules). A folder permission is an authorization entry for the type FOLD
 * (or a type pattern covering it) whose name is a folder path pattern such as `\PROD\*`, with the
 * read bit. Null: every folder.
 */
export function folderAccess(rights: Rights): FolderAccess | null {
  const filter = accessFilter(rights, Right.READ);
  if (filter === null) return null;
  const forFolders = (entries: { objectType: string; objectName: string }[]) =>
    entries.filter((e) => wildcardRegExp(e.objectType).test("FOLD")).map((e) => folderPattern(e.objectName));
  const grants = forFolders(filter.grants);
  const prohibitions = forFolders(filter.prohibitions);
  if (prohibitions.length === 0 && grants.includes("*")) return null;
  return { grants, prohibitions };
}

/** `\PROD\*` or `/PROD/*` → `PROD/*`, the stored form of folder paths; `\` → "" (the root). */
export function folderPattern(pattern: string): string {
  return pattern
    .split(/[\\/]+/)
    .filter((s) => s.length > 0)
    .join("/")
    .toUpperCase();
}
