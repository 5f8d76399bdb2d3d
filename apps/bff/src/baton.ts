import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { EmbeddedAgent, describeHost } from "@baton/agent";
import { API_BASE, createEngine, openStore, type Clock, type Engine } from "@baton/engine";
import type { Logger } from "pino";
import { createBffApp } from "./app";
import type { Config } from "./config";
import { createHttpServer } from "./server";
import { agentBundle } from "./agent-bundle";
import { storedSecret } from "./stored-secret";
import { protectDataDir } from "./data-dir";

/** A running Baton: engine, embedded agent, REST API, BFF and console on one server. */
export interface RunningBaton {
  /** http://host:port of the console. */
  readonly url: string;
  readonly restUrl: string;
  readonly engine: Engine;
  readonly server: Server;
  /** Stops taking requests, lets running jobs finish (up to the grace time), closes the database. */
  stop(): Promise<void>;
}

const DEFAULT_CONSOLE_DIR = fileURLToPath(new URL("../../console/dist", import.meta.url));

export interface StartOptions {
  /** Names of further in-process agents beside the configured one (each runs jobs on this host). */
  extraAgentNames?: readonly string[];
  /** The engine's time; the system clock unless a test moves time on. */
  clock?: Clock;
  /** How often open event streams are kept alive and their login and session checked (15 s unless a test needs it sooner). */
  eventsHeartbeatMs?: number;
}

/**
 * How long the server's statements wait for a lock another process holds on the SQLite file: SQLite
 * waits synchronously, so a longer wait would stop every request, the console's event stream and
 * the heartbeat with it. A write refused meanwhile answers 503 and running work retries its writes.
 */
const SQLITE_LOCK_WAIT_MS = 100;

/** Starts the whole process on the configured port (0 picks a free one). */
export async function startBaton(config: Config, logger: Logger, options: StartOptions = {}): Promise<RunningBaton> {
  const tls = config.BATON_TLS_CERT === undefined || config.BATON_TLS_KEY === undefined ? undefined : { cert: await readFile(config.BATON_TLS_CERT, "utf8"), key: await readFile(config.BATON_TLS_KEY, "utf8") };
  protectDataDir(config.DATA_DIR, logger);
  const store = await openStore({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR, poolMax: config.BATON_DB_POOL_MAX, statementTimeoutMs: config.BATON_DB_STATEMENT_TIMEOUT_MS, sqliteLockWaitMs: SQLITE_LOCK_WAIT_MS, migrate: config.BATON_MIGRATE === "start" });
  if (config.DATABASE_URL !== undefined && config.BATON_SESSION_KEY === undefined) {
    logger.warn("BATON_SESSION_KEY is not set: console sessions opened on this node work only here; give every node of the database the same key");
  }
  const agents = [
    new EmbeddedAgent({ name: config.BATON_AGENT_NAME, maxJobs: config.BATON_AGENT_MAX_JOBS > 0 ? config.BATON_AGENT_MAX_JOBS : undefined }),
    ...(options.extraAgentNames ?? []).map((name) => new EmbeddedAgent({ name })),
  ];
  const engine = await createEngine({
    store,
    agents,
    ...(options.clock && { clock: options.clock }),
    logger: logger.child({ component: "engine" }),
    adminPassword: config.BATON_ADMIN_PASSWORD,
    callbackAllow: config.BATON_CALLBACK_ALLOW,
    repositoriesDir: join(config.DATA_DIR, "repositories"),
    repositoryRemotes: { roots: config.BATON_REPOSITORY_ROOTS, privateDirs: [config.DATA_DIR], gitTimeoutMs: config.BATON_GIT_TIMEOUT_MS },
    raSolutionsDir: join(config.DATA_DIR, "ra-solutions"),
    agentHost: describeHost(),
    metricsSampleMs: config.BATON_METRICS_SAMPLE_MS,
    node: { ...(config.BATON_NODE_ID !== undefined && { id: config.BATON_NODE_ID }), roles: config.BATON_ROLE, heartbeatMs: config.BATON_HEARTBEAT_MS, leaseMs: config.BATON_LEASE_MS },
    certificates: tls ? [tls.cert] : [],
    agentPacks: { dir: join(config.DATA_DIR, "agentpacks"), bundle: agentBundle },
    standaloneAgents: { token: config.BATON_AGENT_TOKEN ?? (await storedSecret(join(config.DATA_DIR, "agent-token"))), lostAfterMs: config.BATON_AGENT_LOST_MS },
  });
  let url = "";
  const bff = createBffApp({ engine, engineUrl: () => url, consoleDir: config.BATON_CONSOLE_DIR ?? DEFAULT_CONSOLE_DIR,
    sessionSecret: config.BATON_SESSION_KEY ?? (await storedSecret(join(config.DATA_DIR, "session-key"))),
    logger: logger.child({ component: "bff" }), ...(options.eventsHeartbeatMs !== undefined && { eventsHeartbeatMs: options.eventsHeartbeatMs }) });
  const server = createHttpServer(engine, bff, logger, tls);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(config.PORT, config.HOST, () => resolve());
  });
  const address = server.address();
  const port = typeof address === "object" && address !== null ? (address satisfies AddressInfo).port : config.PORT;
  const host = config.HOST.includes(":") ? `[${config.HOST}]` : config.HOST;
  url = `${tls ? "https" : "http"}://${host}:${port}`;

  return {
    url,
    restUrl: `${url}${API_BASE}`,
    engine,
    server,
    async stop() {
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeIdleConnections();
      engine.beginShutdown();
      await Promise.all(agents.map((agent) => agent.stop(config.BATON_SHUTDOWN_GRACE_MS)));
      server.closeAllConnections();
      await closed;
      await engine.close();
    },
  };
}
