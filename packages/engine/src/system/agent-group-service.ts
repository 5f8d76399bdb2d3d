import { isRecord, type OutAgentGroupList, Right } from "@baton/contract";
import { requirePrivilege } from "../auth/access";
import type { Principal } from "../auth/authenticator";
import { groupMembers, readAgentGroup } from "../domain/agent-group";
import { allows } from "../domain/authorization";
import type { Agent } from "../runtime/agent-port";
import { listAgents } from "../store/agents-store";
import type { Store } from "../store/connect";
import { findObjectsOfType } from "../store/objects-store";

/** The agent groups (HOSTG objects) of a client with the agents their filters match. */
export class AgentGroupService {
  constructor(
    private readonly store: Store,
    /** Agents connected now, by name. */
    private readonly agents: ReadonlyMap<string, Agent>,
  ) {}

  async list(principal: Principal): Promise<OutAgentGroupList> {
    requirePrivilege(principal, "SYSTEM_OVERVIEW");
    const known = [...new Set([...this.agents.keys(), ...(await listAgents(this.store.db)).map((row) => row.name)])].sort();
    const groups = (await findObjectsOfType(this.store.db, principal.client, "HOSTG")).filter((object) => allows(principal.rights, Right.READ, object.type, object.name));
    const data = groups.map((object) => {
      const group = readAgentGroup(object.body);
      const general: Record<string, unknown> = isRecord(object.body["general_attributes"]) ? object.body["general_attributes"] : {};
      return {
        name: object.name,
        title: typeof general["title"] === "string" ? general["title"] : "",
        mode: group.mode,
        agents: groupMembers(group, known).map((name) => ({ name, active: this.agents.has(name) })),
      };
    });
    return { total: data.length, data, hasmore: false };
  }
}
