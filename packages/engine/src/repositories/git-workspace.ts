import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { simpleGit, type SimpleGit } from "simple-git";
import { ErrorCode } from "@baton/contract";
import { ConflictError } from "../domain/errors";

/** Login for https remotes, sent as an HTTP header so that it is never written into `.git/config`. */
export interface GitLogin {
  username: string;
  password: string;
}

/** What `git status` says of one file. */
export interface FileStatus {
  path: string;
  change: "added" | "modified" | "deleted";
}

/** One commit of a log or the tip of a branch. */
export interface CommitInfo {
  commitId: string;
  message: string;
  author: string;
  timestamp: string;
}

/** Who a commit is by. */
export interface GitAuthor {
  name: string;
  email: string;
}

/** What merging two commits without a working tree gives: the merged tree and the files in conflict. */
export interface TreeMerge {
  tree: string;
  conflicts: string[];
}

/** Separators of `git log --format` fields and records (`for-each-ref` spells them without the x). */
const FIELD = "%x1f";
const RECORD = "%x1e";

/**
 * One client's Git working tree, driven through the real `git`. Every failure of git becomes a
 * ConflictError whose text has the login removed, so that it can be answered and logged.
 */
export class GitWorkspace {
  readonly #git: SimpleGit;
  /** The same repository with an index of its own, so that reading the working tree never touches the real index. */
  readonly #scratch: SimpleGit;
  readonly #secrets: string[];

  constructor(
    readonly dir: string,
    login: GitLogin | undefined,
  ) {
    const header = login && `Authorization: Basic ${Buffer.from(`${login.username}:${login.password}`).toString("base64")}`;
    this.#secrets = login ? [login.password, header ?? "", Buffer.from(`${login.username}:${login.password}`).toString("base64")].filter((s) => s !== "") : [];
    const env = {
      ...process.env,
      // Never wait for a password on a terminal nobody watches.
      GIT_TERMINAL_PROMPT: "0",
      GIT_ASKPASS: "echo",
      // Repositories of Baton do not depend on the host's git configuration.
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
    };
    const config = header ? [`http.extraHeader=${header}`] : [];
    this.#git = simpleGit({ baseDir: dir, config }).env(env);
    this.#scratch = simpleGit({ baseDir: dir, config }).env({ ...env, GIT_INDEX_FILE: join(dir, ".git", "baton-scratch-index") });
  }

  /** A new repository on `branch` with `url` as origin and `identity` as committer. */
  async create(url: string, branch: string, identity: { name: string; email: string }): Promise<void> {
    await this.run(["init", "--quiet", `--initial-branch=${branch}`]);
    await this.run(["config", "user.name", identity.name]);
    await this.run(["config", "user.email", identity.email]);
    await this.run(["remote", "add", "origin", "--", url]);
  }

  /** Whether origin has `branch` (fetching it when so). */
  async fetchBranch(branch: string): Promise<boolean> {
    const heads = await this.run(["ls-remote", "--heads", "origin", `refs/heads/${branch}`]);
    if (heads.trim() === "") return false;
    await this.run(["fetch", "--quiet", "origin", `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
    return true;
  }

  async checkoutRemote(branch: string): Promise<void> {
    await this.run(["checkout", "--quiet", "-B", branch, "--track", `origin/${branch}`]);
  }

  /** Commits `paths` (all changes when undefined) as `author`; returns the new commit's id. */
  async commit(message: string, author: GitAuthor, paths?: readonly string[]): Promise<string> {
    await this.run(paths ? ["add", "--all", "--", ...paths] : ["add", "--all"]);
    await this.run([...authorConfig(author), "commit", "--quiet", "--allow-empty", "-m", message]);
    return this.head();
  }

  /** The tree the working tree's files make now, read through the scratch index. */
  async workingTree(): Promise<string> {
    await this.run(["add", "--all"], this.#scratch);
    return (await this.run(["write-tree"], this.#scratch)).trim();
  }

  /** Files that differ between two commits or trees (`from` → `to`). */
  async changedFiles(from: string, to: string): Promise<FileStatus[]> {
    const fields = (await this.run(["diff", "--name-status", "--no-renames", "-z", from, to, "--"])).split("\0");
    const files: FileStatus[] = [];
    for (let i = 0; i + 1 < fields.length; i += 2) files.push({ path: fields[i + 1] ?? "", change: changeOf(fields[i] ?? "") });
    return files;
  }

  /** Merges two commits without touching the working tree (`git merge-tree`). */
  async mergeTrees(ours: string, theirs: string): Promise<TreeMerge> {
    // Exit status 1 means conflicts; the output is the same: the tree, then the conflicted paths.
    const text = await this.#git.raw(["merge-tree", "--write-tree", "--name-only", "-z", "--no-messages", ours, theirs]).catch((error: unknown) => {
      throw new ConflictError(ErrorCode.CONFLICT, "The repository operation failed.", this.redact(error instanceof Error ? error.message : String(error)));
    });
    const [tree = "", ...paths] = text.split("\0").filter((field) => field !== "");
    return { tree, conflicts: [...new Set(paths)].sort() };
  }

  /** A commit object with `tree` and `parents` (the branch is not moved). */
  async commitTree(tree: string, parents: readonly string[], message: string, author: GitAuthor): Promise<string> {
    return (await this.run([...authorConfig(author), "commit-tree", tree, ...parents.flatMap((parent) => ["-p", parent]), "-m", message])).trim();
  }

  /**
   * `tree` with some files replaced (text) or removed (undefined), built in the scratch index.
   */
  async replaceInTree(tree: string, files: ReadonlyMap<string, string | undefined>): Promise<string> {
    await this.run(["read-tree", tree], this.#scratch);
    for (const [path, text] of files) {
      if (text === undefined) {
        await this.run(["update-index", "--force-remove", "--", path], this.#scratch);
        continue;
      }
      await this.run(["update-index", "--add", "--cacheinfo", `100644,${await this.storeText(text)},${path}`], this.#scratch);
    }
    return (await this.run(["write-tree"], this.#scratch)).trim();
  }

  /** Stores `text` as a blob and returns its id. */
  private async storeText(text: string): Promise<string> {
    const file = join(this.dir, ".git", "baton-blob");
    await writeFile(file, text);
    return (await this.run(["hash-object", "-w", "--no-filters", "--", file])).trim();
  }

  /** The tree of a commit. */
  async treeOf(commit: string): Promise<string> {
    return (await this.run(["rev-parse", `${commit}^{tree}`])).trim();
  }

  /** Whether `ancestor` is `commit` or one of its ancestors. */
  async isAncestor(ancestor: string, commit: string): Promise<boolean> {
    // `merge-base --is-ancestor` answers by exit status alone, which simple-git does not report.
    const base = await this.#git.raw(["merge-base", ancestor, commit]).catch(() => "");
    return base.trim() === ancestor;
  }

  /** Moves the active branch to `commit` and makes the working tree match it exactly. */
  async resetTo(commit: string): Promise<void> {
    await this.run(["reset", "--quiet", "--hard", commit]);
    await this.run(["clean", "--quiet", "--force", "-d"]);
  }

  /** Pushes `source` (a local branch or a commit id) to origin's `branch`. */
  async push(source: string, branch: string): Promise<void> {
    await this.run(["push", "--quiet", "origin", `${source}:refs/heads/${branch}`]);
  }

  /** Drops the last commit (after a failed push), keeping its changes in the working tree. */
  async undoCommit(): Promise<void> {
    await this.run(["reset", "--quiet", "--mixed", "HEAD~1"]);
  }

  async head(): Promise<string> {
    return (await this.run(["rev-parse", "HEAD"])).trim();
  }

  async currentBranch(): Promise<string> {
    return (await this.run(["branch", "--show-current"])).trim();
  }

  /** The commit a branch (local, else origin's) or commit id names, or undefined. */
  async resolve(ref: string): Promise<string | undefined> {
    for (const candidate of [`refs/heads/${ref}`, `refs/remotes/origin/${ref}`, ref]) {
      const id = await this.#git.raw(["rev-parse", "--verify", "--quiet", "--end-of-options", `${candidate}^{commit}`]).catch(() => "");
      if (id.trim() !== "") return id.trim();
    }
    return undefined;
  }

  async branches(): Promise<{ name: string; commit: CommitInfo }[]> {
    const [field, record] = [FIELD.replace("x", ""), RECORD.replace("x", "")];
    const text = await this.run(["for-each-ref", `--format=%(refname:short)${field}%(objectname)${field}%(subject)${field}%(authorname)${field}%(authordate:iso-strict)${record}`, "refs/heads"]);
    return records(text).map(([name = "", ...commit]) => ({ name, commit: commitOf(commit) }));
  }

  async createBranch(name: string, startPoint: string): Promise<void> {
    await this.run(["branch", "--quiet", "--", name, startPoint]);
  }

  async switchTo(branch: string): Promise<void> {
    // The working tree only mirrors the database; it is rewritten before every status or commit.
    await this.run(["checkout", "--quiet", "--force", branch]);
  }

  async commitCount(commit: string): Promise<number> {
    return Number((await this.run(["rev-list", "--count", commit])).trim());
  }

  async log(commit: string, skip: number, max: number): Promise<(CommitInfo & { parents: string[] })[]> {
    const text = await this.run(["log", `--skip=${skip}`, `--max-count=${max}`, `--format=%H${FIELD}%s${FIELD}%an${FIELD}%aI${FIELD}%P${RECORD}`, commit]);
    return records(text).map((fields) => ({ ...commitOf(fields), parents: (fields[4] ?? "").split(" ").filter((id) => id !== "") }));
  }

  /** A file's text at a commit, or undefined when it has no such file. */
  async show(commit: string, path: string): Promise<string | undefined> {
    return this.#git.raw(["show", `${commit}:${path}`]).catch(() => undefined);
  }

  private async run(args: string[], git = this.#git): Promise<string> {
    try {
      return await git.raw(args);
    } catch (error) {
      throw new ConflictError(ErrorCode.CONFLICT, "The repository operation failed.", this.redact(error instanceof Error ? error.message : String(error)));
    }
  }

  private redact(text: string): string {
    return this.#secrets.reduce((result, secret) => result.split(secret).join("***"), text);
  }
}

/** `-c` options that make `author` the author of the commit a command makes. */
function authorConfig(author: GitAuthor): string[] {
  const clean = (text: string) => text.replace(/[<>\r\n]/g, "");
  return ["-c", `author.name=${clean(author.name)}`, "-c", `author.email=${clean(author.email)}`];
}

function changeOf(code: string): FileStatus["change"] {
  if (code === "??" || code.includes("A")) return "added";
  return code.includes("D") ? "deleted" : "modified";
}

function records(text: string): string[][] {
  return text
    .split("\x1e")
    .map((record) => record.replace(/^\n/, ""))
    .filter((record) => record !== "")
    .map((record) => record.split("\x1f"));
}

function commitOf([commitId = "", message = "", author = "", timestamp = ""]: string[]): CommitInfo {
  return { commitId, message, author, timestamp: new Date(timestamp).toISOString() };
}
