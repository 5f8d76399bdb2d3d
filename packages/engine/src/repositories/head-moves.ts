import { ErrorCode, type OutRepositoryChange } from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import { ConflictsError } from "../domain/errors";
import type { FolderService } from "../objects/folder-service";
import { DefinitionsMirror, describeChanges } from "./definitions-mirror";
import { readableChanges, requireWritableFiles } from "./file-rights";
import type { GitAuthor, GitWorkspace } from "./git-workspace";
import { listObjectFiles, readObjectFiles, writeObjectFiles } from "./object-files";

/** A move of the active branch from `head` to `next`; with `push`, `next` is pushed to `branch`. */
export interface HeadMove {
  branch: string;
  head: string;
  next: string;
  overwrite: boolean;
  push: boolean;
}

/**
 * How the client's definitions follow its repository: the tree of the definitions as a principal
 * sees them, their uncommitted changes, and the moves of the head (pull, merge, rollback, switch)
 * that import what changed.
 */
export class HeadMoves {
  private readonly mirror: DefinitionsMirror;

  constructor(private readonly folders: FolderService) {
    this.mirror = new DefinitionsMirror(folders);
  }

  /**
   * Moves the active branch from `head` to `next` and imports what changed between them; objects
   * with uncommitted changes among those refuse it unless `overwrite`. With `push`, `next` is
   * pushed once everything was checked and before anything is written.
   */
  async moveHead(principal: Principal, git: GitWorkspace, move: HeadMove): Promise<number> {
    const current = await this.currentTree(principal, git);
    if (!move.overwrite) await this.refuseOverwriting(git, move.head, current, move.next);
    const imported = await this.importMove(principal, git, move.head, move.next, move.push ? () => git.push(move.next, move.branch) : undefined);
    await git.resetTo(move.next);
    return imported;
  }

  /** Switches to `branch` at `target`, importing what differs; `beforeWrite` runs once the import was checked (see DefinitionsMirror.apply). */
  async switchTo(principal: Principal, git: GitWorkspace, branch: string, target: string, overwrite: boolean, beforeWrite?: () => Promise<void>): Promise<void> {
    const head = await git.head();
    const current = await this.currentTree(principal, git);
    if (!overwrite) await this.refuseOverwriting(git, head, current, target);
    await this.importMove(principal, git, head, target, beforeWrite);
    await git.switchTo(branch);
  }

  /** On a branch with objects, imports them; otherwise commits the client's objects and pushes the branch. */
  async adoptOrPublish(principal: Principal, git: GitWorkspace, branch: string, author: GitAuthor): Promise<void> {
    if (await git.fetchBranch(branch)) {
      await git.checkoutRemote(branch);
      if ((await listObjectFiles(git.dir)).length > 0) {
        await this.folders.import(principal, readObjectFiles(git.dir), { folderPath: "", overwrite: true });
        return;
      }
    }
    await writeObjectFiles(git.dir, (await this.mirror.files(principal)).files);
    await git.commit(`Objects of client ${principal.client}`, author);
    await git.push(branch, branch);
  }

  /**
   * The uncommitted changes of objects the principal may read: only those are listed and
   * committed by it (a deletion is read from HEAD's file); the others wait for a user who may.
   */
  async pendingChanges(principal: Principal, git: GitWorkspace): Promise<OutRepositoryChange[]> {
    const current = await this.currentTree(principal, git);
    return readableChanges(principal, await describeChanges(git, await git.changedFiles("HEAD", current), "HEAD", current));
  }

  /**
   * Makes the definitions follow the files from `from` to `to` (DefinitionsMirror.apply), once the
   * principal's write right on every object to import was checked.
   */
  async importMove(principal: Principal, git: GitWorkspace, from: string, to: string, beforeWrite?: () => Promise<void>): Promise<number> {
    await requireWritableFiles(principal, git, from, to);
    return this.mirror.apply(principal, git, from, to, beforeWrite);
  }

  /**
   * The tree of the client's definitions as the principal sees them: the files of the objects it
   * may read rewritten from the database, those of the others as HEAD has them. The working tree
   * is first reset to HEAD, since it still holds the definitions the last user could read, which
   * may be uncommitted changes of objects this principal may not read.
   */
  async currentTree(principal: Principal, git: GitWorkspace): Promise<string> {
    await git.resetTo("HEAD");
    return this.mirror.write(principal, git);
  }

  /** ConflictsError naming each object with uncommitted changes that going from `head` to `next` would replace. */
  private async refuseOverwriting(git: GitWorkspace, head: string, current: string, next: string): Promise<void> {
    const local = await this.mirror.changedNames(git, head, current);
    const incoming = await this.mirror.changedNames(git, head, next);
    const overwritten = [...local].filter(([name]) => incoming.has(name));
    if (overwritten.length === 0) return;
    throw new ConflictsError(
      overwritten.map(([name, path]) => ({ code: ErrorCode.CONFLICT, path, error: "has uncommitted changes that would be replaced; commit them first or ask to overwrite", invalidValue: name })),
    );
  }
}
