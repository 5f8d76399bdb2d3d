import type { OutAgent } from "@baton/contract";

/** The agent's state in words, for the table and for screen readers (never colour alone). */
export function agentStatusLabels(agent: Pick<OutAgent, "active" | "authenticated">): string[] {
  const labels = [agent.active ? "Connected" : "Not connected"];
  if (!agent.authenticated) labels.push("Waiting for authentication");
  return labels;
}
