import { z } from "zod";
import { QueryFlag, QueryInt } from "./primitives";

/** An agent name: upper case letters, digits and `_ . $ @ # -`. */
export const AgentName = z.string().min(1).max(200).regex(/^[A-Z0-9_.$@#-]+$/, "must be an agent name (A-Z, 0-9, _ . $ @ # -)");

/** An agent name as clients may type it: upper-cased, then checked. */
export const AgentNameInput = z.string().transform((name) => name.toUpperCase()).pipe(AgentName);

/** OutAgent: an agent, connected (`active`) or not. `port` is null: Baton's agents connect out to the engine. */
export const OutAgent = z.object({
  name: z.string(),
  platform: z.string(),
  authenticated: z.boolean(),
  version: z.string(),
  hardware: z.string(),
  ip_address: z.string(),
  port: z.int().nullable(),
  software: z.string(),
  active: z.boolean(),
  linked: z.boolean(),
});
export type OutAgent = z.infer<typeof OutAgent>;

export const OutAgentList = z.object({ total: z.int(), data: z.array(OutAgent), hasmore: z.boolean() });
export type OutAgentList = z.infer<typeof OutAgentList>;

/** Filters of GET /system/agents: wildcards `*` and `?` in the text filters. */
export const AgentListQuery = z.object({
  max_results: QueryInt.pipe(z.int().min(1)).default(50),
  name: z.string().optional(),
  active: QueryFlag.optional(),
  ip_address: z.string().optional(),
  version: z.string().optional(),
  hardware: z.string().optional(),
  software: z.string().optional(),
  linked: QueryFlag.optional(),
  platform: z.string().optional(),
});
export type AgentListQuery = z.infer<typeof AgentListQuery>;

/** The platform templates an agent can be created from. */
export const AGENT_TEMPLATES = { "<UNIX>": "UNIX", "<WIN>": "WINDOWS" } as const;

/** InCreateAgentBody: a new agent, authenticated, that may connect with that name. */
export const InCreateAgentBody = z.object({
  name: AgentNameInput,
  template: z.enum(Object.keys(AGENT_TEMPLATES) as [keyof typeof AGENT_TEMPLATES, ...(keyof typeof AGENT_TEMPLATES)[]]),
});
export type InCreateAgentBody = z.infer<typeof InCreateAgentBody>;

/** InRenameAgentBody: the agent's new name. */
export const InRenameAgentBody = z.object({ new_name: AgentNameInput });
export type InRenameAgentBody = z.infer<typeof InRenameAgentBody>;

/** One agent group (HOSTG) with its mode and the agents its filters name now. */
export const OutAgentGroup = z.object({
  name: z.string(),
  title: z.string(),
  mode: z.enum(["A", "F", "N", "L", "X"]),
  /** Agents the group's filters match among the known agents, with whether each is connected. */
  agents: z.array(z.object({ name: z.string(), active: z.boolean() })),
});
export const OutAgentGroupList = z.object({ total: z.int(), data: z.array(OutAgentGroup), hasmore: z.boolean() });
export type OutAgentGroupList = z.infer<typeof OutAgentGroupList>;
