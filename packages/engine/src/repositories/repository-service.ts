import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
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
  type OutRepositoryPull,
  type OutRepositoryRollback,
  type RepositoryCompareQuery,
  type RepositoryDiffQuery,
  type RepositoryPageQuery,
} from "@baton/contract";
import type { Logger } from "pino";
import { z } from "zod";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { ConflictError, ConflictsError, NotFoundError, ValidationError } from "../domain/errors";
import type { FolderService } from "../objects/folder-service";
import { CredentialsBox } from "./credentials-box";
import { DefinitionsMirror } from "./definitions-mirror";
import { GitWorkspace, type FileStatus, type GitAuthor, type GitLogin } from "./git-workspace";
import type { CheckedRemote, RemotePolicy } from "./remote-policy";
import { describeFileText, listObjectFiles, readObjectFiles, writeObjectFiles } from "./object-files";
import { readableChanges, requireReadableFile, requireWritableFiles } from "./file-rights";

/** What is kept of a client's repository beside its working tree (the login sealed). */
const RepositorySettings = z.object({
  repositoryUrl: z.string(),
  authorEmail: z.string(),
  sealedLogin: z.string().optional(),
});
type RepositorySettings = z.infer<typeof RepositorySettings>;

const SealedLogin = z.object({ username: z.string(), password: z.string() });

/** A merge with conflicts waiting for its resolutions (kept in the work tree's `.git`). */
const MergeState = z.object({
  branchName: z.string(),
  /** The merged branch's commit and the active branch's head when the merge began. */
  theirs: z.string(),
  head: z.string(),
  /** The merged tree (conflicted files with markers) and the conflicted files. */
  tree: z.string(),
  conflicts: z.array(z.string()),
});
type MergeState = z.infer<typeof MergeState>;

const DEFAULT_AUTHOR = { name: "Baton", email: "baton@localhost" };

/** How repositories reach their remotes. */
export interface RepositoryRemoteOptions {
  /** Which repository URLs a client may give. */
  policy: RemotePolicy;
  /** The longest one git process may run (BATON_GIT_TIMEOUT_MS). */
  gitTimeoutMs: number;
  logger: Logger;
}

/**
 * The Git repository of each client: a working tree below `root` whose files are the client's
 * objects in the export format. Operations of one client run one after another.
 */
export class RepositoryService {
  readonly #queues = new Map<number, Promise<unknown>>();
  readonly #box: CredentialsBox | undefined;
  private readonly mirror: DefinitionsMirror;

  constructor(
    /** DATA_DIR/repositories; undefined when the host keeps no data directory (repositories disabled). */
    private readonly root: string | undefined,
    private readonly folders: FolderService,
    private readonly remotes: RepositoryRemoteOptions,
  ) {
    this.#box = root === undefined ? undefined : new CredentialsBox(join(root, ".credentials-secret"));
    this.mirror = new DefinitionsMirror(folders);
  }

  /** Why the repository resources of `client` are disabled, or undefined when it is initialised. */
  disabledReason(client: number): string | undefined {
    if (this.root === undefined) return "Repositories need a data directory.";
    return existsSync(this.settingsFile(client)) ? undefined : `The repository of client ${client} is not initialised.`;
  }

  async info(principal: Principal): Promise<OutRepo> {
    return this.serialize(principal, async () => {
      const { git, settings } = await this.open(principal.client);
      const merge = await this.mergeState(git);
      const info: OutRepo = { repository_url: settings.repositoryUrl, active_branch: await git.currentBranch(), head_commit: await git.head(), status: merge ? "merging" : "ready" };
      return merge ? { ...info, merge: { branch_name: merge.branchName, commit_id: merge.theirs, conflicts: merge.conflicts } } : info;
    });
  }

  /**
   * Clones the branch and imports its objects (all or nothing), or, when the branch has none,
   * commits the client's objects and pushes them. Nothing is kept when any step fails.
   */
  async init(principal: Principal, input: InRepositoryInit): Promise<OutRepositoryInit> {
    const { root, box } = this.enabled();
    return this.serialize(principal, async () => {
      if (existsSync(this.settingsFile(principal.client))) throw new ConflictError(ErrorCode.CONFLICT, "The repository is already initialised.", `client ${principal.client}`);
      const login = input.username !== undefined && input.password !== undefined ? { username: input.username, password: input.password } : undefined;
      // Refused before anything is made: a URL that is not an allowed remote leaves nothing behind.
      const remote = await this.remotes.policy.check(input.repository_url, principal.client);
      const staging = join(root, `${principal.client}.init-${randomUUID()}`);
      await mkdir(staging, { recursive: true, mode: 0o700 });
      try {
        const git = this.workspace(staging, login, async () => remote);
        await git.create(input.branch, { name: input.author_name ?? DEFAULT_AUTHOR.name, email: input.author_email ?? DEFAULT_AUTHOR.email });
        await this.adoptOrPublish(principal, git, input.branch, authorOf(principal, input.author_email ?? DEFAULT_AUTHOR.email));
        const head = await git.head();
        // A tree without settings is left over from an initialisation that did not finish.
        await rm(this.workTree(principal.client), { recursive: true, force: true });
        await rename(staging, this.workTree(principal.client));
        const settings: RepositorySettings = { repositoryUrl: input.repository_url, authorEmail: input.author_email ?? DEFAULT_AUTHOR.email, ...(login && { sealedLogin: box.seal(JSON.stringify(login)) }) };
        await writeFile(this.settingsFile(principal.client), JSON.stringify(settings), { mode: 0o600 });
        return { repository_url: input.repository_url, branch: input.branch, head_commit: head };
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    });
  }

  /** Objects whose current definition differs from HEAD. */
  async changes(principal: Principal): Promise<OutRepositoryChange[]> {
    return this.serialize(principal, async () => this.pendingChanges(principal, (await this.open(principal.client)).git));
  }

  /** An uncommitted change: the file at HEAD and the object's current definition as a file. */
  async changeDiff(principal: Principal, path: string): Promise<OutRepositoryDiff> {
    return this.serialize(principal, async () => {
      const { git } = await this.open(principal.client);
      const tree = await this.currentTree(principal, git);
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
    return this.serialize(principal, async () => {
      const { git, settings } = await this.open(principal.client);
      const merge = await this.mergeState(git);
      if (merge) return this.completeMerge(principal, git, merge, input, authorOf(principal, settings.authorEmail));
      if (input.resolutions !== undefined) throw new ConflictError(ErrorCode.CONFLICT, "No merge is in progress.", "resolutions are only given to complete a merge");
      const named = input.objects && new Set(input.objects);
      const changes = (await this.pendingChanges(principal, git)).filter((change) => named === undefined || named.has(change.name));
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
    return this.serialize(principal, async () => {
      const { git } = await this.open(principal.client);
      const active = await git.currentBranch();
      const all = await git.branches();
      const data = all.slice(page.start_at, page.start_at + page.max_results).map(({ name, commit }) => ({ name, commit_id: commit.commitId, message: commit.message, active: name === active }));
      return { total: all.length, data, hasmore: page.start_at + data.length < all.length };
    });
  }

  /**
   * Makes a branch (at `start_point`, else HEAD) and pushes it, or, for an existing branch with
   * `switch` and no `start_point`, only switches. Switching imports the branch's definitions.
   */
  async createBranch(principal: Principal, input: InCreateBranchParameters): Promise<OutRepositoryBranch> {
    return this.serialize(principal, async () => {
      const { git } = await this.open(principal.client);
      const exists = (await git.branches()).some((branch) => branch.name === input.branch_name);
      if (exists && (!input.switch || input.start_point !== undefined)) throw new ConflictError(ErrorCode.CONFLICT, "The branch exists.", input.branch_name);
      if (input.switch) await this.requireReady(git);
      const commitId = await requireCommit(git, exists ? input.branch_name : (input.start_point ?? (await git.currentBranch())));
      const publish = async () => {
        await git.push(commitId, input.branch_name);
        await git.createBranch(input.branch_name, commitId);
      };
      // A new branch to switch to is made once the import was checked, so that a refused switch leaves no branch behind.
      if (input.switch) await this.switchTo(principal, git, input.branch_name, commitId, input.overwrite, exists ? undefined : publish);
      else if (!exists) await publish();
      return { name: input.branch_name, commit_id: commitId };
    });
  }

  async log(principal: Principal, branch: string, page: RepositoryPageQuery): Promise<OutRepositoryLog> {
    return this.serialize(principal, async () => {
      const { git } = await this.open(principal.client);
      const commit = await requireCommit(git, branch);
      const total = await git.commitCount(commit);
      const entries = await git.log(commit, page.start_at, page.max_results);
      const data = entries.map((entry) => ({ commit_id: entry.commitId, message: entry.message, author: entry.author, timestamp: entry.timestamp, parents: entry.parents }));
      return { total, data, hasmore: page.start_at + data.length < total };
    });
  }

  /** The committed text of one object file on two branches (or commits); a side without it is empty. */
  async diff(principal: Principal, branch: string, query: RepositoryDiffQuery): Promise<OutRepositoryDiff> {
    return this.serialize(principal, async () => {
      const { git } = await this.open(principal.client);
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
    return this.serialize(principal, async () => {
      const { git } = await this.open(principal.client);
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
    return this.serialize(principal, async () => {
      const { git, settings } = await this.open(principal.client);
      await this.requireReady(git);
      const target = await requireCommit(git, commit);
      const [branch, head] = [await git.currentBranch(), await git.head()];
      const current = await this.currentTree(principal, git);
      const tree = await git.treeOf(target);
      const next = tree === (await git.treeOf(head)) ? head : await git.commitTree(tree, [head], `Restore ${target.slice(0, 12)}`, authorOf(principal, settings.authorEmail));
      const imported = await this.importMove(principal, git, current, next, next === head ? undefined : () => git.push(next, branch));
      await git.resetTo(next);
      return { commit_id: next, imported };
    });
  }

  /**
   * Merges a branch into the active one. A clean merge (or fast-forward) is pushed and imported; a
   * merge with conflicts imports nothing and leaves the repository merging until a commit with
   * resolutions completes it or it is aborted.
   */
  async merge(principal: Principal, input: InMergeParameters): Promise<OutRepositoryMerge> {
    return this.serialize(principal, async () => {
      const { git, settings } = await this.open(principal.client);
      await this.requireReady(git);
      const theirs = await requireCommit(git, input.branch_name);
      const [branch, head] = [await git.currentBranch(), await git.head()];
      if (await git.isAncestor(theirs, head)) return { status: "up_to_date", commit_id: head, imported: 0 };
      const merged = (await git.isAncestor(head, theirs)) ? { tree: await git.treeOf(theirs), conflicts: [], fastForward: true } : { ...(await git.mergeTrees(head, theirs)), fastForward: false };
      if (merged.conflicts.length > 0) {
        await this.saveMergeState(git, { branchName: input.branch_name, theirs, head, tree: merged.tree, conflicts: merged.conflicts });
        return { status: "conflicts", conflicts: merged.conflicts };
      }
      const next = merged.fastForward ? theirs : await git.commitTree(merged.tree, [head, theirs], `Merge branch '${input.branch_name}' into ${branch}`, authorOf(principal, settings.authorEmail));
      const imported = await this.moveHead(principal, git, { branch, head, next, overwrite: false, push: true });
      return { status: "merged", commit_id: next, imported };
    });
  }

  /** Leaves the merging state (outside one, nothing happens); nothing was imported, so nothing else changes. */
  async abortMerge(principal: Principal): Promise<void> {
    return this.serialize(principal, async () => {
      const { git } = await this.open(principal.client);
      // Outside a merge there is nothing to abort: the interface answers 200 all the same (the end
      // state the caller asked for holds), not a refusal.
      if (!(await this.mergeState(git))) return;
      await rm(mergeStateFile(git), { force: true });
    });
  }

  /**
   * Brings the active branch up to its remote: a fast-forward, or a merge commit (pushed) when both
   * have new commits; a merge with conflicts is refused. Objects with uncommitted changes that the
   * pull would replace refuse it unless `overwrite`.
   */
  async pull(principal: Principal, input: InRepositoryPull): Promise<OutRepositoryPull> {
    return this.serialize(principal, async () => {
      const { git, settings } = await this.open(principal.client);
      await this.requireReady(git);
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
      const imported = await this.moveHead(principal, git, { branch, head, next, overwrite: input.overwrite, push: next !== remote });
      return { status: "pulled", commit_id: next, imported };
    });
  }

  /**
   * Moves the active branch from `head` to `next` and imports what changed between them; objects
   * with uncommitted changes among those refuse it unless `overwrite`. With `push`, `next` is
   * pushed once everything was checked and before anything is written.
   */
  private async moveHead(principal: Principal, git: GitWorkspace, move: { branch: string; head: string; next: string; overwrite: boolean; push: boolean }): Promise<number> {
    const current = await this.currentTree(principal, git);
    if (!move.overwrite) await this.refuseOverwriting(git, move.head, current, move.next);
    const imported = await this.importMove(principal, git, move.head, move.next, move.push ? () => git.push(move.next, move.branch) : undefined);
    await git.resetTo(move.next);
    return imported;
  }

  /** Switches to `branch` at `target`, importing what differs; `beforeWrite` runs once the import was checked (see DefinitionsMirror.apply). */
  private async switchTo(principal: Principal, git: GitWorkspace, branch: string, target: string, overwrite: boolean, beforeWrite?: () => Promise<void>): Promise<void> {
    const head = await git.head();
    const current = await this.currentTree(principal, git);
    if (!overwrite) await this.refuseOverwriting(git, head, current, target);
    await this.importMove(principal, git, head, target, beforeWrite);
    await git.switchTo(branch);
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

  /**
   * Completes a merge: the merged files, each conflict resolved as asked (ours, theirs, or the
   * object's current definition), committed with both parents, pushed and imported.
   */
  private async completeMerge(principal: Principal, git: GitWorkspace, merge: MergeState, input: InCommitParameters, author: GitAuthor): Promise<OutRepositoryCommit> {
    if (input.objects !== undefined) throw new ConflictError(ErrorCode.CONFLICT, "A merge is committed whole.", "leave out objects while completing a merge");
    const resolutions = input.resolutions ?? {};
    const unresolved = merge.conflicts.filter((path) => resolutions[path] === undefined);
    if (unresolved.length > 0) throw new ConflictsError(unresolved.map((path) => ({ code: ErrorCode.CONFLICT, path: `resolutions.${path}`, error: "needs a resolution: ours, theirs or current", invalidValue: null })));
    const current = await this.currentTree(principal, git);
    const files = new Map<string, string | undefined>();
    for (const path of merge.conflicts) {
      const side = resolutions[path] === "ours" ? merge.head : resolutions[path] === "theirs" ? merge.theirs : current;
      files.set(path, await git.show(side, path));
    }
    const branch = await git.currentBranch();
    const next = await git.commitTree(await git.replaceInTree(merge.tree, files), [merge.head, merge.theirs], input.message, author);
    const changed = (await git.changedFiles(merge.head, next)).length;
    await this.importMove(principal, git, merge.head, next, () => git.push(next, branch));
    await git.resetTo(next);
    await rm(mergeStateFile(git), { force: true });
    return { commit_id: next, message: input.message, changed };
  }

  /** On a branch with objects, imports them; otherwise commits the client's objects and pushes the branch. */
  private async adoptOrPublish(principal: Principal, git: GitWorkspace, branch: string, author: GitAuthor): Promise<void> {
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
  private async pendingChanges(principal: Principal, git: GitWorkspace): Promise<OutRepositoryChange[]> {
    const current = await this.currentTree(principal, git);
    return readableChanges(principal, await describeChanges(git, await git.changedFiles("HEAD", current), "HEAD", current));
  }

  /**
   * Makes the definitions follow the files from `from` to `to` (DefinitionsMirror.apply), once the
   * principal's write right on every object to import was checked.
   */
  private async importMove(principal: Principal, git: GitWorkspace, from: string, to: string, beforeWrite?: () => Promise<void>): Promise<number> {
    await requireWritableFiles(principal, git, from, to);
    return this.mirror.apply(principal, git, from, to, beforeWrite);
  }

  /**
   * The tree of the client's definitions as the principal sees them: the files of the objects it
   * may read rewritten from the database, those of the others as HEAD has them. The working tree
   * is first reset to HEAD, since it still holds the definitions the last user could read, which
   * may be uncommitted changes of objects this principal may not read.
   */
  private async currentTree(principal: Principal, git: GitWorkspace): Promise<string> {
    await git.resetTo("HEAD");
    return this.mirror.write(principal, git);
  }

  private async requireReady(git: GitWorkspace): Promise<void> {
    if (await this.mergeState(git)) throw new ConflictError(ErrorCode.CONFLICT, "A merge is in progress.", "Complete it with a commit that resolves its conflicts, or abort it (DELETE .../repositories/merge).");
  }

  private async mergeState(git: GitWorkspace): Promise<MergeState | undefined> {
    const text = await readFile(mergeStateFile(git), "utf8").catch(() => undefined);
    return text === undefined ? undefined : MergeState.parse(JSON.parse(text));
  }

  private async saveMergeState(git: GitWorkspace, state: MergeState): Promise<void> {
    await writeFile(mergeStateFile(git), JSON.stringify(state));
  }

  private async open(client: number): Promise<{ git: GitWorkspace; settings: RepositorySettings }> {
    const { box } = this.enabled();
    const settings = RepositorySettings.parse(JSON.parse(await readFile(this.settingsFile(client), "utf8")));
    const login: GitLogin | undefined = settings.sealedLogin === undefined ? undefined : SealedLogin.parse(JSON.parse(box.open(settings.sealedLogin)));
    // Checked again each time it is contacted: the roots, the allowed addresses or the host's DNS may have changed.
    const remote = () =>
      this.remotes.policy.check(settings.repositoryUrl, client).catch((error: unknown) => {
        if (error instanceof ValidationError) throw new ConflictError(ErrorCode.CONFLICT, "The repository URL is not allowed any more.", error.issues[0]?.error ?? error.details);
        throw error;
      });
    return { git: this.workspace(this.workTree(client), login, remote), settings };
  }

  private workspace(dir: string, login: GitLogin | undefined, remote: () => Promise<CheckedRemote>): GitWorkspace {
    return new GitWorkspace(dir, login, { protocols: this.remotes.policy.protocols, timeoutMs: this.remotes.gitTimeoutMs, logger: this.remotes.logger, remote });
  }

  private enabled(): { root: string; box: CredentialsBox } {
    if (this.root === undefined || this.#box === undefined) throw new NotFoundError(ErrorCode.RESOURCE_DISABLED, "Resource disabled.", "Repositories need a data directory.");
    return { root: this.root, box: this.#box };
  }

  private workTree(client: number): string {
    return join(this.enabled().root, String(client));
  }

  private settingsFile(client: number): string {
    return join(this.enabled().root, `${client}.json`);
  }

  /**
   * Checks the REPOSITORY privilege, then runs `task` after every earlier operation on the
   * client's repository has ended.
   */
  private serialize<T>(principal: Principal, task: () => Promise<T>): Promise<T> {
    requirePrivilege(principal, "REPOSITORY");
    const previous = this.#queues.get(principal.client) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(task);
    this.#queues.set(principal.client, result);
    return result;
  }
}

/** The author of a commit made by `principal`. */
function authorOf(principal: Principal, email: string): GitAuthor {
  return { name: principal.userName, email };
}

/** The changes between two commits or trees as objects: name and type read from the file's text. */
async function describeChanges(git: GitWorkspace, files: readonly FileStatus[], from: string, to: string): Promise<OutRepositoryChange[]> {
  const changes: OutRepositoryChange[] = [];
  for (const { path, change } of files) {
    const described = describeFileText((await git.show(change === "deleted" ? from : to, path)) ?? "");
    if (described) changes.push({ name: described.name, type: described.typeKey.toUpperCase(), path, change });
  }
  return changes;
}

function mergeStateFile(git: GitWorkspace): string {
  return join(git.dir, ".git", "baton-merge.json");
}

async function requireCommit(git: GitWorkspace, ref: string): Promise<string> {
  const commit = await git.resolve(ref);
  if (commit === undefined) throw new NotFoundError(ErrorCode.NOT_FOUND, "Branch or commit not found.", ref);
  return commit;
}
