import { z } from "zod";

/**
 * The configuration file of a standalone agent (`baton-agent --config agent.ini`), as agent
 * packages carry it: INI sections GLOBAL (name), ENGINE (url, token, ca: PEM file of the
 * certificates to trust for https, relative to the file) and AGENT (dir, relative to the file;
 * max_jobs). Further sections and keys are kept and ignored.
 */
export const AgentConfigFile = z.looseObject({
  GLOBAL: z.looseObject({ name: z.string().optional() }).optional(),
  ENGINE: z.looseObject({ url: z.string().optional(), token: z.string().optional(), ca: z.string().optional() }).optional(),
  AGENT: z.looseObject({ dir: z.string().optional(), max_jobs: z.string().optional() }).optional(),
});
export type AgentConfigFile = z.infer<typeof AgentConfigFile>;
