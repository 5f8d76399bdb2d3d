import { isRecord, type ObjectBody, wildcardRegExp } from "@baton/contract";

/** How an agent group picks agents: any, first, next (round robin), load (fewest jobs), all. */
export type AgentGroupMode = "A" | "F" | "N" | "L" | "X";

export interface AgentGroup {
  mode: AgentGroupMode;
  /** `H` entries name one agent, `F` entries a pattern with `*` and `?`; in their order. */
  filters: { type: "H" | "F"; agent: string }[];
}

/** Reads a HOSTG body: `agent_group_attributes.mode` and `agent_group_filters`. */
export function readAgentGroup(body: ObjectBody): AgentGroup {
  const attributes = isRecord(body["agent_group_attributes"]) ? body["agent_group_attributes"] : {};
  const mode = String(attributes["mode"] ?? "A").toUpperCase();
  const filters = (Array.isArray(body["agent_group_filters"]) ? body["agent_group_filters"].filter(isRecord) : []).map((f) => ({
    type: String(f["type"] ?? "H").toUpperCase() === "F" ? ("F" as const) : ("H" as const),
    agent: String(f["agent"] ?? "").toUpperCase(),
  }));
  return { mode: mode === "F" || mode === "N" || mode === "L" || mode === "X" ? mode : "A", filters };
}

/** The connected agents that belong to the group, in the order of its filters. */
export function groupMembers(group: AgentGroup, connected: readonly string[]): string[] {
  const members: string[] = [];
  for (const filter of group.filters) {
    const matches = filter.type === "H" ? connected.filter((a) => a === filter.agent) : connected.filter((a) => wildcardRegExp(filter.agent).test(a));
    for (const agent of matches) if (!members.includes(agent)) members.push(agent);
  }
  return members;
}

/**
 * The agents a job of the group runs on: one for modes A, F, N and L, every member for X; none
 * when no member is connected. `running` counts each agent's running jobs (mode L); `turn` is how
 * many jobs the group has placed before (mode N).
 */
export function pickAgents(group: AgentGroup, members: readonly string[], running: (agent: string) => number, turn: number): string[] {
  if (members.length === 0) return [];
  switch (group.mode) {
    case "X":
      return [...members];
    case "N":
      return [members[turn % members.length] ?? members[0] ?? ""];
    case "L":
      return [[...members].sort((a, b) => running(a) - running(b))[0] ?? ""];
    default:
      return [members[0] ?? ""];
  }
}
