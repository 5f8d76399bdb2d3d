import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { OutRepositoryChange } from "@baton/contract";
import { z } from "zod";
import type { Principal } from "../auth/authenticator";
import type { FolderService } from "../objects/folder-service";
import type { FileStatus, GitWorkspace } from "./git-workspace";
import { describeFileText, exportEntryOfFile, objectFilesOfExport, writeObjectFiles, type ObjectFile } from "./object-files";

const ExportText = z.object({
  data: z.array(z.record(z.string(), z.unknown())),
  warnings: z.object({ access_denied: z.array(z.string()) }),
});

/** An object a commit removes: the type and name its file had. */
interface RemovedObject {
  type: string;
  name: string;
}

/**
 * The client's definitions on one side, the object files of its repository on the other: writing
 * the definitions as files, and importing what commits changed.
 */
export class DefinitionsMirror {
  constructor(private readonly folders: FolderService) {}

  /** The definitions the principal may read, as files, and the names of those it may not read. */
  async files(principal: Principal): Promise<{ files: ObjectFile[]; denied: ReadonlySet<string> }> {
    let text = "";
    for await (const piece of await this.folders.export(principal, "/")) text += piece;
    const parsed = ExportText.parse(JSON.parse(text));
    return { files: objectFilesOfExport(parsed.data), denied: new Set(parsed.warnings.access_denied) };
  }

  /**
   * Rewrites every object file from the current definitions and returns the tree they make. Files
   * of objects the principal may not read stay as they are, so that they never look deleted.
   */
  async write(principal: Principal, git: GitWorkspace): Promise<string> {
    const { files, denied } = await this.files(principal);
    const keep = denied.size === 0 ? undefined : async (path: string) => denied.has(describeFileText(await readFile(join(git.dir, path), "utf8"))?.name ?? "");
    await writeObjectFiles(git.dir, files, keep);
    return git.workingTree();
  }

  /**
   * Makes the definitions follow the files from `from` to `to` (commits or trees): objects of
   * added and changed files are imported, objects whose file went away are deleted; all or nothing.
   * `beforeWrite` runs once everything was checked (see FolderService.import). Returns how many
   * objects were imported or deleted.
   */
  async apply(principal: Principal, git: GitWorkspace, from: string, to: string, beforeWrite?: () => Promise<void>): Promise<number> {
    const entries: unknown[] = [];
    const removed: RemovedObject[] = [];
    const files = await git.changedFiles(from, to);
    const texts = await git.showAll(files.map(({ path, change }) => ({ commit: change === "deleted" ? from : to, path })));
    files.forEach(({ path, change }, i) => {
      const text = texts[i] ?? "";
      if (change !== "deleted") {
        entries.push(exportEntryOfFile(path, text));
        return;
      }
      const described = describeFileText(text);
      if (described) removed.push({ type: described.typeKey.toUpperCase(), name: described.name });
    });
    // An object that moved to another folder is one deleted and one added file: it is kept. The
    // requesting user's own USER object is never deleted, so nobody locks themselves out.
    const imported = new Set(entries.map((entry) => describeFileText(JSON.stringify(entry))?.name));
    const remove = removed.filter((object) => !imported.has(object.name) && !(object.type === "USER" && object.name === principal.userName));
    const result = await this.folders.import(principal, entries, { folderPath: "", overwrite: true, remove, ...(beforeWrite && { beforeWrite }) });
    return result.objects.length + result.removed.length;
  }

  /** The names of the objects whose files differ between `from` and `to`. */
  async changedNames(git: GitWorkspace, from: string, to: string): Promise<Map<string, string>> {
    return new Map((await describeChanges(git, await git.changedFiles(from, to), from, to)).map((change) => [change.name, change.path]));
  }
}

/** The changes between two commits or trees as objects: name and type read from the file's text. */
export async function describeChanges(git: GitWorkspace, files: readonly FileStatus[], from: string, to: string): Promise<OutRepositoryChange[]> {
  const texts = await git.showAll(files.map(({ path, change }) => ({ commit: change === "deleted" ? from : to, path })));
  return files.flatMap(({ path, change }, i) => {
    const described = describeFileText(texts[i] ?? "");
    return described ? [{ name: described.name, type: described.typeKey.toUpperCase(), path, change }] : [];
  });
}
