import { ErrorCode, isRecord } from "@baton/contract";
import { joinFolder } from "./folder-path";

/** A dropped file: where it lay in what was dropped (`NIGHTLY/SUB/A.json`, or just `A.json`) and its text. */
export interface DroppedFile {
  path: string;
  text: string;
}

/**
 * One entry of POST /folderobjects in the vendor's shape, `{"data": {"<type>": body}, "path": …}`;
 * or, when a file holds something else in its place, that value as it is, for the engine to judge.
 */
export type FolderEntry = unknown;

/** A file that holds nothing the engine could be sent, and why. */
export interface FileProblem {
  source: string;
  message: string;
}

export interface FolderImportPlan {
  /**
   * The entries of POST /folderobjects, each body as the files wrote it (unknown members and key
   * order kept); the engine checks them, so that what the preview says is what the import does.
   */
  entries: FolderEntry[];
  /** The dropped file each entry came from, by the entry's index. */
  sources: string[];
  /** Files that are not JSON or hold no object: they are never sent. */
  problems: FileProblem[];
}

/** The folder part of a dropped file's path: `./NIGHTLY/SUB/A.json` → `NIGHTLY/SUB`. */
export function directoryOf(filePath: string): string {
  const parts = filePath.split(/[\\/]+/).filter((part) => part !== "" && part !== ".");
  return parts.slice(0, -1).join("/");
}

/**
 * An entry as the engine reads it, its path below the file's directory: the vendor's
 * `{"data": {"<type>": body}, "path": …}`, or Baton's earlier `{"<type>": body, "path": …}` moved
 * under `data`. Whatever else is wrong with it is for the engine to say.
 */
function toEntry(value: unknown, directory: string): FolderEntry {
  if (!isRecord(value)) return value;
  const { path, data, ...rest } = value;
  const objects = isRecord(data) ? data : rest;
  return { data: objects, path: joinFolder(directory, typeof path === "string" ? path : "") };
}

/**
 * The entries one file holds: a folder export (`{data: [{data: {"<type>": body}, path}]}`, paths below
 * the file's folder), an object export (`{data: {"<type>": body}, path}`) or a bare body with its
 * `general_attributes.type`. An object export's own `path` names where it was exported from; what
 * decides here is where the file lies in the drop, so a dropped tree arrives as it was laid out.
 */
function readFile(file: DroppedFile): FolderEntry[] | string {
  let json: unknown;
  try {
    json = JSON.parse(file.text);
  } catch (error) {
    return `not valid JSON (${error instanceof Error ? error.message : String(error)})`;
  }
  const directory = directoryOf(file.path);
  if (!isRecord(json)) return "not a JSON object";
  if (Array.isArray(json.data)) return json.data.map((item) => toEntry(item, directory));
  if (isRecord(json.data)) return Object.entries(json.data).map(([key, body]) => ({ data: { [key]: body }, path: joinFolder(directory, "") }));
  if (isRecord(json.general_attributes) && typeof json.general_attributes.type === "string") return [{ data: { [json.general_attributes.type.toLowerCase()]: json }, path: joinFolder(directory, "") }];
  return "holds no object: expected an object or folder export, or an object body with general_attributes.type";
}

/**
 * Turns dropped files into the entries of one folder import: each file's folder in the drop
 * becomes the objects' folder below the folder imported into. Only files that cannot be read as
 * exports are kept back; everything else goes to the engine's dry run, which judges each entry.
 */
export function planFolderImport(files: readonly DroppedFile[]): FolderImportPlan {
  const plan: FolderImportPlan = { entries: [], sources: [], problems: [] };
  for (const file of files) {
    const entries = readFile(file);
    if (typeof entries === "string") {
      plan.problems.push({ source: file.path, message: `${file.path}: ${entries}.` });
      continue;
    }
    for (const entry of entries) {
      plan.entries.push(entry);
      plan.sources.push(file.path);
    }
  }
  return plan;
}

/**
 * A dropped or chosen file's place, as people read it (`nightly/load.json`): a directory input sets
 * webkitRelativePath, react-dropzone adds `path` (`/nightly/load.json`, `./load.json`).
 */
export function droppedPath(file: Pick<File, "name" | "webkitRelativePath">): string {
  const given = file.webkitRelativePath || ("path" in file && typeof file.path === "string" ? file.path : "");
  return given.replace(/^(\.?\/)+/, "") || file.name;
}

/** A problem the engine names for an entry: OutValidationError, or OutError's message and details. */
export interface EntryProblemText {
  code?: number | null;
  error: string;
  path: string | null;
}

/**
 * The engine's words for an existing object name its query flag (overwrite_existing_objects); the
 * console's way to it is the preview's checkbox. An existing object of another type is said as the
 * engine says it: overwriting does not help there.
 */
function consoleWords(problem: EntryProblemText): string {
  if (problem.code === ErrorCode.OBJECT_EXISTS && problem.error.startsWith("already exists")) return "already exists; tick “Overwrite existing objects” to replace it";
  return problem.error;
}

/**
 * A problem the engine reported, as the operator reads it: `data[3].data.jobs.scripts[0]` becomes
 * `scripts[0]`, and an entry named in the text (`also at data[0].data.jobs`) becomes its file.
 */
export function describeProblem(problem: EntryProblemText, sources: readonly string[]): string {
  const inEntry = problem.path?.replace(/^data\[\d+\](\.data(\.[a-z]+)?)?\.?/, "") ?? "";
  const error = consoleWords(problem).replace(/data\[(\d+)\][\w.]*/g, (text, index: string) => sources[Number(index)] ?? text);
  return inEntry === "" ? error : `${inEntry}: ${error}`;
}

/** The index of the entry an engine problem's path starts with (`data[3]...` → 3). */
export function entryIndexOf(path: string | null): number | undefined {
  const index = /^data\[(\d+)\]/.exec(path ?? "")?.[1];
  return index === undefined ? undefined : Number(index);
}
