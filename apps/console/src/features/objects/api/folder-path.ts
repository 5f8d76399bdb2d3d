/**
 * Folder paths in the console are the engine's own form: upper case, `/` between parts, "" the
 * root (`NIGHTLY/LOAD`). That form goes into URLs (`/objects?folder=NIGHTLY/LOAD`) and requests; people
 * read the product's form, `\NIGHTLY\LOAD`.
 */
export function normaliseFolder(path: string): string {
  return path
    .split(/[\\/]+/)
    .filter((part) => part !== "" && part !== ".")
    .map((part) => part.toUpperCase())
    .join("/");
}

/** `NIGHTLY/LOAD` → `\NIGHTLY\LOAD`; the root is `\`. */
export function displayFolder(path: string): string {
  return `\\${normaliseFolder(path).replace(/\//g, "\\")}`;
}

export function joinFolder(base: string, relative: string): string {
  return [normaliseFolder(base), normaliseFolder(relative)].filter((part) => part !== "").join("/");
}

/** The last part of a path (the folder's own name); "" for the root. */
export function folderName(path: string): string {
  return normaliseFolder(path).split("/").pop() ?? "";
}

/** Every folder from the root down to `path`, the root ("") first. */
export function ancestorsOf(path: string): string[] {
  const parts = normaliseFolder(path).split("/").filter((part) => part !== "");
  return ["", ...parts.map((_, index) => parts.slice(0, index + 1).join("/"))];
}

/**
 * The folders right below `parent`, from the folders objects lie in at or below it (what a search
 * over the subtree reports); each once, in name order.
 */
export function childFolders(parent: string, foldersBelow: Iterable<string>): string[] {
  const base = normaliseFolder(parent);
  const prefix = base === "" ? "" : `${base}/`;
  const children = new Set<string>();
  for (const folder of foldersBelow) {
    const path = normaliseFolder(folder);
    if (path === base || !path.startsWith(prefix)) continue;
    const next = path.slice(prefix.length).split("/")[0];
    if (next !== undefined && next !== "") children.add(`${prefix}${next}`);
  }
  return [...children].sort();
}

/** The console page of a folder: `/objects?folder=OPS/NIGHTLY`, the root plain `/objects`. */
export function folderUrl(path: string): string {
  const folder = normaliseFolder(path);
  return folder === "" ? "/objects" : `/objects?folder=${encodeURIComponent(folder)}`;
}
