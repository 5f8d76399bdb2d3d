import { describe, expect, it } from "vitest";
import { groupMembers, pickAgents, readAgentGroup } from "./agent-group";

const group = (mode: string) =>
  readAgentGroup({
    general_attributes: { name: "HOSTG.X" },
    agent_group_attributes: { platform: "UNIX", mode },
    agent_group_filters: [{ type: "H", agent: "offline" }, { type: "F", agent: "WEB*" }, { type: "H", agent: "LOCAL" }],
  });
const connected = ["LOCAL", "WEB02", "WEB01", "DB01"];
const load: Record<string, number> = { LOCAL: 3, WEB02: 0, WEB01: 1 };

describe("agent groups", () => {
  it("finds the connected members in filter order", () => {
    expect(groupMembers(group("A"), connected)).toEqual(["WEB02", "WEB01", "LOCAL"]);
    expect(groupMembers(group("A"), ["DB01"])).toEqual([]);
  });

  it.each([
    ["A", 0, ["WEB02"]],
    ["F", 5, ["WEB02"]],
    ["N", 0, ["WEB02"]],
    ["N", 1, ["WEB01"]],
    ["N", 5, ["LOCAL"]],
    ["L", 0, ["WEB02"]],
    ["X", 0, ["WEB02", "WEB01", "LOCAL"]],
  ])("mode %s, turn %i → %j", (mode, turn, agents) => {
    const g = group(mode);
    expect(pickAgents(g, groupMembers(g, connected), (a) => load[a] ?? 0, turn)).toEqual(agents);
  });

  it("picks nothing without a connected member, and reads unknown modes as any", () => {
    expect(pickAgents(group("F"), [], () => 0, 0)).toEqual([]);
    expect(group("Z").mode).toBe("A");
  });
});
