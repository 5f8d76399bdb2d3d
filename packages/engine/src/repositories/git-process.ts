import { spawn } from "node:child_process";

/** What a failed git command was, as far as the answer to a request may tell. */
export type GitFailureKind = "timeout" | "rejected" | "login" | "not-found" | "unreachable" | "protocol" | "failed";

/** A git command that failed: its kind, the subcommand, and git's own words (for the server's log only). */
export class GitFailure extends Error {
  constructor(
    readonly kind: GitFailureKind,
    readonly command: string,
    readonly stderr: string,
  ) {
    super(`git ${command} failed (${kind})`);
    this.name = "GitFailure";
  }
}

/** How one git process runs. */
export interface GitProcessOptions {
  cwd: string;
  /** The transports git may use (GIT_ALLOW_PROTOCOL). */
  protocols: readonly string[];
  /** The longest the process (and everything it started) may live. */
  timeoutMs: number;
  /** Further variables, e.g. GIT_INDEX_FILE. */
  env?: Readonly<Record<string, string>>;
  /** Exit statuses that are answers, not failures (e.g. 1 for merge-tree's conflicts). */
  okExitCodes?: readonly number[];
  /** What the process reads on its standard input (none without). */
  input?: string;
}

/**
 * Variables of the engine's environment a git process gets: where programs are, who and where
 * the user is (ssh's keys and known hosts) and the operator's proxy. Everything else, notably
 * every GIT_* variable and the engine's secrets, stays out.
 */
const INHERITED = /^(PATH|HOME|USER|LOGNAME|TZ|TMPDIR|SSH_AUTH_SOCK|https?_proxy|HTTPS?_PROXY|no_proxy|NO_PROXY|all_proxy|ALL_PROXY)$/;

/** Process groups of git commands still running, killed when the engine's process exits. */
const running = new Set<number>();
let exitHookInstalled = false;

/** The environment of a git process: the inherited variables and Baton's fixed git settings. */
export function gitEnvironment(protocols: readonly string[], extra: Readonly<Record<string, string>> = {}): Record<string, string> {
  const inherited = Object.fromEntries(Object.entries(process.env).filter((entry): entry is [string, string] => INHERITED.test(entry[0]) && entry[1] !== undefined));
  return {
    ...inherited,
    // Only these transports: never a remote helper (ext::, fd::, anything::), never a local path unless allowed.
    GIT_ALLOW_PROTOCOL: protocols.join(":"),
    // Never wait for a password or a host key confirmation that nobody will type.
    GIT_TERMINAL_PROMPT: "0",
    GIT_SSH_COMMAND: "ssh -o BatchMode=yes",
    // Repositories of Baton do not depend on the host's git configuration.
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_CONFIG_GLOBAL: "/dev/null",
    // Messages in English, which failureKind reads; paths and commit texts are bytes to git either way.
    LC_ALL: "C",
    ...extra,
  };
}

/**
 * Runs `git args` and answers its standard output. The process is the leader of a process group
 * of its own, so that when it outlives `timeoutMs` the whole group (remote helpers, ssh, curl) is
 * killed, and whatever of the group is still alive when git ends is killed too: nothing git
 * starts outlives the command or the engine.
 */
export async function runGit(args: readonly string[], options: GitProcessOptions): Promise<string> {
  return (await runGitBytes(args, options)).toString("utf8");
}

/** runGit answering the bytes of the standard output, for output whose parts are counted in bytes (`cat-file --batch`). */
export function runGitBytes(args: readonly string[], options: GitProcessOptions): Promise<Buffer> {
  installExitHook();
  const command = args.find((arg) => !arg.startsWith("-") && !arg.includes("=")) ?? "git";
  return new Promise<Buffer>((resolve, reject) => {
    const child = spawn("git", ["-c", "http.followRedirects=false", ...args], {
      cwd: options.cwd,
      env: gitEnvironment(options.protocols, options.env),
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    // Standard input holds `input` or nothing. A git that ends before reading all of it closes the
    // pipe; its exit status tells what happened.
    child.stdin.on("error", () => undefined);
    child.stdin.end(options.input);
    const group = child.pid;
    if (group !== undefined) running.add(group);
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      if (group !== undefined) killGroup(group);
    }, options.timeoutMs);
    child.stdout.on("data", (chunk: Buffer) => out.push(chunk));
    child.stderr.on("data", (chunk: Buffer) => err.push(chunk));
    child.on("error", (error) => {
      clearTimeout(timer);
      if (group !== undefined) running.delete(group);
      reject(new GitFailure("failed", command, error.message));
    });
    // "close" comes when git has ended and every holder of its output pipes has let go of them.
    child.on("close", (code) => {
      clearTimeout(timer);
      if (group !== undefined) {
        running.delete(group);
        killGroup(group);
      }
      const stderr = Buffer.concat(err).toString("utf8");
      if (timedOut) reject(new GitFailure("timeout", command, stderr));
      else if (code === 0 || (code !== null && (options.okExitCodes ?? []).includes(code))) resolve(Buffer.concat(out));
      else reject(new GitFailure(failureKind(stderr), command, stderr));
    });
  });
}

/** The kind of a failure, read from git's message (in English: gitEnvironment sets LC_ALL=C). */
export function failureKind(stderr: string): GitFailureKind {
  if (/transport '[^']*' not allowed|unsupported protocol|protocol .* is not supported|Unable to find remote helper/i.test(stderr)) return "protocol";
  if (/\[(remote )?rejected\]|failed to push some refs|non-fast-forward|fetch first/i.test(stderr)) return "rejected";
  if (/authentication failed|could not read (username|password)|terminal prompts disabled|permission denied \(|access denied|returned error: 40[13]|host key verification failed/i.test(stderr)) return "login";
  if (/does not appear to be a git repository|repository not found|not a git repository|returned error: 404|no such file or directory/i.test(stderr)) return "not-found";
  if (/could not resolve|connection refused|failed to connect|timed out|could not read from remote repository|unable to connect|unreachable|no route to host|empty reply|recv failure|ssl|tls|the remote end hung up/i.test(stderr)) return "unreachable";
  return "failed";
}

function killGroup(group: number): void {
  try {
    process.kill(-group, "SIGKILL");
  } catch {
    // The group has already ended.
  }
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    for (const group of running) killGroup(group);
  });
}
