import { ExecutionEvent } from "@baton/contract";
import { sql, type Transaction } from "kysely";
import pg from "pg";
import type { Logger } from "pino";
import type { Store } from "../store/connect";
import { eventWithSeq } from "../store/events-store";
import type { Database } from "../store/schema";
import type { ExecutionEventBus } from "./event-bus";

/** The PostgreSQL channel execution events cross nodes on. */
const CHANNEL = "baton_execution_events";
/** NOTIFY payloads stay below PostgreSQL's 8000 bytes; a larger event is sent by its seq and read. */
const MAX_PAYLOAD = 7000;
const RETRY_MS = 1000;

interface Notice {
  node: string;
  client: number;
  seq: number;
  event?: ExecutionEvent;
}

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

  /** Announces an event inside its transaction (PostgreSQL only). */
  async announce(trx: Transaction<Database>, event: ExecutionEvent): Promise<void> {
    if (this.deps.store.dialect !== "postgres") return;
    const full: Notice = { node: this.deps.nodeId, client: event.client, seq: event.seq, event };
    const text = JSON.stringify(full);
    const payload = text.length <= MAX_PAYLOAD ? text : JSON.stringify({ node: this.deps.nodeId, client: event.client, seq: event.seq } satisfies Notice);
    await sql`select pg_notify(${CHANNEL}, ${payload})`.execute(trx);
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
      const notice = JSON.parse(payload) as Notice;
      if (notice.node === this.deps.nodeId) return;
      const event = notice.event ? ExecutionEvent.parse(notice.event) : await eventWithSeq(this.deps.store.db, notice.client, notice.seq);
      if (event) this.deps.bus.publishRemote(event);
    } catch (error) {
      this.deps.logger.warn({ err: error }, "could not read another node's event");
    }
  }
}
