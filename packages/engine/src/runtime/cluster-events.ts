import { sql, type Transaction } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import { z } from "zod";
import type { Execution } from "../domain/execution";
import type { ExecutionChanged } from "../domain/execution-changed";
import type { Store } from "../store/connect";
import { findExecution } from "../store/executions-store";
import type { Database } from "../store/schema";
import type { ExecutionEventBus } from "./event-bus";

/** The PostgreSQL channel execution events cross nodes on. */
const CHANNEL = "baton_execution_events";
/** NOTIFY payloads stay below PostgreSQL's 8000 bytes; a larger event is sent by its seq and read. */
const MAX_PAYLOAD = 7000;
const RETRY_MS = 1000;

/** An execution as a notice carries it: the domain Execution, every field JSON's own. */
const NoticeExecution = z.object({
  runId: z.number(),
  client: z.number(),
  name: z.string(),
  objectType: z.string(),
  type: z.string(),
  queue: z.string(),
  status: z.number(),
  activationTime: z.number(),
  startTime: z.number().nullable(),
  endTime: z.number().nullable(),
  user: z.string(),
  agent: z.string().nullable(),
  platform: z.string().nullable(),
  parent: z.number().nullable(),
  referenceRunId: z.number(),
  lineNumber: z.number().nullable(),
  returnCode: z.number().nullable(),
  alias: z.string().nullable(),
  title: z.string().nullable(),
  archiveKey1: z.string().nullable(),
  archiveKey2: z.string().nullable(),
  activatorObjectType: z.string(),
  repeatsType: z.string().nullable(),
  restartCount: z.number(),
  restartPredecessor: z.number().nullable(),
  dueAt: z.number().nullable(),
  estimatedRuntime: z.number().nullable(),
  statusSince: z.number(),
}) satisfies z.ZodType<Execution>;

/** What crosses nodes: the change itself, or (when too large for NOTIFY) where to read it. */
const Notice = z.object({
  node: z.string(),
  client: z.number(),
  seq: z.number(),
  at: z.number(),
  runId: z.number(),
  execution: NoticeExecution.optional(),
});
type Notice = z.infer<typeof Notice>;

/**
 * Execution events across the nodes of one PostgreSQL database: each event is announced with
 * NOTIFY in the transaction that records it (so it is delivered exactly when committed), and every
 * node LISTENs and hands the other nodes' events to its bus as remote ones. On SQLite (one node)
 * it does nothing.
 */
export class ClusterEvents {
  #client: pg.Client | undefined;
  #stopped = false;
  #retry: NodeJS.Timeout | undefined;

  constructor(
    private readonly deps: { store: Store; bus: ExecutionEventBus; logger: Logger; nodeId: string },
  ) {}

  get nodeId(): string {
    return this.deps.nodeId;
  }

  /** Announces changes inside their transaction, in their order, with one statement (PostgreSQL only). */
  async announce(trx: Transaction<Database>, events: readonly ExecutionChanged[]): Promise<void> {
    if (this.deps.store.dialect !== "postgres" || events.length === 0) return;
    const payloads = events.map((event) => {
      const where: Notice = { node: this.deps.nodeId, client: event.client, seq: event.seq, at: event.at, runId: event.execution.runId };
      const text = JSON.stringify({ ...where, execution: event.execution } satisfies Notice);
      return text.length <= MAX_PAYLOAD ? text : JSON.stringify(where);
    });
    await sql`select pg_notify(${CHANNEL}, payload) from unnest(${payloads}::text[]) as payload`.execute(trx);
  }

  /** Listens on a connection of its own, reconnecting after losing it. */
  async start(): Promise<void> {
    const url = this.deps.store.databaseUrl;
    if (this.deps.store.dialect !== "postgres" || url === undefined || this.#stopped) return;
    const client = new pg.Client({ connectionString: url });
    client.on("notification", (message) => void this.#receive(message.payload ?? ""));
    client.on("error", (error) => {
      this.deps.logger.warn({ err: error }, "lost the connection that listens for other nodes' events");
      void client.end().catch(() => undefined);
      this.#client = undefined;
      this.#again();
    });
    try {
      await client.connect();
      await client.query(`listen ${CHANNEL}`);
      this.#client = client;
    } catch (error) {
      this.deps.logger.warn({ err: error }, "could not listen for other nodes' events");
      await client.end().catch(() => undefined);
      this.#again();
    }
  }

  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#retry);
    await this.#client?.end().catch(() => undefined);
  }

  #again(): void {
    if (this.#stopped) return;
    clearTimeout(this.#retry);
    this.#retry = setTimeout(() => void this.start(), RETRY_MS);
    this.#retry.unref();
  }

  async #receive(payload: string): Promise<void> {
    try {
      const notice = Notice.parse(JSON.parse(payload));
      if (notice.node === this.deps.nodeId) return;
      // A change too large to carry is read from its row: the execution as it is now.
      const execution = notice.execution ?? (await findExecution(this.deps.store.db, notice.client, notice.runId));
      if (execution) this.deps.bus.publishRemote({ seq: notice.seq, client: notice.client, at: notice.at, execution });
    } catch (error) {
      this.deps.logger.warn({ err: error }, "could not read another node's event");
    }
  }
}
