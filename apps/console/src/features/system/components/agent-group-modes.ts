import type { OutAgentGroupList } from "@baton/contract";

type AgentGroupMode = OutAgentGroupList["data"][number]["mode"];

/** How a group (HOSTG) picks the agents a job runs on, as its one-letter mode says it, in words. */
export const AGENT_GROUP_MODES: Record<AgentGroupMode, { name: string; explanation: string }> = {
  A: { name: "Any", explanation: "A job runs on one connected agent of the group, whichever is free." },
  F: { name: "First", explanation: "A job runs on the first connected agent in the group's order." },
  N: { name: "Next", explanation: "Jobs take turns: each runs on the next connected agent after the previous one." },
  L: { name: "Load", explanation: "A job runs on the connected agent with the fewest running jobs." },
  X: { name: "All", explanation: "A job runs on every connected agent of the group at once." },
};
