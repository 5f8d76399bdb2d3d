import { AGENT_TEMPLATES, type AgentListQuery, ErrorCode, type InCreateAgentBody, type OutAgent, wildcardRegExp } from "@baton/contract";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import type { Clock } from "../runtime/clock";
import { ConflictError, ForbiddenError, NotFoundError } from "../domain/errors";
import { wireTime } from "../domain/wire-time";
import type { Agent } from "../runtime/agent-port";
import { activeJobsByAgent, deleteAgent, findAgent, insertAgent, listAgents, updateAgent, updateAgentLastSeen, type AgentRow } from "../store/agents-store";
import type { Store } from "../store/connect";
import { AgentAdmission } from "./agent-admission";
import { AgentPolicy, administers, type AgentFacts, type AgentRight } from "./agent-authorizations";
import { hashKey, newAgentKey } from "./agent-keys";
import { engineAddress } from "./engine-address";
import { textClientSetting } from "../store/client-settings";
import { RemoteAgent } from "./remote-agent";

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
  /** Ends the live connection of an agent whose credential was revoked (renewed, reset or replaced). */
  revoke?: (name: string) => void;
}

/**
 * The standalone agents the engine knows and who may do what with them. Each agent has its own
 * credential, a 256-bit random secret of which only the SHA-256 is stored: it is given once (in the
 * agent's package, its authentication package, or the welcome of its enrolment) and names the agent
 * it belongs to. The operator's enrolment token only enrols agent names nobody holds a credential
 * for. Client 0 administers every agent; another client administers the agents made in it
 * (AgentPolicy says who may use which).
 */
export class AgentRegistry {
  /** Which connecting agents may work (their credentials, the enrolment token). */
  readonly admission: AgentAdmission;

  constructor(private readonly deps: AgentRegistryDeps) {
    this.admission = new AgentAdmission(deps);
  }

  /** Whether jobs (execute) or file transfers (read: from it, write: to it) of the client may use the agent. */
  async mayUse(client: number, name: string, right: AgentRight): Promise<boolean> {
    if (client === 0) return true;
    const facts = this.#inProcessFacts(name) ?? (await findAgent(this.deps.store.db, name));
    if (facts === undefined) return client === 0;
    return (await AgentPolicy.load(this.deps.store.db)).rights(client, facts).has(right);
  }

  /** The agents the principal's client may use (in-process and registered), with the list filters applied, by name. */
  async list(principal: Principal, query: AgentListQuery): Promise<{ total: number; data: OutAgent[]; hasmore: boolean }> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    const policy = await AgentPolicy.load(this.deps.store.db);
    const load = await activeJobsByAgent(this.deps.store.db, principal.client);
    const inProcess = this.#inProcess(load).filter((agent) => policy.visible(principal.client, { ...agent, owner_client: null }));
    const registered = (await listAgents(this.deps.store.db)).filter((row) => policy.visible(principal.client, row)).map((row) => this.#present(row, load));
    const agents = [...inProcess, ...registered].sort((a, b) => (a.name < b.name ? -1 : 1));
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
    const policy = await AgentPolicy.load(this.deps.store.db);
    const load = await activeJobsByAgent(this.deps.store.db, principal.client);
    const inProcess = this.#inProcess(load).find((agent) => agent.name === name);
    const facts = this.#inProcessFacts(name);
    if (inProcess !== undefined && facts !== undefined) {
      if (!policy.visible(principal.client, facts)) throw notAuthorized(principal, name, "use");
      return inProcess;
    }
    const row = await this.#require(name);
    if (!policy.visible(principal.client, row)) throw notAuthorized(principal, name, "use");
    return this.#present(row, load);
  }

  /** An agent made ahead of its first connection: authenticated, with the template's platform, the client's own. */
  async create(principal: Principal, input: InCreateAgentBody): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    const { db } = this.deps.store;
    if (this.#isInProcess(input.name) || (await findAgent(db, input.name))) throw new ConflictError(ErrorCode.CONFLICT, "The agent exists.", input.name);
    await insertAgent(db, { name: input.name, platform: AGENT_TEMPLATES[input.template], version: "", hardware: "", software: "", ip_address: "", authenticated: 1, key_hash: null, owner_client: principal.client, created_at: this.deps.clock.now(), last_seen_at: null });
  }

  async remove(principal: Principal, name: string): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    await this.#requireIdle(principal, name);
    await deleteAgent(this.deps.store.db, name);
  }

  async authenticate(principal: Principal, name: string): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    await this.#requireAdministered(principal, name);
    await updateAgent(this.deps.store.db, name, { authenticated: 1 });
  }

  async rename(principal: Principal, name: string, newName: string): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    await this.#requireIdle(principal, name);
    if (this.#isInProcess(newName) || (await findAgent(this.deps.store.db, newName))) throw new ConflictError(ErrorCode.CONFLICT, "An agent with the new name exists.", newName);
    await updateAgent(this.deps.store.db, name, { name: newName, key_hash: null });
  }

  /**
   * A new credential for an agent that will connect with it (an agent package, an authentication
   * package): a new name becomes the principal's client's agent, authenticated; an existing one
   * the client administers gets a new credential, so its old installation can no longer connect.
   * Refused while the agent is connected.
   */
  async issueKey(principal: Principal, name: string, platform: string): Promise<string> {
    requirePrivilege(principal, "AGENTS");
    const { db } = this.deps.store;
    if (this.#isInProcess(name)) throw new ConflictError(ErrorCode.CONFLICT, "The agent runs inside the engine.", `${name} is an in-process agent`);
    const row = await findAgent(db, name);
    if (row !== undefined && !administers(principal.client, row)) throw notAuthorized(principal, name, "administer");
    if (this.deps.agents.has(name)) throw new ConflictError(ErrorCode.CONFLICT, "The agent is connected.", `Stop agent '${name}' before making a package with its name: the package replaces its credential.`);
    const key = newAgentKey();
    if (row === undefined) {
      await insertAgent(db, { name, platform, version: "", hardware: "", software: "", ip_address: "", authenticated: 1, key_hash: hashKey(key), owner_client: principal.client, created_at: this.deps.clock.now(), last_seen_at: null });
    } else {
      await updateAgent(db, name, { key_hash: hashKey(key), authenticated: 1 });
    }
    return key;
  }

  /** The platform an agent's package is made for: its own when it is known, else `fallback`. */
  async platformOf(name: string, fallback: string): Promise<string> {
    return (await findAgent(this.deps.store.db, name))?.platform ?? fallback;
  }

  /** Where agents made by a package or an authentication package reach the engine (see engineAddress). */
  async engineAddress(requestOrigin: string): Promise<string> {
    return engineAddress(this.deps.store.db, requestOrigin);
  }

  /** The operator's enrolment token, for client 0's administrators only; 400 (CONFLICT) while standalone agents are disabled. */
  requireToken(principal: Principal, token: string | undefined): string {
    requirePrivilege(principal, "AGENTS");
    if (principal.client !== 0) throw new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", "The enrolment token of standalone agents is handed out in client 0 only; ask for one agent's authentication package instead.");
    if (token === undefined) throw new ConflictError(ErrorCode.CONFLICT, "Standalone agents are disabled.", "The engine has no agent token.");
    return token;
  }

  /**
   * Revokes the agent's credential (renew_transferkey, resetpublickey): the old one no longer
   * connects, a live connection made with it is ended, and the agent must enrol again (with the
   * enrolment token, or a new package); with AGENT_AUTHENTICATION ON it then waits for an administrator.
   */
  async resetKey(principal: Principal, name: string): Promise<void> {
    requirePrivilege(principal, "AGENTS");
    await this.#requireAdministered(principal, name);
    const waits = (await textClientSetting(this.deps.store.db, 0, "AGENT_AUTHENTICATION")) === "ON";
    await updateAgent(this.deps.store.db, name, { key_hash: null, ...(waits && { authenticated: 0 }) });
    this.deps.revoke?.(name);
  }

  async #require(name: string): Promise<AgentRow> {
    if (this.#isInProcess(name)) throw new ConflictError(ErrorCode.CONFLICT, "The agent runs inside the engine.", `${name} is an in-process agent; it is configured, not administered`);
    const row = await findAgent(this.deps.store.db, name);
    if (row === undefined) throw new NotFoundError(ErrorCode.OBJECT_NOT_FOUND, "Agent not found.", `There is no agent '${name}'.`);
    return row;
  }

  /** The agent, which the principal's client must administer (403 otherwise). */
  async #requireAdministered(principal: Principal, name: string): Promise<AgentRow> {
    const row = await this.#require(name);
    if (!administers(principal.client, row)) throw notAuthorized(principal, name, "administer");
    return row;
  }

  /** The agent, administered by the principal's client and not connected (stop it first). */
  async #requireIdle(principal: Principal, name: string): Promise<AgentRow> {
    const row = await this.#requireAdministered(principal, name);
    if (this.deps.agents.has(name)) throw new ConflictError(ErrorCode.CONFLICT, "The agent is connected.", `Stop agent '${name}' first.`);
    return row;
  }

  #isInProcess(name: string): boolean {
    const agent = this.deps.agents.get(name);
    return agent !== undefined && !(agent instanceof RemoteAgent);
  }

  /** What the policy looks at of an in-process agent: a system agent of the engine's host. */
  #inProcessFacts(name: string): AgentFacts | undefined {
    const agent = this.deps.agents.get(name);
    if (agent === undefined || agent instanceof RemoteAgent) return undefined;
    return { name, platform: agent.platform, ...this.deps.host, ip_address: "127.0.0.1", owner_client: null };
  }

  /** Keeps when a standalone agent was last heard (each heartbeat, and when it goes away), so that every node's list shows it. */
  async recordLastHeard(agent: RemoteAgent): Promise<void> {
    if (agent.lastHeard !== undefined) await updateAgentLastSeen(this.deps.store.db, agent.name, agent.lastHeard);
  }

  /** In-process agents live as long as the engine answers: their heartbeat is now. */
  #inProcess(load: ReadonlyMap<string, number>): OutAgent[] {
    const now = wireTime(this.deps.clock.now());
    return [...this.deps.agents.values()]
      .filter((agent) => !(agent instanceof RemoteAgent))
      .map((agent) => ({
        name: agent.name,
        platform: agent.platform,
        authenticated: true,
        ...this.deps.host,
        ip_address: "127.0.0.1",
        port: null,
        active: true,
        linked: false,
        in_process: true,
        running_jobs: load.get(agent.name) ?? 0,
        last_heartbeat: now,
      }));
  }

  /** A registered agent: heard last now on its connection here, else when it was last heard (on any node). */
  #present(row: AgentRow, load: ReadonlyMap<string, number>): OutAgent {
    const connected = this.deps.agents.get(row.name);
    const heard = connected instanceof RemoteAgent ? connected.lastHeard : (row.last_seen_at ?? undefined);
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
      running_jobs: load.get(row.name) ?? 0,
      ...(heard === undefined ? {} : { last_heartbeat: wireTime(heard) }),
    };
  }
}

function notAuthorized(principal: Principal, name: string, act: "use" | "administer"): ForbiddenError {
  return new ForbiddenError(ErrorCode.FORBIDDEN, "Permission check failed.", `'Agent authorization': client ${principal.client} may not ${act} agent '${name}' (user ${principal.userName}): Access denied`);
}
