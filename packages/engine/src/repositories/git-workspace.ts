import { writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ErrorCode } from "@baton/contract";
import type { Logger } from "pino";
import { ConflictError } from "../domain/errors";
import { wireTime } from "../domain/wire-time";
import { GitFailure, runGitBytes, type GitFailureKind } from "./git-process";
import type { CheckedRemote } from "./remote-policy";

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

/** Commands through the workspace's scratch index, so that reading the working tree never touches the real index. */
const SCRATCH = { index: "baton-scratch-index" };

/** Separators of `git log --format` fields and records (`for-each-ref` spells them without the x). */
const FIELD = "%x1f";
const RECORD = "%x1e";

/** How a workspace runs git and reaches its remote. */
export interface GitWorkspaceOptions {
  /** The transports git may use (GIT_ALLOW_PROTOCOL). */
  protocols: readonly string[];
  /** The longest one git process may run. */
  timeoutMs: number;
  /** Where git's own words about a failure go (debug level): they may name local paths or quote files. */
  logger: Logger;
  /** The remote, checked against the remote policy when it is first needed. */
  remote: () => Promise<CheckedRemote>;
}

/** What a request is answered when git fails: fixed words per kind, never git's own. */
const FAILURES: Record<GitFailureKind, { message: string; details: string }> = {
  timeout: { message: "The repository operation took too long.", details: "git was stopped after the time BATON_GIT_TIMEOUT_MS allows; check that the remote answers" },
  rejected: { message: "The remote refused the push.", details: "the remote branch was rejected: it has commits this repository does not have; pull or merge first" },
  login: { message: "The remote refused the login.", details: "check the username and password, or the SSH key and known host of the server" },
  "not-found": { message: "The remote repository was not found.", details: "check the repository URL" },
  unreachable: { message: "The remote could not be reached.", details: "check the host and port of the repository URL" },
  protocol: { message: "The remote's protocol is not allowed.", details: "give an https, ssh or git URL" },
  failed: { message: "The repository operation failed.", details: "git could not carry it out; the server's log has the details at debug level" },
};

/**
 * One client's Git working tree, driven through the real `git` (see runGit: a clean environment,
 * allowed transports only, a time limit). Every failure of git becomes a ConflictError with fixed
 * words for its kind; git's own message, the login removed, goes to the log.
 */
export class GitWorkspace {
  readonly #secrets: string[];
  readonly #config: string[];
  #remote: Promise<CheckedRemote> | undefined;

  constructor(
    readonly dir: string,
    login: GitLogin | undefined,
    private readonly options: GitWorkspaceOptions,
  ) {
    const header = login && `Authorization: Basic ${Buffer.from(`${login.username}:${login.password}`).toString("base64")}`;
    this.#secrets = login ? [login.password, header ?? "", Buffer.from(`${login.username}:${login.password}`).toString("base64")].filter((s) => s !== "") : [];
    // Login for https remotes, sent as an HTTP header so that it is never written into `.git/config`.
    this.#config = header ? ["-c", `http.extraHeader=${header}`] : [];
  }

  /** A new repository on `branch` with the checked remote as origin and `identity` as committer. */
  async create(branch: string, identity: { name: string; email: string }): Promise<void> {
    await this.run(["init", "--quiet", `--initial-branch=${branch}`]);
    await this.run(["config", "user.name", identity.name]);
    await this.run(["config", "user.email", identity.email]);
    await this.run(["remote", "add", "origin", "--", (await this.remote()).url]);
  }

  /**
   * Whether the remote has `branch` (fetching it into origin/`branch` when so). Remote commands
   * name the checked URL itself rather than origin, so that git contacts exactly what was checked.
   */
  async fetchBranch(branch: string): Promise<boolean> {
    const remote = await this.remote();
    const heads = await this.run([...remote.config, "ls-remote", "--heads", "--", remote.url, `refs/heads/${branch}`]);
    if (heads.trim() === "") return false;
    await this.run([...remote.config, "fetch", "--quiet", "--no-tags", "--", remote.url, `+refs/heads/${branch}:refs/remotes/origin/${branch}`]);
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
    await this.run(["add", "--all"], SCRATCH);
    return (await this.run(["write-tree"], SCRATCH)).trim();
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
    const text = await this.run(["merge-tree", "--write-tree", "--name-only", "-z", "--no-messages", ours, theirs], { okExitCodes: [1] });
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
    await this.run(["read-tree", tree], SCRATCH);
    for (const [path, text] of files) {
      if (text === undefined) {
        await this.run(["update-index", "--force-remove", "--", path], SCRATCH);
        continue;
      }
      await this.run(["update-index", "--add", "--cacheinfo", `100644,${await this.storeText(text)},${path}`], SCRATCH);
    }
    return (await this.run(["write-tree"], SCRATCH)).trim();
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
    // The merge base of the two is `ancestor` exactly when it is one.
    return (await this.mergeBase(ancestor, commit)) === ancestor;
  }

  /** The best common ancestor of two commits (`git merge-base`), or undefined when they share no history. */
  async mergeBase(a: string, b: string): Promise<string | undefined> {
    return (await this.probe(["merge-base", a, b]))?.trim() || undefined;
  }

  /** How many commits `theirs` has that `ours` lacks (ahead) and `ours` has that `theirs` lacks (behind). */
  async aheadBehind(ours: string, theirs: string): Promise<{ ahead: number; behind: number }> {
    const [behind = 0, ahead = 0] = (await this.run(["rev-list", "--left-right", "--count", `${ours}...${theirs}`])).trim().split(/\s+/).map(Number);
    return { ahead, behind };
  }

  /** Moves the active branch to `commit` and makes the working tree match it exactly. */
  async resetTo(commit: string): Promise<void> {
    await this.run(["reset", "--quiet", "--hard", commit]);
    await this.run(["clean", "--quiet", "--force", "-d"]);
  }

  /** Pushes `source` (a local branch or a commit id) to the remote's `branch`, and notes it as origin/`branch`. */
  async push(source: string, branch: string): Promise<void> {
    const remote = await this.remote();
    await this.run([...remote.config, "push", "--quiet", "--", remote.url, `${source}:refs/heads/${branch}`]);
    await this.run(["update-ref", `refs/remotes/origin/${branch}`, source]);
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
      const id = (await this.probe(["rev-parse", "--verify", "--quiet", "--end-of-options", `${candidate}^{commit}`]))?.trim();
      if (id) return id;
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
    return this.probe(["show", `${commit}:${path}`]);
  }

  /**
   * The texts of many files (each at its commit or tree), in order, undefined where there is no
   * such file: one `git cat-file --batch` for all of them rather than a process per file. A path
   * holding a line break, which the batch reads as two requests, is read on its own.
   */
  async showAll(files: readonly { commit: string; path: string }[]): Promise<(string | undefined)[]> {
    const batched = files.filter((file) => !LINE_BREAK.test(file.path));
    const texts = batched.length === 0 ? [] : readBatch(await this.runBytes(["cat-file", "--batch"], { input: batched.map((file) => `${file.commit}:${file.path}\n`).join("") }), batched.length);
    let next = 0;
    const answers: (string | undefined)[] = [];
    for (const file of files) answers.push(LINE_BREAK.test(file.path) ? await this.show(file.commit, file.path) : texts[next++]);
    return answers;
  }

  private remote(): Promise<CheckedRemote> {
    this.#remote ??= this.options.remote();
    return this.#remote;
  }

  /** git's answer, or undefined when git says no (a time-out still fails). */
  private async probe(args: string[]): Promise<string | undefined> {
    try {
      return await this.run(args);
    } catch (error) {
      if (error instanceof ConflictError && error.message !== FAILURES.timeout.message) return undefined;
      throw error;
    }
  }

  private async run(args: string[], how: RunOptions = {}): Promise<string> {
    return (await this.runBytes(args, how)).toString("utf8");
  }

  private async runBytes(args: string[], how: RunOptions = {}): Promise<Buffer> {
    try {
      return await runGitBytes([...this.#config, ...args], {
        cwd: this.dir,
        protocols: this.options.protocols,
        timeoutMs: this.options.timeoutMs,
        ...(how.index !== undefined && { env: { GIT_INDEX_FILE: join(this.dir, ".git", how.index) } }),
        ...(how.okExitCodes && { okExitCodes: how.okExitCodes }),
        ...(how.input !== undefined && { input: how.input }),
      });
    } catch (error) {
      if (!(error instanceof GitFailure)) throw error;
      this.options.logger.debug({ command: error.command, kind: error.kind, stderr: this.redact(error.stderr) }, "git failed");
      const { message, details } = FAILURES[error.kind];
      throw new ConflictError(ErrorCode.CONFLICT, message, details);
    }
  }

  private redact(text: string): string {
    return this.#secrets.reduce((result, secret) => result.split(secret).join("***"), text);
  }
}

/** What ends a request of `git cat-file --batch`: a path holding one is read on its own. */
const LINE_BREAK = /[\n\r]/;

/** How one command of a workspace runs: through the scratch index, which exit statuses answer, what it reads. */
interface RunOptions {
  index?: string;
  okExitCodes?: readonly number[];
  input?: string;
}

/**
 * The `count` answers of `git cat-file --batch`: for each request a header `<id> <type> <size>`
 * and that many bytes of content and a line break, or `<request> missing` (or ambiguous). Only a
 * blob is a file's text.
 */
function readBatch(out: Buffer, count: number): (string | undefined)[] {
  const texts: (string | undefined)[] = [];
  let at = 0;
  for (let i = 0; i < count; i++) {
    const lineEnd = out.indexOf(0x0a, at);
    if (lineEnd === -1) throw new Error("git cat-file --batch answered fewer objects than asked");
    const [, type, size] = /^[0-9a-f]+ (\w+) (\d+)$/.exec(out.toString("utf8", at, lineEnd)) ?? [];
    at = lineEnd + 1;
    if (size === undefined) {
      texts.push(undefined);
      continue;
    }
    texts.push(type === "blob" ? out.toString("utf8", at, at + Number(size)) : undefined);
    at += Number(size) + 1;
  }
  return texts;
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
  return { commitId, message, author, timestamp: wireTime(timestamp) };
}
