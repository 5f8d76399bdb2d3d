import { mkdir, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";

/** One object of a folder export (`{"data": {"<type>": body}, "path": ...}`): its type key (`jobs`, `scri`, ...) and body, and its folder. */
export interface ObjectFile {
  /** Repository path: `<folder path>/<NAME>.json`. */
  path: string;
  typeKey: string;
  name: string;
  body: unknown;
}

const FOLDER_KEY = "fold";

/**
 * The objects of a folder export as files. Folders are left out: a folder is the directory of its
 * objects' files (an empty folder is not kept in the repository).
 */
export function objectFilesOfExport(entries: readonly Record<string, unknown>[]): ObjectFile[] {
  const files: ObjectFile[] = [];
  for (const { path, data } of entries) {
    const [typeKey, body] = Object.entries(typeof data === "object" && data !== null ? data : {})[0] ?? [];
    if (typeKey === undefined || typeKey === FOLDER_KEY) continue;
    const name = objectName(body);
    const folder = typeof path === "string" ? path : "";
    // User names are NAME/DEPARTMENT: the `/` is kept out of the file name (the name is in the file).
    const fileName = `${name.replaceAll("/", "%2F")}.json`;
    files.push({ path: folder === "" ? fileName : `${folder}/${fileName}`, typeKey, name, body });
  }
  return files;
}

/** The file's text: the export entry without its path (the file's directory is), keys sorted, 2-space indentation. */
export function objectFileText(file: ObjectFile): string {
  return `${JSON.stringify(sortKeys({ [file.typeKey]: file.body }), null, 2)}\n`;
}

/** The export entry a file's text stands for, with the folder taken from where the file lies. */
export function exportEntryOfFile(path: string, text: string): unknown {
  const parsed: unknown = JSON.parse(text);
  const folder = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : "";
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? { ...parsed, path: folder } : parsed;
}

/** The type key and name of an object file's text (undefined when it is not one). */
export function describeFileText(text: string): { typeKey: string; name: string } | undefined {
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== "object" || parsed === null) return undefined;
    const [typeKey, body] = Object.entries(parsed)[0] ?? [];
    return typeKey === undefined ? undefined : { typeKey, name: objectName(body) };
  } catch {
    return undefined;
  }
}

/**
 * Replaces every object file below `dir` by `files`, so that git sees added, changed and deleted
 * objects; files for which `keep` says so stay.
 */
export async function writeObjectFiles(dir: string, files: readonly ObjectFile[], keep?: (path: string) => Promise<boolean>): Promise<void> {
  for (const path of await listObjectFiles(dir)) {
    if (!(await keep?.(path))) await rm(join(dir, path));
  }
  for (const file of files) {
    const target = join(dir, file.path);
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, objectFileText(file));
  }
}

/** Repository paths (`/` separated) of every `.json` file below `dir`, outside `.git`. */
export async function listObjectFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && entry.name.endsWith(".json"))
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)).split(sep).join("/"))
    .filter((path) => !path.startsWith(".git/"))
    .sort();
}

/** Reads the export entries of every object file below `dir`. */
export async function* readObjectFiles(dir: string): AsyncGenerator<unknown> {
  for (const path of await listObjectFiles(dir)) yield exportEntryOfFile(path, await readFile(join(dir, path), "utf8"));
}

function objectName(body: unknown): string {
  const general = typeof body === "object" && body !== null && "general_attributes" in body ? body.general_attributes : undefined;
  const name = typeof general === "object" && general !== null && "name" in general ? general.name : undefined;
  return typeof name === "string" ? name : "UNNAMED";
}

/** A copy with the keys of every object sorted, so that a file's text depends on the definition only. */
function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (typeof value !== "object" || value === null) return value;
  return Object.fromEntries(
    Object.entries(value)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
      .map(([key, item]) => [key, sortKeys(item)]),
  );
}
