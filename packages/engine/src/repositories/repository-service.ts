import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import {
  ErrorCode,
  type InCommitParameters,
  type InCreateBranchParameters,
  type InRepositoryInit,
  type OutRepo,
  type OutRepositoryBranch,
  type OutRepositoryBranches,
  type OutRepositoryChange,
  type OutRepositoryCommit,
  type OutRepositoryDiff,
  type OutRepositoryInit,
  type OutRepositoryLog,
  type RepositoryDiffQuery,
  type RepositoryPageQuery,
} from "@baton/contract";
import { z } from "zod";
import type { Principal } from "../auth/authenticator";
import { ConflictError, NotFoundError } from "../domain/errors";
import type { FolderService } from "../objects/folder-service";
import { CredentialsBox } from "./credentials-box";
import { GitWorkspace, type GitLogin } from "./git-workspace";
import { describeFileText, listObjectFiles, objectFilesOfExport, readObjectFiles, writeObjectFiles, type ObjectFile } from "./object-files";

/** What is kept of a client's repository beside its working tree (the login sealed). */
const RepositorySettings = z.object({
  repositoryUrl: z.string(),
  authorEmail: z.string(),
  sealedLogin: z.string().optional(),
});
type RepositorySettings = z.infer<typeof RepositorySettings>;

const SealedLogin = z.object({ username: z.string(), password: z.string() });
const ExportText = z.object({ data: z.array(z.record(z.string(), z.unknown())) });

const DEFAULT_AUTHOR = { name: "Baton", email: "baton@localhost" };

/**
 * The Git repository of each client: a working tree below `root` whose files are the client's
 * objects in the export format. Operations of one client run one after another.
 */
export class RepositoryService {
  readonly #queues = new Map<number, Promise<unknown>>();
  readonly #box: CredentialsBox | undefined;

  constructor(
    /** DATA_DIR/repositories; undefined when the host keeps no data directory (repositories disabled). */
    private readonly root: string | undefined,
    private readonly folders: FolderService,
  ) {
    this.#box = root === undefined ? undefined : new CredentialsBox(join(root, ".credentials-secret"));
  }

  /** Why the repository resources of `client` are disabled, or undefined when it is initialised. */
  disabledReason(client: number): string | undefined {
    if (this.root === undefined) return "Repositories need a data directory.";
    return existsSync(this.settingsFile(client)) ? undefined : `The repository of client ${client} is not initialised.`;
  }

  async info(client: number): Promise<OutRepo> {
    return this.serialize(client, async () => {
      const { git, settings } = await this.open(client);
      return { repository_url: settings.repositoryUrl, active_branch: await git.currentBranch(), head_commit: await git.head(), status: git.merging() ? "merging" : "ready" };
    });
  }

  /**
   * Clones the branch and imports its objects (all or nothing), or, when the branch has none,
   * commits the client's objects and pushes them. Nothing is kept when any step fails.
   */
  async init(principal: Principal, input: InRepositoryInit): Promise<OutRepositoryInit> {
    const { root, box } = this.enabled();
    return this.serialize(principal.client, async () => {
      if (existsSync(this.settingsFile(principal.client))) throw new ConflictError(ErrorCode.CONFLICT, "The repository is already initialised.", `client ${principal.client}`);
      const login = input.username !== undefined && input.password !== undefined ? { username: input.username, password: input.password } : undefined;
      const staging = join(root, `${principal.client}.init-${randomUUID()}`);
      await mkdir(staging, { recursive: true, mode: 0o700 });
      try {
        const git = new GitWorkspace(staging, login);
        await git.create(input.repository_url, input.branch, { name: input.author_name ?? DEFAULT_AUTHOR.name, email: input.author_email ?? DEFAULT_AUTHOR.email });
        const author = authorOf(principal, input.author_email ?? DEFAULT_AUTHOR.email);
        await this.adoptOrPublish(principal, git, input.branch, author);
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
    return this.serialize(principal.client, async () => this.pendingChanges(principal, (await this.open(principal.client)).git));
  }

  /** Commits the changed objects (those named, or all) as the requesting user and pushes. */
  async commit(principal: Principal, input: InCommitParameters): Promise<OutRepositoryCommit> {
    return this.serialize(principal.client, async () => {
      const { git, settings } = await this.open(principal.client);
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

  async branches(client: number, page: RepositoryPageQuery): Promise<OutRepositoryBranches> {
    return this.serialize(client, async () => {
      const { git } = await this.open(client);
      const active = await git.currentBranch();
      const all = await git.branches();
      const data = all.slice(page.start_at, page.start_at + page.max_results).map(({ name, commit }) => ({ name, commit_id: commit.commitId, message: commit.message, active: name === active }));
      return { total: all.length, data, hasmore: page.start_at + data.length < all.length };
    });
  }

  /** Makes a branch (at `start_point`, else HEAD), pushes it, and makes it the active one when asked. */
  async createBranch(client: number, input: InCreateBranchParameters): Promise<OutRepositoryBranch> {
    return this.serialize(client, async () => {
      const { git } = await this.open(client);
      if ((await git.branches()).some((branch) => branch.name === input.branch_name)) throw new ConflictError(ErrorCode.CONFLICT, "The branch exists.", input.branch_name);
      const commitId = await requireCommit(git, input.start_point ?? (await git.currentBranch()));
      await git.push(commitId, input.branch_name);
      await git.createBranch(input.branch_name, commitId);
      if (input.switch) await git.switchTo(input.branch_name);
      return { name: input.branch_name, commit_id: commitId };
    });
  }

  async log(client: number, branch: string, page: RepositoryPageQuery): Promise<OutRepositoryLog> {
    return this.serialize(client, async () => {
      const { git } = await this.open(client);
      const commit = await requireCommit(git, branch);
      const total = await git.commitCount(commit);
      const entries = await git.log(commit, page.start_at, page.max_results);
      const data = entries.map((entry) => ({ commit_id: entry.commitId, message: entry.message, author: entry.author, timestamp: entry.timestamp }));
      return { total, data, hasmore: page.start_at + data.length < total };
    });
  }

  /** The committed text of one object file on two branches. */
  async diff(client: number, branch: string, query: RepositoryDiffQuery): Promise<OutRepositoryDiff> {
    return this.serialize(client, async () => {
      const { git } = await this.open(client);
      const side = async (name: string, path: string) => {
        const content = await git.show(await requireCommit(git, name), path);
        if (content === undefined) throw new NotFoundError(ErrorCode.NOT_FOUND, "Object file not found.", `${name}:${path}`);
        return { branch: name, path, content };
      };
      return { ours: await side(branch, query.object_path_ours), theirs: await side(query.branch_name_theirs, query.object_path_theirs) };
    });
  }

  /** On a branch with objects, imports them; otherwise commits the client's objects and pushes the branch. */
  private async adoptOrPublish(principal: Principal, git: GitWorkspace, branch: string, author: string): Promise<void> {
    if (await git.fetchBranch(branch)) {
      await git.checkoutRemote(branch);
      if ((await listObjectFiles(git.dir)).length > 0) {
        await this.folders.import(principal, readObjectFiles(git.dir), { folderPath: "", overwrite: true });
        return;
      }
    }
    await writeObjectFiles(git.dir, await this.currentFiles(principal));
    await git.commit(`Objects of client ${principal.client}`, author);
    await git.push(branch, branch);
  }

  private async pendingChanges(principal: Principal, git: GitWorkspace): Promise<OutRepositoryChange[]> {
    await writeObjectFiles(git.dir, await this.currentFiles(principal));
    const changes: OutRepositoryChange[] = [];
    for (const { path, change } of await git.status()) {
      const text = change === "deleted" ? await git.show("HEAD", path) : await readFile(join(git.dir, path), "utf8");
      const described = text === undefined ? undefined : describeFileText(text);
      if (described) changes.push({ name: described.name, type: described.typeKey.toUpperCase(), path, change });
    }
    return changes;
  }

  /** The objects the principal may read, as files. */
  private async currentFiles(principal: Principal): Promise<ObjectFile[]> {
    let text = "";
    for await (const piece of await this.folders.export(principal, "/")) text += piece;
    return objectFilesOfExport(ExportText.parse(JSON.parse(text)).data);
  }

  private async open(client: number): Promise<{ git: GitWorkspace; settings: RepositorySettings }> {
    const { box } = this.enabled();
    const settings = RepositorySettings.parse(JSON.parse(await readFile(this.settingsFile(client), "utf8")));
    const login: GitLogin | undefined = settings.sealedLogin === undefined ? undefined : SealedLogin.parse(JSON.parse(box.open(settings.sealedLogin)));
    return { git: new GitWorkspace(this.workTree(client), login), settings };
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

  /** Runs `task` after every earlier operation on the client's repository has ended. */
  private serialize<T>(client: number, task: () => Promise<T>): Promise<T> {
    const previous = this.#queues.get(client) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(task);
    this.#queues.set(client, result);
    return result;
  }
}

/** `git` author of a commit made by `principal`; `<`, `>` and line breaks would break the header. */
function authorOf(principal: Principal, email: string): string {
  const clean = (text: string) => text.replace(/[<>\r\n]/g, "");
  return `${clean(principal.userName)} <${clean(email)}>`;
}

async function requireCommit(git: GitWorkspace, ref: string): Promise<string> {
  const commit = await git.resolve(ref);
  if (commit === undefined) throw new NotFoundError(ErrorCode.NOT_FOUND, "Branch or commit not found.", ref);
  return commit;
}
