import { randomUUID } from "node:crypto";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import {
  ErrorCode,
  type InCommitParameters,
  type InCreateBranchParameters,
  type InMergeParameters,
  type InRepositoryInit,
  type InRepositoryPull,
  type OutRepo,
  type OutRepositoryBranch,
  type OutRepositoryBranches,
  type OutRepositoryChange,
  type OutRepositoryCommit,
  type OutRepositoryComparison,
  type OutRepositoryDiff,
  type OutRepositoryInit,
  type OutRepositoryLog,
  type OutRepositoryMerge,
  type OutRepositoryMergeObject,
  type OutRepositoryMergePreview,
  type OutRepositoryPull,
  type OutRepositoryRollback,
  type RepositoryCompareQuery,
  type RepositoryDiffQuery,
  type RepositoryPageQuery,
} from "@baton/contract";
import type { Principal } from "../auth/authenticator";
import { ConflictError, NotFoundError } from "../domain/errors";
import type { FolderService } from "../objects/folder-service";
import { ClientRepositories, type RepositoryRemoteOptions } from "./client-repositories";
import { authorOf, requireCommit } from "./commit-refs";
import { requireReadableFile } from "./file-rights";
import { describeChanges } from "./definitions-mirror";
import { HeadMoves } from "./head-moves";
import { mergeObjectVersions, previewMerge } from "./merge-preview";
import { clearMergeState, completeMerge, mergeBranch, readMergeState, requireNoMerge } from "./repository-merges";

const DEFAULT_AUTHOR = { name: "Baton", email: "baton@localhost" };

/**
 * The Git repository of each client: a working tree below `root` whose files are the client's
 * objects in the export format. Operations of one client run one after another.
 */
export class RepositoryService {
  private readonly repositories: ClientRepositories;
  private readonly moves: HeadMoves;

  constructor(
    /** DATA_DIR/repositories; undefined when the host keeps no data directory (repositories disabled). */
    root: string | undefined,
    folders: FolderService,
    remotes: RepositoryRemoteOptions,
  ) {
    this.repositories = new ClientRepositories(root, remotes);
    this.moves = new HeadMoves(folders);
  }

  /** Why the repository resources of `client` are disabled, or undefined when it is initialised. */
  disabledReason(client: number): string | undefined {
    return this.repositories.disabledReason(client);
  }

  async info(principal: Principal): Promise<OutRepo> {
    return this.repositories.serialize(principal, async () => {
      const { git, settings } = await this.repositories.open(principal.client);
      const merge = await readMergeState(git);
      const info: OutRepo = { repository_url: settings.repositoryUrl, active_branch: await git.currentBranch(), head_commit: await git.head(), status: merge ? "merging" : "ready" };
      return merge ? { ...info, merge: { branch_name: merge.branchName, commit_id: merge.theirs, conflicts: merge.conflicts } } : info;
    });
  }

  /**
   * Clones the branch and imports its objects (all or nothing), or, when the branch has none,
   * commits the client's objects and pushes them. Nothing is kept when any step fails.
   */
  async init(principal: Principal, input: InRepositoryInit): Promise<OutRepositoryInit> {
    const root = this.repositories.stagingRoot();
    return this.repositories.serialize(principal, async () => {
      if (this.repositories.isInitialised(principal.client)) throw new ConflictError(ErrorCode.CONFLICT, "The repository is already initialised.", `client ${principal.client}`);
      const login = input.username !== undefined && input.password !== undefined ? { username: input.username, password: input.password } : undefined;
      // Refused before anything is made: a URL that is not an allowed remote leaves nothing behind.
      const remote = await this.repositories.checkRemote(input.repository_url, principal.client);
      const staging = join(root, `${principal.client}.init-${randomUUID()}`);
      await mkdir(staging, { recursive: true, mode: 0o700 });
      try {
        const git = this.repositories.workspace(staging, login, async () => remote);
        await git.create(input.branch, { name: input.author_name ?? DEFAULT_AUTHOR.name, email: input.author_email ?? DEFAULT_AUTHOR.email });
        await this.moves.adoptOrPublish(principal, git, input.branch, authorOf(principal, input.author_email ?? DEFAULT_AUTHOR.email));
        const head = await git.head();
        await this.repositories.install(principal.client, staging, { repositoryUrl: input.repository_url, authorEmail: input.author_email ?? DEFAULT_AUTHOR.email, login });
        return { repository_url: input.repository_url, branch: input.branch, head_commit: head };
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    });
  }

  /** Objects whose current definition differs from HEAD. */
  async changes(principal: Principal): Promise<OutRepositoryChange[]> {
    return this.repositories.serialize(principal, async () => this.moves.pendingChanges(principal, (await this.repositories.open(principal.client)).git));
  }

  /** An uncommitted change: the file at HEAD and the object's current definition as a file. */
  async changeDiff(principal: Principal, path: string): Promise<OutRepositoryDiff> {
    return this.repositories.serialize(principal, async () => {
      const { git } = await this.repositories.open(principal.client);
      const tree = await this.moves.currentTree(principal, git);
      const [head, current] = [await git.show("HEAD", path), await git.show(tree, path)];
      if (head === undefined && current === undefined) throw new NotFoundError(ErrorCode.NOT_FOUND, "Object file not found.", path);
      requireReadableFile(principal, head);
      requireReadableFile(principal, current);
      return { ours: { branch: await git.currentBranch(), path, content: head ?? "" }, theirs: { branch: "", path, content: current ?? "" } };
    });
  }

  /**
   * Commits the changed objects (those named, or all) as the requesting user and pushes. While
   * merging, the commit completes the merge instead (see completeMerge).
   */
  async commit(principal: Principal, input: InCommitParameters): Promise<OutRepositoryCommit> {
    return this.repositories.serialize(principal, async () => {
      const { git, settings } = await this.repositories.open(principal.client);
      const merge = await readMergeState(git);
      if (merge) return completeMerge(this.moves, principal, git, merge, input, authorOf(principal, settings.authorEmail));
      if (input.resolutions !== undefined) throw new ConflictError(ErrorCode.CONFLICT, "No merge is in progress.", "resolutions are only given to complete a merge");
      const named = input.objects && new Set(input.objects);
      const changes = (await this.moves.pendingChanges(principal, git)).filter((change) => named === undefined || named.has(change.name));
      if (changes.length === 0) throw new ConflictError(ErrorCode.CONFLICT, "There is nothing to commit.", "no object differs from HEAD");
      const branch = await git.currentBranch();
      const commitId = await git.commit(input.message, authorOf(principal, settings.authorEmail), changes.map((change) => change.path));
      await git.push(branch, branch).catch(async (error: unknown) => {
        await git.undoCommit();
        throw error;
      });
      return { commit_id: commitId, message: input.message, changed: changes.length };
    });
  }

  async branches(principal: Principal, page: RepositoryPageQuery): Promise<OutRepositoryBranches> {
    return this.repositories.serialize(principal, async () => {
      const { git } = await this.repositories.open(principal.client);
      const [active, head] = [await git.currentBranch(), await git.head()];
      const all = await git.branches();
      const data = [];
      for (const { name, commit } of all.slice(page.start_at, page.start_at + page.max_results)) {
        data.push({ name, commit_id: commit.commitId, message: commit.message, active: name === active, ...(await git.aheadBehind(head, commit.commitId)) });
      }
      return { total: all.length, data, hasmore: page.start_at + data.length < all.length };
    });
  }

  /**
   * Makes a branch (at `start_point`, else HEAD) and pushes it, or, for an existing branch with
   * `switch` and no `start_point`, only switches. Switching imports the branch's definitions.
   */
  async createBranch(principal: Principal, input: InCreateBranchParameters): Promise<OutRepositoryBranch> {
    return this.repositories.serialize(principal, async () => {
      const { git } = await this.repositories.open(principal.client);
      const exists = (await git.branches()).some((branch) => branch.name === input.branch_name);
      if (exists && (!input.switch || input.start_point !== undefined)) throw new ConflictError(ErrorCode.CONFLICT, "The branch exists.", input.branch_name);
      if (input.switch) await requireNoMerge(git);
      const commitId = await requireCommit(git, exists ? input.branch_name : (input.start_point ?? (await git.currentBranch())));
      const publish = async () => {
        await git.push(commitId, input.branch_name);
        await git.createBranch(input.branch_name, commitId);
      };
      // A new branch to switch to is made once the import was checked, so that a refused switch leaves no branch behind.
      if (input.switch) await this.moves.switchTo(principal, git, input.branch_name, commitId, input.overwrite, exists ? undefined : publish);
      else if (!exists) await publish();
      return { name: input.branch_name, commit_id: commitId };
    });
  }

  async log(principal: Principal, branch: string, page: RepositoryPageQuery): Promise<OutRepositoryLog> {
    return this.repositories.serialize(principal, async () => {
      const { git } = await this.repositories.open(principal.client);
      const commit = await requireCommit(git, branch);
      const total = await git.commitCount(commit);
      const entries = await git.log(commit, page.start_at, page.max_results);
      const data = entries.map((entry) => ({ commit_id: entry.commitId, message: entry.message, author: entry.author, timestamp: entry.timestamp, parents: entry.parents }));
      return { total, data, hasmore: page.start_at + data.length < total };
    });
  }

  /** The committed text of one object file on two branches (or commits); a side without it is empty. */
  async diff(principal: Principal, branch: string, query: RepositoryDiffQuery): Promise<OutRepositoryDiff> {
    return this.repositories.serialize(principal, async () => {
      const { git } = await this.repositories.open(principal.client);
      const ours = { branch, path: query.object_path_ours, content: await git.show(await requireCommit(git, branch), query.object_path_ours) };
      const theirs = { branch: query.branch_name_theirs, path: query.object_path_theirs, content: await git.show(await requireCommit(git, query.branch_name_theirs), query.object_path_theirs) };
      if (ours.content === undefined && theirs.content === undefined) throw new NotFoundError(ErrorCode.NOT_FOUND, "Object file not found.", `${branch}:${ours.path}, ${theirs.branch}:${theirs.path}`);
      requireReadableFile(principal, ours.content);
      requireReadableFile(principal, theirs.content);
      return { ours: { ...ours, content: ours.content ?? "" }, theirs: { ...theirs, content: theirs.content ?? "" } };
    });
  }

  /** The object files that differ between two branches or commits. */
  async compare(principal: Principal, query: RepositoryCompareQuery): Promise<OutRepositoryComparison> {
    return this.repositories.serialize(principal, async () => {
      const { git } = await this.repositories.open(principal.client);
      const [from, to] = [await requireCommit(git, query.from), await requireCommit(git, query.to)];
      const data = await describeChanges(git, await git.changedFiles(from, to), from, to);
      return { data, total: data.length };
    });
  }

  /**
   * Moves the head to a commit's definitions: a new commit on the active branch with that commit's
   * files (history is never rewritten), pushed, and the definitions that differ imported.
   */
  async rollback(principal: Principal, commit: string): Promise<OutRepositoryRollback> {
    return this.repositories.serialize(principal, async () => {
      const { git, settings } = await this.repositories.open(principal.client);
      await requireNoMerge(git);
      const target = await requireCommit(git, commit);
      const [branch, head] = [await git.currentBranch(), await git.head()];
      const current = await this.moves.currentTree(principal, git);
      const tree = await git.treeOf(target);
      const next = tree === (await git.treeOf(head)) ? head : await git.commitTree(tree, [head], `Restore ${target.slice(0, 12)}`, authorOf(principal, settings.authorEmail));
      const imported = await this.moves.importMove(principal, git, current, next, next === head ? undefined : () => git.push(next, branch));
      await git.resetTo(next);
      return { commit_id: next, imported };
    });
  }

  /** Merges a branch into the active one (see mergeBranch). */
  async merge(principal: Principal, input: InMergeParameters): Promise<OutRepositoryMerge> {
    return this.repositories.serialize(principal, async () => {
      const { git, settings } = await this.repositories.open(principal.client);
      return mergeBranch(this.moves, principal, git, input.branch_name, authorOf(principal, settings.authorEmail));
    });
  }

  /** What merging a branch into the active one would bring in (see previewMerge). */
  async mergePreview(principal: Principal, branchName: string): Promise<OutRepositoryMergePreview> {
    return this.repositories.serialize(principal, async () => previewMerge(principal, (await this.repositories.open(principal.client)).git, branchName));
  }

  /** One object file at the merge base and on both sides of a merge (see mergeObjectVersions). */
  async mergeObject(principal: Principal, branchName: string, path: string): Promise<OutRepositoryMergeObject> {
    return this.repositories.serialize(principal, async () => mergeObjectVersions(principal, (await this.repositories.open(principal.client)).git, branchName, path));
  }

  /** Leaves the merging state (outside one, nothing happens); nothing was imported, so nothing else changes. */
  async abortMerge(principal: Principal): Promise<void> {
    return this.repositories.serialize(principal, async () => {
      const { git } = await this.repositories.open(principal.client);
      // Outside a merge there is nothing to abort: the interface answers 200 all the same (the end
      // state the caller asked for holds), not a refusal.
      if (!(await readMergeState(git))) return;
      await clearMergeState(git);
    });
  }

  /**
   * Brings the active branch up to its remote: a fast-forward, or a merge commit (pushed) when both
   * have new commits; a merge with conflicts is refused. Objects with uncommitted changes that the
   * pull would replace refuse it unless `overwrite`.
   */
  async pull(principal: Principal, input: InRepositoryPull): Promise<OutRepositoryPull> {
    return this.repositories.serialize(principal, async () => {
      const { git, settings } = await this.repositories.open(principal.client);
      await requireNoMerge(git);
      const [branch, head] = [await git.currentBranch(), await git.head()];
      if (!(await git.fetchBranch(branch))) throw new NotFoundError(ErrorCode.NOT_FOUND, "The remote has no such branch.", branch);
      const remote = await requireCommit(git, `origin/${branch}`);
      if (await git.isAncestor(remote, head)) return { status: "up_to_date", commit_id: head, imported: 0 };
      let next = remote;
      if (!(await git.isAncestor(head, remote))) {
        const merged = await git.mergeTrees(head, remote);
        if (merged.conflicts.length > 0) throw new ConflictError(ErrorCode.CONFLICT, "The remote branch conflicts with the local one.", `Files in conflict: ${merged.conflicts.join(", ")}; merge origin/${branch} to resolve them.`);
        next = await git.commitTree(merged.tree, [head, remote], `Merge origin/${branch} into ${branch}`, authorOf(principal, settings.authorEmail));
      }
      const imported = await this.moves.moveHead(principal, git, { branch, head, next, overwrite: input.overwrite, push: next !== remote });
      return { status: "pulled", commit_id: next, imported };
    });
  }
}
