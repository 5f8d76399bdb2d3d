import type { AgentHello } from "@baton/contract";
import type { Clock } from "../runtime/clock";
import { claimAgentKey, findAgent, findAgentByKeyHash, insertAgent, listAgents, updateAgentSeen } from "../store/agents-store";
import { textClientSetting } from "../store/client-settings";
import type { Store } from "../store/connect";
import { hashKey, newAgentKey, sameText } from "./agent-keys";

/**
 * What a connecting agent presented: its own credential (which names the agent it belongs to),
 * or the operator's enrolment token (which may only enrol a new agent name).
 */
export type Presented = { kind: "credential"; name: string; keyHash: string } | { kind: "enrolment" };

/** What the engine does with a standalone agent that said hello; `keyHash` is the credential it is admitted with. */
export type Admission = { kind: "admitted"; keyHash: string; newKey?: string } | { kind: "waiting" } | { kind: "refused"; reason: string };

/**
 * Which standalone agents that connect may work: an agent with its own credential is admitted as
 * the agent that credential names; the enrolment token enrols a name nobody holds a credential for
 * and gives it one (waiting for an administrator first with AGENT_AUTHENTICATION ON).
 */
export class AgentAdmission {
  constructor(private readonly deps: { store: Store; clock: Clock }) {}

  /** What the Bearer value of an agent connection is: an agent's credential, the enrolment token, or nothing (undefined). */
  async presented(bearer: string | undefined, enrolmentToken: string | undefined): Promise<Presented | undefined> {
    if (bearer === undefined || bearer === "") return undefined;
    if (enrolmentToken !== undefined && sameText(bearer, enrolmentToken)) return { kind: "enrolment" };
    const keyHash = hashKey(bearer);
    const row = await findAgentByKeyHash(this.deps.store.db, keyHash);
    return row === undefined ? undefined : { kind: "credential", name: row.name, keyHash };
  }

  /** The credential an agent's hello would be admitted with, when it names one (undefined: a new one would be issued). */
  claimedKeyHash(hello: AgentHello, presented: Presented): string | undefined {
    if (presented.kind === "credential") return presented.keyHash;
    return hello.key === undefined ? undefined : hashKey(hello.key);
  }

  async admit(hello: AgentHello, presented: Presented): Promise<Admission> {
    const { db } = this.deps.store;
    const now = this.deps.clock.now();
    const seen = { platform: hello.platform, version: hello.version, hardware: hello.hardware, software: hello.software, ip_address: hello.ip_address, last_seen_at: now };
    let row = await findAgent(db, hello.name);
    const claimed = this.claimedKeyHash(hello, presented);
    if (claimed !== undefined) {
      // An agent with its credential: the credential must be the one of this very name.
      if (row?.key_hash == null || !sameText(claimed, row.key_hash)) return { kind: "refused", reason: "wrong agent credential: renew its transfer key and enrol it again, or make a new package" };
      await updateAgentSeen(db, hello.name, seen);
      return row.authenticated === 1 ? { kind: "admitted", keyHash: claimed } : { kind: "waiting" };
    }
    // Enrolment: a new name, or one whose credential was renewed (or never issued).
    if (row === undefined) {
      const waits = (await textClientSetting(db, 0, "AGENT_AUTHENTICATION")) === "ON";
      row = { name: hello.name, ...seen, authenticated: waits ? 0 : 1, key_hash: null, owner_client: null, created_at: now };
      await insertAgent(db, row);
    } else if (row.key_hash !== null) {
      return { kind: "refused", reason: `the name ${hello.name} is taken: that agent connects with its own credential` };
    } else {
      await updateAgentSeen(db, hello.name, seen);
    }
    if (row.authenticated !== 1) return { kind: "waiting" };
    const key = newAgentKey();
    const keyHash = hashKey(key);
    // Only if still without a credential: two enrolments of one name at once get one credential.
    if (!(await claimAgentKey(db, hello.name, keyHash))) return { kind: "refused", reason: `the name ${hello.name} is taken: that agent connects with its own credential` };
    return { kind: "admitted", keyHash, newKey: key };
  }

  /**
   * Of the given live connections (agent name and the credential hash it was admitted with), the
   * names whose credential is no longer the agent's: revoked, replaced or deleted, perhaps on
   * another node.
   */
  async revoked(live: ReadonlyArray<{ name: string; keyHash: string | undefined }>): Promise<string[]> {
    if (live.length === 0) return [];
    const current = new Map((await listAgents(this.deps.store.db)).map((row) => [row.name, row.key_hash]));
    return live.filter(({ name, keyHash }) => keyHash === undefined || current.get(name) !== keyHash).map(({ name }) => name);
  }
}
