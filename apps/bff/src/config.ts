import { delimiter, isAbsolute } from "node:path";
import { NODE_ROLES } from "@baton/engine";
import { z } from "zod";

const Config = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL (leave it unset for SQLite in DATA_DIR)")
    .optional(),
  /** PostgreSQL: connections per node, and the longest a statement may run. */
  BATON_DB_POOL_MAX: z.coerce.number().int().min(2).max(200).default(10),
  BATON_DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  /** `start`: a node applies pending migrations when it starts; `never`: it refuses to start until `pnpm migrate` has. */
  BATON_MIGRATE: z.enum(["start", "never"]).default("start"),
  BATON_ADMIN_PASSWORD: z.string().min(1).optional(),
  BATON_CLIENT: z.coerce.number().int().min(0).max(9999).default(100),
  BATON_AGENT_NAME: z.string().regex(/^[A-Z0-9._$@#-]{1,200}$/, "must be an upper-case agent name").default("LOCAL"),
  /** Jobs the embedded agent runs at once at most; 0 for no limit. */
  BATON_AGENT_MAX_JOBS: z.coerce.number().int().min(0).default(0),
  /** The operator's enrolment token: it only enrols new standalone agents, which then get credentials of their own; generated into DATA_DIR/agent-token when unset. */
  BATON_AGENT_TOKEN: z.string().min(16, "must be at least 16 characters").optional(),
  /** Seals the logins of console sessions in the database; every node of one database needs the same. */
  BATON_SESSION_KEY: z.string().min(16, "must be at least 16 characters").optional(),
  /** How long a standalone agent may be away before its running jobs end as lost (1815). */
  BATON_AGENT_LOST_MS: z.coerce.number().int().min(0).default(60_000),
  /** Host names and CIDRs execution callbacks and repository remotes may reach besides public addresses, comma-separated. */
  BATON_CALLBACK_ALLOW: z.string().optional(),
  /** Absolute directories below which local repository remotes may be (`{client}`: the client's number), comma- or colon-separated; none by default. */
  BATON_REPOSITORY_ROOTS: z
    .string()
    .default("")
    .transform((text) => text.split(new RegExp(`[,${delimiter}]`)).map((root) => root.trim()).filter((root) => root !== ""))
    .pipe(z.array(z.string().refine(isAbsolute, "must be absolute directories"))),
  /** How long one git process may run before it is killed with everything it started. */
  BATON_GIT_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** How long running jobs may take to finish on shutdown before they are ended. */
  BATON_SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).default(5000),
  /** Where the built console lives. */
  BATON_CONSOLE_DIR: z.string().optional(),
  /** This node's id among several on one PostgreSQL database (default: host, pid and a random suffix). */
  BATON_NODE_ID: z.string().regex(/^[A-Za-z0-9._-]{1,100}$/, "must be letters, digits, . _ -").optional(),
  /** What this node does: `all` (default) or a comma list of api, agents, scheduling. */
  BATON_ROLE: z
    .string()
    .default("all")
    .transform((text) => (text.trim() === "all" ? [...NODE_ROLES] : text.split(",").map((role) => role.trim())))
    .pipe(z.array(z.enum(NODE_ROLES)).min(1, "names at least one role")),
  /** How often the node writes its life sign and renews its lease, and how long the lease lasts without renewal. */
  BATON_HEARTBEAT_MS: z.coerce.number().int().min(100).default(5_000),
  BATON_LEASE_MS: z.coerce.number().int().min(300).default(15_000),
  /** The sampling period of the historic metrics: counts are per period (a minute by default). */
  BATON_METRICS_SAMPLE_MS: z.coerce.number().int().min(1000).default(60_000),
  /** PEM files of the certificate (chain) and private key: with both, Baton serves HTTPS. */
  BATON_TLS_CERT: z.string().optional(),
  BATON_TLS_KEY: z.string().optional(),
})
  .refine((config) => (config.BATON_TLS_CERT === undefined) === (config.BATON_TLS_KEY === undefined), { message: "BATON_TLS_CERT and BATON_TLS_KEY go together", path: ["BATON_TLS_CERT"] })
  .refine((config) => config.BATON_LEASE_MS >= 2 * config.BATON_HEARTBEAT_MS, { message: "must be at least twice BATON_HEARTBEAT_MS, so that a renewal never comes too late", path: ["BATON_LEASE_MS"] });

export type Config = z.infer<typeof Config>;

/**
 * Reads the configuration from the environment once; a wrong value stops the start with its
 * reason. A variable set to the empty string counts as unset.
 */
export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const result = Config.safeParse(Object.fromEntries(Object.entries(env).filter(([, value]) => value !== "")));
  if (!result.success) {
    const problems = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`).join("\n");
    throw new Error(`invalid configuration:\n${problems}`);
  }
  return result.data;
}
