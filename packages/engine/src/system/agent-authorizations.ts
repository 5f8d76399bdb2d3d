import type { Kysely } from "kysely";
import { isRecord, wildcardRegExp } from "@baton/contract";
import type { Database } from "../store/schema";
import type { AgentsTable } from "../store/schema/system";
import { findObjectsOfType } from "../store/objects-store";

/** What a client may do with an agent (the spec's agent authorization bits). */
export type AgentRight = "read" | "write" | "execute";
const ALL_RIGHTS: ReadonlySet<AgentRight> = new Set(["read", "write", "execute"]);
const NO_RIGHTS: ReadonlySet<AgentRight> = new Set();

/** What the authorization rules look at of an agent: its row's facts (owner_client null for a system agent, embedded or enrolled). */
export type AgentFacts = Pick<AgentsTable, "name" | "platform" | "version" | "hardware" | "software" | "ip_address" | "owner_client">;

/** One Agent/Client Assignment (HSTA) of client 0: which agents it covers and what it grants. */
interface Assignment {
  covers(agent: AgentFacts): boolean;
  grants: ReadonlyMap<number, ReadonlySet<AgentRight>>;
}

/**
 * Which clients may use which agents, after the spec's agent authorizations:
 * - client 0 administers and may use every agent;
 * - an agent made in client N through the API (POST /system/agents, an agent package, an agent's
 *   authentication package) is client N's: N administers it and has every right on it;
 * - HSTA objects of client 0 assign agents to clients: each entry of `agent_authorizations` grants
 *   `read` (file transfer from it), `write` (file transfer to it) and `execute` (jobs on it) to its
 *   client, for the agents its `agent_authorization_filters` cover;
 * - a system agent (the embedded one, or one an operator enrolled with the enrolment token) that no
 *   HSTA covers serves every client, as Baton's agents always did; once an HSTA covers it, only the
 *   clients the HSTAs name may use it.
 */
export class AgentPolicy {
  private constructor(private readonly assignments: readonly Assignment[]) {}

  /** The policy as client 0's HSTA objects define it now. */
  static async load(db: Kysely<Database>): Promise<AgentPolicy> {
    const objects = await findObjectsOfType(db, 0, "HSTA");
    return new AgentPolicy(objects.map((object) => readAssignment(object.body)));
  }

  rights(client: number, agent: AgentFacts): ReadonlySet<AgentRight> {
    if (client === 0 || agent.owner_client === client) return ALL_RIGHTS;
    const covering = this.assignments.filter((assignment) => assignment.covers(agent));
    if (covering.length === 0) return agent.owner_client === null ? ALL_RIGHTS : NO_RIGHTS;
    return new Set(covering.flatMap((assignment) => [...(assignment.grants.get(client) ?? NO_RIGHTS)]));
  }

  /** Whether the client sees the agent at all: it has at least one right on it. */
  visible(client: number, agent: AgentFacts): boolean {
    return this.rights(client, agent).size > 0;
  }
}

/** Whether the client administers the agent (rename, delete, packages, keys, authentication). */
export function administers(client: number, agent: Pick<AgentFacts, "owner_client">): boolean {
  return client === 0 || agent.owner_client === client;
}

function readAssignment(body: Record<string, unknown>): Assignment {
  const filters = records(body["agent_authorization_filters"]).map(readFilter);
  const grants = new Map<number, Set<AgentRight>>();
  for (const entry of records(body["agent_authorizations"])) {
    const client = Number(entry["client"]);
    if (!Number.isInteger(client)) continue;
    const rights = grants.get(client) ?? new Set<AgentRight>();
    for (const right of ALL_RIGHTS) if (isSet(entry[right])) rights.add(right);
    grants.set(client, rights);
  }
  return {
    grants,
    covers: (agent) => filters.some((filter) => !filter.excluded && filter.matches(agent)) && !filters.some((filter) => filter.excluded && filter.matches(agent)),
  };
}

/** Filter fields Baton knows of an agent, by the field of the agent they match. */
const MATCHED = { host: "name", platform: "platform", version: "version", hardware: "hardware", software: "software", tcpip_address: "ip_address" } as const;
/** Filter fields Baton cannot check: a filter that sets one matches no agent, so it never grants more than it says. */
const UNCHECKED = ["software_version", "roles", "license_category"];

function readFilter(entry: Record<string, unknown>): { excluded: boolean; matches(agent: AgentFacts): boolean } {
  const patterns = Object.entries(MATCHED).flatMap(([field, fact]) => {
    const value = entry[field];
    return typeof value === "string" && value.trim() !== "" ? [{ fact, pattern: wildcardRegExp(value.trim()) }] : [];
  });
  const unchecked = UNCHECKED.some((field) => typeof entry[field] === "string" && String(entry[field]).trim() !== "");
  return {
    excluded: isSet(entry["is_excluded"]),
    matches: (agent) => !unchecked && patterns.every(({ fact, pattern }) => pattern.test(agent[fact])),
  };
}

function records(value: unknown): Record<string, unknown>[] {
  return Array.isArray(value) ? value.filter(isRecord) : [];
}

function isSet(value: unknown): boolean {
  return value === 1 || value === "1" || value === true;
}
