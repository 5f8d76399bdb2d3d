import { isObjectTypeKey, isRecord, OBJECT_NAME_PATTERN } from "@baton/contract";
import { joinFolder, normaliseFolder } from "./folder-path";

/** A dropped file: where it lay in what was dropped (`NIGHTLY/SUB/A.json`, or just `A.json`) and its text. */
export interface DroppedFile {
  path: string;
  text: string;
}

/** One object the import will write, where it goes relative to the folder imported into. */
export interface PlannedObject {
  name: string;
  /** Upper case, e.g. JOBS; FOLD for folders. */
  type: string;
  /** Relative to the folder imported into, engine form ("" = that folder). */
  folder: string;
  /** The dropped file it came from. */
  source: string;
}

export interface FileProblem {
  source: string;
  message: string;
}

export interface FolderImportPlan {
  /**
   * The body of POST /folderobjects in the vendor's entries `{"data": {"<type>": body}, "path": ...}`,
   * each body as the files wrote it (unknown members and key order kept).
   */
  body: { data: Array<{ data: Record<string, unknown>; path: string }> };
  objects: PlannedObject[];
  /** Files that cannot be imported, and names given twice: the import waits until they are gone. */
  problems: FileProblem[];
}


/** The folder part of a dropped file's path: `./NIGHTLY/SUB/A.json` → `NIGHTLY/SUB`. */
export function directoryOf(filePath: string): string {
  const parts = filePath.split(/[\\/]+/).filter((part) => part !== "" && part !== ".");
  return parts.slice(0, -1).join("/");
}

interface Entry {
  key: string;
  body: Record<string, unknown>;
  folder: string;
}

/**
 * `{"data": {"<type>": body}, "path": …}` (the vendor's export) or `{"<type>": body, "path": …}`
 * (Baton's earlier one) → the entry, or the words saying what is wrong with it.
 */
function readEntry(value: unknown, directory: string): Entry | string {
  if (!isRecord(value)) return "an entry is not a JSON object";
  const objects = isRecord(value.data) ? value.data : value;
  const keys = Object.keys(objects).filter((key) => objects !== value || key !== "path");
  const key = keys[0];
  if (key === undefined || keys.length !== 1) return "an entry must hold exactly one object keyed by its type, beside path";
  if (!isObjectTypeKey(key)) return `${key} is not an object type`;
  const body = objects[key];
  if (!isRecord(body) || !isRecord(body.general_attributes) || typeof body.general_attributes.name !== "string") return `${key} has no general_attributes.name`;
  const path = typeof value.path === "string" ? value.path : "";
  return { key, body, folder: joinFolder(directory, path) };
}

/**
 * The entries one file holds: a folder export (`{data: [{data: {"<type>": body}, path}]}`, paths below the
 * file's folder), an object export (`{data: {"<type>": body}, path}`) or a bare body with its
 * `general_attributes.type`. An object export's own `path` names where it was exported from; what
 * decides here is where the file lies in the drop, so a dropped tree arrives as it was laid out.
 */
function readFile(file: DroppedFile): Entry[] | string {
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch (error) {
    return `not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const directory = directoryOf(file.path);
  if (!isRecord(json)) return "not a JSON object";
  const items: unknown[] = Array.isArray(json.data)
    ? json.data
    : isRecord(json.data)
      ? Object.entries(json.data).map(([key, body]) => ({ [key]: body }))
      : isRecord(json.general_attributes) && typeof json.general_attributes.type === "string"
        ? [{ [json.general_attributes.type.toLowerCase()]: json }]
        : [];
  if (items.length === 0) return "holds no object: expected an object or folder export, or an object body with general_attributes.type";
  const entries: Entry[] = [];
  for (const item of items) {
    const entry = readEntry(item, directory);
    if (typeof entry === "string") return entry;
    entries.push(entry);
  }
  return entries;
}

/** A folder part the engine would refuse (folder names follow the object name rules). */
function badFolderPart(folder: string): string | undefined {
  return folder.split("/").find((part) => part !== "" && !OBJECT_NAME_PATTERN.test(part));
}

/**
 * Turns dropped files into one folder import: each file's folder in the drop becomes the objects'
 * folder below the folder imported into. Files that cannot be read, folder names the engine would
 * refuse and objects named twice are listed as problems instead of being sent.
 */
export function planFolderImport(files: readonly DroppedFile[]): FolderImportPlan {
  const plan: FolderImportPlan = { body: { data: [] }, objects: [], problems: [] };
  const seen = new Map<string, string>();
  for (const file of files) {
    const entries = readFile(file);
    if (typeof entries === "string") {
      plan.problems.push({ source: file.path, message: `${file.path}: ${entries}.` });
      continue;
    }
    for (const { key, body, folder } of entries) {
      const name = String(isRecord(body.general_attributes) ? body.general_attributes.name : "").toUpperCase();
      const bad = badFolderPart(folder);
      if (bad !== undefined) {
        plan.problems.push({ source: file.path, message: `${file.path}: the folder name ${bad} is not allowed; use A-Z 0-9 . _ $ @ # - (rename the directory).` });
        continue;
      }
      // Folders merge, so the same folder twice is fine; an object twice is refused by the engine.
      const identity = key === "fold" ? `fold:${joinFolder(folder, name)}` : name;
      const earlier = seen.get(identity);
      if (earlier !== undefined && key !== "fold") {
        plan.problems.push({ source: file.path, message: `${name} is in ${earlier} and in ${file.path}; an import takes each object once.` });
        continue;
      }
      seen.set(identity, file.path);
      plan.body.data.push({ data: { [key]: body }, path: folder });
      plan.objects.push({ name, type: key.toUpperCase(), folder: normaliseFolder(folder), source: file.path });
    }
  }
  return plan;
}

/** What the import will do with one object, given what exists now. */
export type PreviewAction = "create" | "replace" | "conflict" | "folder";

export interface ExistingObject {
  type: string;
  /** Engine form. */
  folder: string;
}

export interface PreviewRow extends PlannedObject {
  action: PreviewAction;
  /** Where the object of that name lies now, if it exists. */
  existing: ExistingObject | undefined;
}

/**
 * Sorts each planned object by what the import will do: create it, replace the existing one
 * (only with overwrite), or fail because an object of another type has the name (the engine never
 * replaces across types). Folders merge with existing ones and are never a conflict.
 */
export function classifyPlan(objects: readonly PlannedObject[], existing: ReadonlyMap<string, ExistingObject>): PreviewRow[] {
  return objects.map((object) => {
    if (object.type === "FOLD") return { ...object, action: "folder", existing: undefined };
    const found = existing.get(object.name);
    if (found === undefined) return { ...object, action: "create", existing: undefined };
    return { ...object, action: found.type === object.type ? "replace" : "conflict", existing: found };
  });
}

export type PreviewCounts = Record<PreviewAction, number>;

export function countActions(rows: readonly PreviewRow[]): PreviewCounts {
  const counts: PreviewCounts = { create: 0, replace: 0, conflict: 0, folder: 0 };
  for (const row of rows) counts[row.action] += 1;
  return counts;
}

/**
 * A dropped or chosen file's place, as people read it (`nightly/load.json`): a directory input sets
 * webkitRelativePath, react-dropzone adds `path` (`/nightly/load.json`, `./load.json`).
 */
export function droppedPath(file: Pick<File, "name" | "webkitRelativePath">): string {
  const given = file.webkitRelativePath || ("path" in file && typeof file.path === "string" ? file.path : "");
  return given.replace(/^(\.?\/)+/, "") || file.name;
}

export interface EntryProblem {
  /** The object the problem is about, when the server's path names an entry. */
  object: PlannedObject | undefined;
  message: string;
}

/**
 * Ties the server's problems to the objects they are about: OutValidationError paths start with
 * `data[i]`, the i-th entry sent. Problems without such a path concern the import as a whole.
 */
export function problemsByObject(problems: ReadonlyArray<{ message: string; path: string | null; details?: string | null }>, objects: readonly PlannedObject[]): EntryProblem[] {
  return problems.map((problem) => {
    const index = /^data\[(\d+)\]/.exec(problem.path ?? "")?.[1];
    const object = index === undefined ? undefined : objects[Number(index)];
    const where = problem.path && object === undefined ? ` (${problem.path})` : problem.path && object ? ` (${problem.path.replace(/^data\[\d+\]\.?/, "")})` : "";
    return { object, message: `${problem.message}${where}${problem.details ? `: ${problem.details}` : ""}` };
  });
}
