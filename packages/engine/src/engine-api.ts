import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { ExecutionEvent } from "@baton/contract";
import type { Logger } from "pino";
import type { Principal } from "./auth/authenticator";
import type { Credentials } from "./auth/basic-credentials";
import type { ExecutionUseCases } from "./executions/use-cases";
import type { ReportService } from "./executions/report-service";
import type { ObjectService } from "./objects/object-service";
import type { Agent } from "./runtime/agent-port";
import type { Clock } from "./runtime/clock";
import type { ExecutionEventBus } from "./runtime/event-bus";
import type { Store } from "./store/connect";
import type { ConsoleSessionRecords } from "./store/console-sessions-store";
import type { EngineHost } from "./system/agent-registry";
import type { BootstrapResult } from "./system/bootstrap";
import type { NodeRole } from "./system/cluster";

export interface EngineOptions {
  store: Store;
  agents: readonly Agent[];
  logger: Logger;
  clock?: Clock;
  /** Hosts and CIDRs execution callbacks may reach besides public addresses (BATON_CALLBACK_ALLOW). */
  callbackAllow?: string | undefined;
  /** Password of the bootstrap administrators; generated on first start when absent. */
  adminPassword?: string | undefined;
  /** Where client repositories' working trees and sealed credentials live (DATA_DIR/repositories); repositories are disabled without it. */
  repositoriesDir?: string | undefined;
  /**
   * Which repository remotes clients may give: directories local repositories may be below
   * (BATON_REPOSITORY_ROOTS, `{client}` for the client's number; none by default), directories no
   * remote may be in (DATA_DIR), and how long one git process may run (BATON_GIT_TIMEOUT_MS).
   */
  repositoryRemotes?: { roots?: readonly string[]; privateDirs?: readonly string[]; gitTimeoutMs?: number };
  /** Standalone agents: the operator's enrolment token (it enrols new agent names; agents then present credentials of their own), how long one may be away before its jobs are lost, the ping interval. */
  standaloneAgents?: { token: string | undefined; lostAfterMs?: number; heartbeatMs?: number };
  /** What the in-process agents report of their host (version, hardware, software) in the agent list. */
  agentHost?: EngineHost;
  /** Where uploaded RA solution packages are kept (DATA_DIR/ra-solutions); RA solutions are disabled without it. */
  raSolutionsDir?: string | undefined;
  /** This node among several on one PostgreSQL database: its id, what it does, how often it beats and how long its scheduler lease lasts. */
  node?: { id?: string; roles?: readonly NodeRole[]; heartbeatMs?: number; leaseMs?: number };
  /** How often historic metrics are sampled (a minute by default). */
  metricsSampleMs?: number;
  /** PEM texts of the TLS certificates the server uses (GET /system/certificates). */
  certificates?: readonly string[];
  /** Agent packages: where they are kept (DATA_DIR/agentpacks) and `baton-agent` as one file; disabled without them. */
  agentPacks?: { dir: string; bundle: () => Promise<Buffer> };
}

/** The automation engine: its REST router, its event bus and its lifecycle. */
export interface Engine {
  /** Handles requests below /ae/api/v1 on a node:http server. */
  readonly handleRest: (req: IncomingMessage, res: ServerResponse) => void;
  /** Takes an HTTP upgrade when it is a standalone agent connecting (true), else leaves it (false). */
  readonly handleUpgrade: (req: IncomingMessage, socket: Duplex, head: Buffer) => boolean;
  /** What the engine does with executions, as the REST API's handlers call it. */
  readonly executions: ExecutionUseCases;
  /** Object import, export and reading, as the REST API's handlers call it. */
  readonly objects: ObjectService;
  /** Report pages of executions. */
  readonly reports: ReportService;
  /** A user of a client with its rights as they are now, as the REST API authenticates it. */
  principal(client: number, userName: string): Promise<Principal>;
  /** Changes of executions, published after each is committed (domain events; `presentChange` gives their wire shape). */
  readonly events: ExecutionEventBus;
  /** What happened on the first start (clients created, generated administrator password). */
  readonly bootstrap: BootstrapResult;
  /** Checks login data for a client, as the REST API does for Basic authentication; `address` is where the login comes from (the login throttle's key). */
  authenticate(credentials: Credentials, client: number, address: string): Promise<Principal>;
  /** The headers the console backend adds to a REST request it proxies for a browser at `address`, so that its logins count for that address. */
  forwardingHeaders(address: string): Record<string, string>;
  /** The clients in which a user NAME/DEPARTMENT exists (for switching clients in the console). */
  clientsOfUser(userName: string): Promise<number[]>;
  /** Where the console backend keeps its sessions, so that every node knows them. */
  readonly consoleSessions: ConsoleSessionRecords;
  /** Status events of a client after `seq`, for listeners that reconnect. */
  eventsAfter(client: number, seq: number, limit: number): Promise<ExecutionEvent[]>;
  /** The newest event's sequence number (0 when there is none). */
  latestEventSeq(): Promise<number>;
  /** Stores the historic metrics of the minute just over now (the engine also does so every minute). */
  sampleMetrics(): Promise<void>;
  /** Recomputes every client's autoforecast now (the engine also does so hourly). */
  refreshAutoforecasts(): Promise<void>;
  /** Jobs ended from now on by stopping agents are recorded as lost, not cancelled. */
  beginShutdown(): void;
  /** Waits until every running job's end is recorded, then closes the database. */
  close(): Promise<void>;
}
