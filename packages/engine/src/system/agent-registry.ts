import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { AGENT_TEMPLATES, ErrorCode, type AgentHello, type AgentListQuery, type InCreateAgentBody, type OutAgent } from "@baton/contract";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import type { Clock } from "../runtime/clock";
import { ConflictError, NotFoundError } from "../domain/errors";
import { wildcardRegExp } from "../domain/authorization";
import type { Agent } from "../runtime/agent-port";
import { deleteAgent, findAgent, insertAgent, listAgents, updateAgent, updateAgentSeen, type AgentRow } from "../store/agents-store";
import type { Store } from "../store/connect";
import { textClientSetting } from "./client-settings";
import { RemoteAgent } from "./remote-agent";

/** What the engine does with a standalone agent that said hello. */
export type Admission = { kind: "admitted"; newKey?: string } | { kind: "waiting" } | { kind: "refused"; reason: string };

/** What the engine itself reports for its in-process agents. */
export interface EngineHost {
  version: string;
  hardware: string;
  software: string;
}

export interface AgentRegistryDeps {
  store: Store;
  clock: Clock;
  /** Every agent connected now (in-process ones and standalone ones), by name. */
  agents: ReadonlyMap<string, Agent>;
  host: EngineHost;
}

/**
 * The standalone agents the engine knows: registered on their first hello (or created by an
 * administrator), authenticated automatically or, with the system setting AGENT_AUTHENTICATION
 * ON, by an administrator; each gets its own key on its first admitted connection and must
 * present it from then on, so the shared token alone cannot take over a known agent's name.
 */
export class AgentRegistry {
  constructor(private readonly deps: AgentRegistryDeps) {}

  async admit(hello: AgentHello): Promise<Admission> {
    const { db } = this.deps.store;
    const now = this.deps.clock.now();
    const seen = { platform: hello.platform, version: hello.version, hardware: hello.hardware, software: hello.software, ip_address: hello.ip_address, last_seen_at: now };
    let row = await findAgent(db, hello.name);
    if (row === undefined) {
      const waits = (await textClientSetting(db, 0, "AGENT_AUTHENTICATION")) === "ON";
      row = { name: hello.name, ...seen, authenticated: waits ? 0 : 1, key_hash: null, created_at: now };
      await insertAgent(db, row);
    } else {
      await updateAgentSeen(db, hello.name, seen);
    }
    if (row.authenticated !== 1) return { kind: "waiting" };
    if (row.key_hash === null) {
      const key = newAgentKey();
      await updateAgent(db, hello.name, { key_hash: hashKey(key) });
      return { kind: "admitted", newKey: key };
    }
    if (hello.key === undefined || !sameHash(hashKey(hello.key), row.key_hash)) {
      return { kind: "refused", reason: "wrong agent key; renew its transfer key if the agent lost it" };
    }
    return { kind: "admitted" };
  }

  /** Registered and in-process agents with the list filters applied, by name. */
  async list(principal: Principal, query: AgentListQuery): Promise<{ total: number; data: OutAgent[]; hasmore: boolean }> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    const agents = [...this.#inProcess(), ...(await listAgents(this.deps.store.db)).map((row) => this.#present(row))].sort((a, b) => (a.name < b.name ? -1 : 1));
    const text = (value: string, pattern: string | undefined) => pattern === undefined || wildcardRegExp(pattern).test(value);
    const matching = agents.filter(
      (a) =>
        text(a.name, query.name) &&
        text(a.ip_address, query.ip_address) &&
        text(a.version, query.version) &&
        text(a.hardware, query.hardware) &&
        text(a.software, query.software) &&
        text(a.platform, query.platform) &&
        (query.active === undefined || a.active === query.active) &&
        (query.linked === undefined || a.linked === query.linked),
    );
    return { total: matching.length, data: matching.slice(0, query.max_results), hasmore: matching.length > query.max_results };
  }

  async get(principal: Principal, name: string): Promise<OutAgent> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    const inProcess = this.#inProcess().find((agent) => agent.name === name);
    if (inProcess) return inProcess;
    return this.#present(await this.#require(name));
  }

  /** An agent made ahead of its first connection: authenticated, with the template's platform. */
  async create(principal: Principal, input: InCreateAgentBody): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    const { db } = this.deps.store;
    if (this.#isInProcess(input.name) || (await findAgent(db, input.name))) throw new ConflictError(ErrorCode.CONFLICT, "The agent exists.", input.name);
    await insertAgent(db, { name: input.name, platform: AGENT_TEMPLATES[input.template], version: "", hardware: "", software: "", ip_address: "", authenticated: 1, key_hash: null, created_at: this.deps.clock.now(), last_seen_at: null });
  }

  async remove(principal: Principal, name: string): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    await this.#requireIdle(name);
    await deleteAgent(this.deps.store.db, name);
  }

  async authenticate(principal: Principal, name: string): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    await this.#require(name);
    await updateAgent(this.deps.store.db, name, { authenticated: 1 });
  }

  async rename(principal: Principal, name: string, newName: string): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    await this.#requireIdle(name);
    if (this.#isInProcess(newName) || (await findAgent(this.deps.store.db, newName))) throw new ConflictError(ErrorCode.CONFLICT, "An agent with the new name exists.", newName);
    await updateAgent(this.deps.store.db, name, { name: newName, key_hash: null });
  }

  /**
   * A key for an agent that will connect with it (an agent package): the agent is registered and
   * authenticated if new; an existing one gets a new key, so its old installation can no longer
   * connect. Refused while the agent is connected.
   */
  async issueKey(name: string, platform: string): Promise<string> {
    const { db } = this.deps.store;
    if (this.#isInProcess(name)) throw new ConflictError(ErrorCode.CONFLICT, "The agent runs inside the engine.", `${name} is an in-process agent`);
    if (this.deps.agents.has(name)) throw new ConflictError(ErrorCode.CONFLICT, "The agent is connected.", `Stop agent '${name}' before making a package with its name: the package replaces its key.`);
    const key = newAgentKey();
    if ((await findAgent(db, name)) === undefined) {
      await insertAgent(db, { name, platform, version: "", hardware: "", software: "", ip_address: "", authenticated: 1, key_hash: hashKey(key), created_at: this.deps.clock.now(), last_seen_at: null });
    } else {
      await updateAgent(db, name, { key_hash: hashKey(key), authenticated: 1 });
    }
    return key;
  }

  /** The engine's agent token for an administrator (AGENTS); 409 while standalone agents are disabled. */
  requireToken(principal: Principal, token: string | undefined): string {
    requirePrivilege(principal, "AGENTS");
    if (token === undefined) throw new ConflictError(ErrorCode.CONFLICT, "Standalone agents are disabled.", "The engine has no agent token.");
    return token;
  }

  /** Forgets the agent's key: its next connection is given a new one. */
  async resetKey(principal: Principal, name: string): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    await this.#require(name);
    await updateAgent(this.deps.store.db, name, { key_hash: null });
  }

  async #require(name: string): Promise<AgentRow> {
    if (this.#isInProcess(name)) throw new ConflictError(ErrorCode.CONFLICT, "The agent runs inside the engine.", `${name} is an in-process agent; it is configured, not administered`);
    const row = await findAgent(this.deps.store.db, name);
    if (row === undefined) throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Agent not found.", `There is no agent '${name}'.`);
    return row;
  }

  /** The agent, which must not be connected (stop it first). */
  async #requireIdle(name: string): Promise<AgentRow> {
    const row = await this.#require(name);
    if (this.deps.agents.has(name)) throw new ConflictError(ErrorCode.CONFLICT, "The agent is connected.", `Stop agent '${name}' first.`);
    return row;
  }

  #isInProcess(name: string): boolean {
    const agent = this.deps.agents.get(name);
    return agent !== undefined && !(agent instanceof RemoteAgent);
  }

  #inProcess(): OutAgent[] {
    return [...this.deps.agents.values()]
      .filter((agent) => !(agent instanceof RemoteAgent))
      .map((agent) => ({ name: agent.name, platform: agent.platform, authenticated: true, ...this.deps.host, ip_address: "127.0.0.1", port: null, active: true, linked: false, in_process: true }));
  }

  #present(row: AgentRow): OutAgent {
    return {
      name: row.name,
      platform: row.platform,
      authenticated: row.authenticated === 1,
      version: row.version,
      hardware: row.hardware,
      ip_address: row.ip_address,
      port: null,
      software: row.software,
      active: this.deps.agents.has(row.name),
      linked: false,
      in_process: false,
    };
  }
}

function newAgentKey(): string {
  return randomBytes(24).toString("base64url");
}

function hashKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

function sameHash(a: string, b: string): boolean {
  return a.length === b.length && timingSafeEqual(Buffer.from(a), Buffer.from(b));
}
