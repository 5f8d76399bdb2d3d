import { existsSync } from "node:fs";
import { readFile, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { ErrorCode } from "@baton/contract";
import type { Logger } from "pino";
import { z } from "zod";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { ConflictError, NotFoundError, ValidationError } from "../domain/errors";
import { CredentialsBox } from "./credentials-box";
import { GitWorkspace, type GitLogin } from "./git-workspace";
import type { CheckedRemote, RemotePolicy } from "./remote-policy";

/** What is kept of a client's repository beside its working tree (the login sealed). */
const RepositorySettings = z.object({
  repositoryUrl: z.string(),
  authorEmail: z.string(),
  sealedLogin: z.string().optional(),
});
export type RepositorySettings = z.infer<typeof RepositorySettings>;

const SealedLogin = z.object({ username: z.string(), password: z.string() });

/** How repositories reach their remotes. */
export interface RepositoryRemoteOptions {
  /** Which repository URLs a client may give. */
  policy: RemotePolicy;
  /** The longest one git process may run (BATON_GIT_TIMEOUT_MS). */
  gitTimeoutMs: number;
  logger: Logger;
}

/** A client's repository, opened: its working tree and its settings. */
export interface OpenRepository {
  git: GitWorkspace;
  settings: RepositorySettings;
}

/**
 * Where each client's repository lives below `root`: its working tree (`<client>/`), its settings
 * with the login sealed (`<client>.json`), and the queue its operations run in, one after another.
 */
export class ClientRepositories {
  readonly #queues = new Map<number, Promise<unknown>>();
  readonly #box: CredentialsBox | undefined;

  constructor(
    /** DATA_DIR/repositories; undefined when the host keeps no data directory (repositories disabled). */
    private readonly root: string | undefined,
    private readonly remotes: RepositoryRemoteOptions,
  ) {
    this.#box = root === undefined ? undefined : new CredentialsBox(join(root, ".credentials-secret"));
  }

  /** Why the repository resources of `client` are disabled, or undefined when it is initialised. */
  disabledReason(client: number): string | undefined {
    if (this.root === undefined) return "Repositories need a data directory.";
    return this.isInitialised(client) ? undefined : `The repository of client ${client} is not initialised.`;
  }

  /** Whether the client's repository was initialised. */
  isInitialised(client: number): boolean {
    return existsSync(this.settingsFile(client));
  }

  /** The directory new working trees are made in before they become a client's (see install). */
  stagingRoot(): string {
    return this.enabled().root;
  }

  /** The client's working tree and settings; its remote's URL is checked again each time it is contacted. */
  async open(client: number): Promise<OpenRepository> {
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

  /** Refuses (ValidationError) a URL that is not an allowed remote for the client. */
  checkRemote(url: string, client: number): Promise<CheckedRemote> {
    return this.remotes.policy.check(url, client);
  }

  /** A working tree in `dir` that reaches its remote with `login`. */
  workspace(dir: string, login: GitLogin | undefined, remote: () => Promise<CheckedRemote>): GitWorkspace {
    return new GitWorkspace(dir, login, { protocols: this.remotes.policy.protocols, timeoutMs: this.remotes.gitTimeoutMs, logger: this.remotes.logger, remote });
  }

  /** Makes the working tree in `staging` the client's and keeps its settings, the login sealed. */
  async install(client: number, staging: string, settings: { repositoryUrl: string; authorEmail: string; login: GitLogin | undefined }): Promise<void> {
    const { box } = this.enabled();
    // A tree without settings is left over from an initialisation that did not finish.
    await rm(this.workTree(client), { recursive: true, force: true });
    await rename(staging, this.workTree(client));
    const kept: RepositorySettings = { repositoryUrl: settings.repositoryUrl, authorEmail: settings.authorEmail, ...(settings.login && { sealedLogin: box.seal(JSON.stringify(settings.login)) }) };
    await writeFile(this.settingsFile(client), JSON.stringify(kept), { mode: 0o600 });
  }

  /**
   * Checks the REPOSITORY privilege, then runs `task` after every earlier operation on the
   * client's repository has ended.
   */
  serialize<T>(principal: Principal, task: () => Promise<T>): Promise<T> {
    requirePrivilege(principal, "REPOSITORY");
    const previous = this.#queues.get(principal.client) ?? Promise.resolve();
    const result = previous.catch(() => undefined).then(task);
    this.#queues.set(principal.client, result);
    return result;
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
}
