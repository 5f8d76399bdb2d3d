import { ErrorCode, ObjectBody, Right } from "@baton/contract";
import type { Kysely } from "kysely";
import type { Principal } from "../auth/authenticator";
import { mayReadObject } from "../auth/acts";
import { allowsFolder, displayFolderPath } from "../domain/folder-rights";
import { NotFoundError, invalid } from "../domain/errors";
import { folderDefinition, folderPathOf, normaliseFolderPath, relativeFolder, type ObjectDefinition } from "../domain/object-definition";
import { objectReferences } from "../domain/object-references";
import type { Clock } from "../runtime/clock";
import type { Store } from "../store/connect";
import { explicitFoldersInTree, folderExists } from "../store/folders-store";
import { objectFoldersInTree, objectTypesNamed, objectsInFolderTree, type TreePosition } from "../store/objects-store";
import type { Database } from "../store/schema";
import { parseStored } from "../store/stored-json";
import { importFolder, type FolderImport, type FolderImportDeps, type ImportOptions } from "./folder-import";

/** Objects read per query while exporting. */
const EXPORT_PAGE = 500;
/** Export text is written in pieces of about this many characters. */
const EXPORT_PIECE = 64 * 1024;

/** Importing and exporting whole folders (OutFolderObjects / InFolderObjects). */
export class FolderService {
  private readonly deps: FolderImportDeps;

  constructor(store: Store, clock: Clock, onAccountsChanged: () => void) {
    this.deps = { store, clock, onAccountsChanged };
  }

  /** Imports the entries of a folder export below `options.folderPath` (see importFolder). */
  import(principal: Principal, entries: AsyncIterable<unknown> | Iterable<unknown>, options: ImportOptions): Promise<FolderImport> {
    return importFolder(this.deps, principal, entries, options);
  }

  /**
   * Checks the folder to export (400 for a bad path, 404 when it does not exist) and returns the
   * export as JSON text in pieces, written while the folder is read page by page.
   */
  async export(principal: Principal, path: string): Promise<AsyncIterable<string>> {
    const folder = normaliseFolderPath(path);
    if (folder === null) throw invalid(ErrorCode.INVALID_REQUEST, "folder_path", "is not a valid folder path", path);
    if (!(await folderExists(this.deps.store.db, principal.client, folder))) {
      throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Folder not found.", `Folder '${path}' does not exist in client ${principal.client}.`);
    }
    return exportText(this.deps.store.db, principal, folder);
  }
}

/**
 * The folder's content as OutFolderObjects text, in the vendor's entries `{"data": {"<type>": body},
 * "path": ...}`: first the folder itself (not for the root) and its subfolders (FOLD entries), then
 * its objects by folder and name, each `path` relative to the folder the exported one lies in (the
 * folder's own entry has path "", its objects the folder's name); then the warnings: objects the
 * exported ones refer to that exist outside the export, and what the principal may not read.
 */
async function* exportText(db: Kysely<Database>, principal: Principal, folder: string): AsyncGenerator<string> {
  const denied: string[] = [];
  const exported = new Set<string>();
  const referenced = new Set<string>();
  const base = folder.includes("/") ? folder.slice(0, folder.lastIndexOf("/")) : "";
  const pieces = new PieceWriter('{"data":[');
  for (const tree of await foldersOfTree(db, principal.client, folder)) {
    const path = folderPathOf(tree);
    if (!allowsFolder(principal.rights, Right.READ, path)) denied.push(displayFolderPath(path));
    else yield* pieces.entry(tree, base);
  }
  let after: TreePosition | undefined;
  for (;;) {
    const page = await objectsInFolderTree(db, principal.client, folder, after, EXPORT_PAGE);
    for (const object of page) {
      if (!mayReadObject(principal, object)) {
        denied.push(object.name);
        continue;
      }
      exported.add(object.name);
      const body = parseStored(ObjectBody, object.body, "objects.body", `client ${object.client}, name ${object.name}`);
      for (const reference of objectReferences(body, object.body)) referenced.add(reference.name);
      // The stored text is the body as the import wrote it (JSON.stringify): written as it is.
      yield* pieces.add(object.type, object.body, relativeFolder(base, object.folder));
    }
    const last = page.at(-1);
    if (last === undefined || page.length < EXPORT_PAGE) break;
    after = { folder: last.folder, name: last.name };
  }
  const outside = [...referenced].filter((name) => !exported.has(name));
  const existing = await objectTypesNamed(db, principal.client, outside);
  const warnings = { unresolved_external_references: outside.filter((name) => existing.has(name)).sort(), access_denied: denied };
  yield pieces.end(`],"warnings":${JSON.stringify(warnings)}}`);
}

/** Gathers export text into pieces of about EXPORT_PIECE characters. */
class PieceWriter {
  #text: string;
  #first = true;
  constructor(start: string) {
    this.#text = start;
  }

  /** Adds one entry, its path relative to `base`; yields a piece when enough text has gathered. */
  entry(definition: ObjectDefinition, base: string): Generator<string> {
    return this.add(definition.type, JSON.stringify(definition.body), relativeFolder(base, definition.folder));
  }

  /** Adds the entry of an object of `type` whose body is the JSON `body`, in the folder `path` (OutFolderObjectEntry). */
  *add(type: string, body: string, path: string): Generator<string> {
    this.#text += `${this.#first ? "" : ","}{"data":{${JSON.stringify(type.toLowerCase())}:${body}},"path":${JSON.stringify(path)}}`;
    this.#first = false;
    if (this.#text.length >= EXPORT_PIECE) {
      yield this.#text;
      this.#text = "";
    }
  }

  end(tail: string): string {
    return this.#text + tail;
  }
}

/**
 * The folder itself (unless it is the root) and every folder below it (explicit ones and those
 * objects lie in), sorted by path, as FOLD definitions.
 */
async function foldersOfTree(db: Kysely<Database>, client: number, folder: string): Promise<ObjectDefinition[]> {
  const explicit = await explicitFoldersInTree(db, client, folder);
  const paths = new Set<string>(folder === "" ? [] : [folder]);
  for (const path of [...(await objectFoldersInTree(db, client, folder)), ...explicit.map((f) => f.path)]) {
    // A folder below another implies the one between: A/B/C holds A/B.
    for (let p = path; p !== folder && p !== "" && !paths.has(p); p = p.includes("/") ? p.slice(0, p.lastIndexOf("/")) : "") paths.add(p);
  }
  const bodies = new Map(explicit.map((f) => [f.path, f.body]));
  return [...paths].sort().map((path) => folderDefinition(path, bodies.get(path)));
}
