import { realpath } from "node:fs/promises";
import { isIP } from "node:net";
import { isAbsolute, relative, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { ErrorCode } from "@baton/contract";
import { invalid, type ValidationError } from "../domain/errors";
import type { CallbackPolicy } from "../runtime/callback-policy";

/** A repository URL that was checked, in the form git is given it. */
export interface CheckedRemote {
  /** What git gets as the remote: the normalised URL, or the real path of a local repository. */
  readonly url: string;
  /** `-c` settings that hold git to what was checked: the addresses an http(s) host was resolved to. */
  readonly config: readonly string[];
}

export interface RemotePolicyOptions {
  /**
   * BATON_REPOSITORY_ROOTS: absolute directories below which local repositories may be; `{client}`
   * in one stands for the client's number. Empty: no local repository.
   */
  roots: readonly string[];
  /** Directories no remote may be in or contain, whatever the roots say (DATA_DIR). */
  privateDirs: readonly string[];
  /** Which hosts may be reached (BATON_CALLBACK_ALLOW). */
  addresses: CallbackPolicy;
}

const PATH = "repository_url";
const HOST = String.raw`(?:\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9_][A-Za-z0-9_.-]*)`;
const USER = String.raw`[A-Za-z0-9_][A-Za-z0-9_.~+-]*`;
/** ssh://[user@]host[:port]/path and git://host[:port]/path, in characters every parser reads alike. */
const SSH_URL = new RegExp(String.raw`^ssh://(?:${USER}@)?(${HOST})(?::\d{1,5})?(/.*)$`);
const GIT_URL = new RegExp(String.raw`^git://(${HOST})(?::\d{1,5})?(/.*)$`);
/** scp-like ssh: [user@]host:path (git reads a colon before any slash so). */
const SCP_LIKE = new RegExp(String.raw`^(?:${USER}@)?(${HOST}):([^:].*)$`);
/** `transport::address`, git's syntax for a remote helper (git-remote-<transport>). */
const HELPER = /^[A-Za-z][A-Za-z0-9+.-]*::/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):\/\//;

/**
 * Decides which repository URLs a client may give: a remote (https, http, ssh, git) on a host
 * the address policy lets Baton reach, or a local repository below an operator's root, never in
 * the data directory. Everything else, notably git's remote helpers, is refused before git
 * sees it.
 */
export class RemotePolicy {
  constructor(private readonly options: RemotePolicyOptions) {}

  /** The transports git may use (GIT_ALLOW_PROTOCOL): `file` only when local repositories are allowed. */
  get protocols(): string[] {
    return ["https", "http", "ssh", "git", ...(this.options.roots.length > 0 ? ["file"] : [])];
  }

  /** The remote as git is to use it for `client`; throws a validation error (path repository_url) when it may not be used. */
  async check(url: string, client: number): Promise<CheckedRemote> {
    const refuse = (why: string): ValidationError => invalid(ErrorCode.INVALID_REQUEST, PATH, why, url);
    if (/[\u0000-\u001f\u007f]/.test(url)) throw refuse("must not contain control characters");
    if (HELPER.test(url)) throw refuse("names a git remote helper (transport::address); give an https, ssh or git URL");
    const scheme = SCHEME.exec(url)?.[1]?.toLowerCase();
    if (scheme === "https" || scheme === "http") return this.checkHttp(url, refuse);
    if (scheme === "ssh" || scheme === "git") {
      const match = (scheme === "ssh" ? SSH_URL : GIT_URL).exec(url);
      if (!match?.[1]) throw refuse(`is not a ${scheme}://host/path URL Baton accepts (letters, digits and . _ - in the host and user)`);
      await this.options.addresses.checkHost(match[1], PATH, url);
      return { url, config: [] };
    }
    if (scheme === "file") {
      let path: string;
      try {
        path = fileURLToPath(url);
      } catch {
        throw refuse("must be file:///absolute/path (no host)");
      }
      return this.checkLocal(path, client, refuse);
    }
    if (scheme !== undefined) throw refuse("must be an https, http, ssh, git or file URL");
    if (url.startsWith("/")) return this.checkLocal(url, client, refuse);
    const scp = SCP_LIKE.exec(url);
    if (scp?.[1] && !scp[1].includes("/")) {
      await this.options.addresses.checkHost(scp[1], PATH, url);
      return { url, config: [] };
    }
    throw refuse("must be an https, http, ssh or git URL, user@host:path, or an absolute path below BATON_REPOSITORY_ROOTS");
  }

  private async checkHttp(url: string, refuse: (why: string) => ValidationError): Promise<CheckedRemote> {
    const { url: parsed, addresses } = await this.options.addresses.checkHttpUrl(url, PATH);
    if (parsed.username !== "" || parsed.password !== "") throw refuse("must not carry a login; give it as username and password");
    if (addresses === undefined || isIP(parsed.hostname.replace(/^\[|\]$/g, "")) !== 0) return { url: parsed.href, config: [] };
    // curl connects to the addresses just checked, not to what a second lookup (DNS rebinding) would answer.
    const port = parsed.port !== "" ? parsed.port : parsed.protocol === "https:" ? "443" : "80";
    const pinned = addresses.map((address) => (address.includes(":") ? `[${address}]` : address)).join(",");
    return { url: parsed.href, config: ["-c", `http.curloptResolve=${parsed.hostname}:${port}:${pinned}`] };
  }

  /** A local repository: absolute, below a root as written and as resolved (symbolic links followed), outside the private directories. */
  private async checkLocal(path: string, client: number, refuse: (why: string) => ValidationError): Promise<CheckedRemote> {
    if (this.options.roots.length === 0) throw refuse("is a local path; local repositories are allowed only below the directories of BATON_REPOSITORY_ROOTS, and none is set");
    if (!isAbsolute(path)) throw refuse("must be an absolute path");
    const roots = this.options.roots.map((root) => root.replaceAll("{client}", String(client)));
    const written = resolve(path);
    const realRoots = (await Promise.all(roots.map((root) => realpath(root).catch(() => undefined)))).filter((root): root is string => root !== undefined);
    const below = (candidate: string, dirs: readonly string[]) => dirs.some((dir) => within(candidate, dir));
    if (!below(written, [...roots, ...realRoots])) throw refuse("is not below a directory of BATON_REPOSITORY_ROOTS");
    const privateDirs = [...this.options.privateDirs.map((dir) => resolve(dir)), ...(await Promise.all(this.options.privateDirs.map(async (dir) => realpath(dir).catch(() => resolve(dir)))))];
    const isPrivate = (candidate: string) => privateDirs.some((dir) => within(candidate, dir) || within(dir, candidate));
    if (isPrivate(written)) throw refuse("is in Baton's data directory");
    const real = await realpath(written).catch(() => undefined);
    if (real === undefined) throw refuse("does not exist");
    if (!below(real, realRoots)) throw refuse("leads out of the directories of BATON_REPOSITORY_ROOTS through a symbolic link");
    if (isPrivate(real)) throw refuse("is in Baton's data directory");
    return { url: real, config: [] };
  }
}

/** Whether `path` is `dir` or below it (both absolute and normalised). */
function within(path: string, dir: string): boolean {
  const rest = relative(resolve(dir), path);
  return rest === "" || (rest !== ".." && !rest.startsWith(`..${sep}`) && !isAbsolute(rest));
}
