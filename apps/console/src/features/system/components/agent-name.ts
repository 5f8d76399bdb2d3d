import { AgentNameInput } from "@baton/contract";

/** A typed agent name as the server takes it (trimmed, upper-cased), or why it is refused before asking. */
export function readAgentName(typed: string): { name: string } | { problem: string } {
  const trimmed = typed.trim();
  if (trimmed === "") return { problem: "Enter a name." };
  const parsed = AgentNameInput.safeParse(trimmed);
  return parsed.success ? { name: parsed.data } : { problem: "Use letters, digits and _ . $ @ # - only, at most 200 characters." };
}
