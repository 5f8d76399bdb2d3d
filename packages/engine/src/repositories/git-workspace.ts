import { existsSync } from "node:fs";
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

/** Separators of `git log --format` fields and records (`for-each-ref` spells them without the x). */
const FIELD = "%x1f";
const RECORD = "%x1e";

/**
 * One client's Git working tree, driven through the real `git`. Every failure of git becomes a
 * ConflictError whose text has the login removed, so that it can be answered and logged.
 */
export class GitWorkspace {
  readonly #git: SimpleGit;
  readonly #secrets: string[];

  constructor(
    readonly dir: string,
    login: GitLogin | undefined,
  ) {
    const header = login && `Authorization: Basic ${Buffer.from(`${login.username}:${login.password}`).toString("base64")}`;
    this.#secrets = login ? [login.password, header ?? "", Buffer.from(`${login.username}:${login.password}`).toString("base64")].filter((s) => s !== "") : [];
    this.#git = simpleGit({ baseDir: dir, config: header ? [`http.extraHeader=${header}`] : [] }).env({
      ...process.env,
      // Never wait for a password on a terminal nobody watches.
      GIT_TERMINAL_PROMPT: "0",
      GIT_ASKPASS: "echo",
      // Repositories of Baton do not depend on the host's git configuration.
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_CONFIG_GLOBAL: "/dev/null",
    });
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

  async status(): Promise<FileStatus[]> {
    const text = await this.run(["status", "--porcelain=v1", "-z", "--untracked-files=all", "--no-renames"]);
    return text
      .split("\0")
      .filter((line) => line.length > 3)
      .map((line) => ({ path: line.slice(3), change: changeOf(line.slice(0, 2)) }));
  }

  /** Commits `paths` (all changes when undefined) as `author`; returns the new commit's id. */
  async commit(message: string, author: string, paths?: readonly string[]): Promise<string> {
    await this.run(paths ? ["add", "--all", "--", ...paths] : ["add", "--all"]);
    await this.run(["commit", "--quiet", "--allow-empty", `--author=${author}`, "-m", message]);
    return this.head();
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

  merging(): boolean {
    return existsSync(join(this.dir, ".git", "MERGE_HEAD"));
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

  async log(commit: string, skip: number, max: number): Promise<CommitInfo[]> {
    const text = await this.run(["log", `--skip=${skip}`, `--max-count=${max}`, `--format=%H${FIELD}%s${FIELD}%an${FIELD}%aI${RECORD}`, commit]);
    return records(text).map(commitOf);
  }

  /** A file's text at a commit, or undefined when it has no such file. */
  async show(commit: string, path: string): Promise<string | undefined> {
    return this.#git.raw(["show", `${commit}:${path}`]).catch(() => undefined);
  }

  private async run(args: string[]): Promise<string> {
    try {
      return await this.#git.raw(args);
    } catch (error) {
      throw new ConflictError(ErrorCode.CONFLICT, "The repository operation failed.", this.redact(error instanceof Error ? error.message : String(error)));
    }
  }

  private redact(text: string): string {
    return this.#secrets.reduce((result, secret) => result.split(secret).join("***"), text);
  }
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
