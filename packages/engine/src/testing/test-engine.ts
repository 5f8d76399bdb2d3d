import { EmbeddedAgent } from "@baton/agent";
import { InImportObjectBody, isFinalStatus, type InExecutionBody } from "@baton/contract";
import { pino } from "pino";
import type { Principal } from "../auth/authenticator";
import { DomainError, NotFoundError } from "../domain/errors";
import type { Execution } from "../domain/execution";
import { createEngine } from "../engine";
import type { Engine, EngineOptions } from "../engine-api";
import type { Clock } from "../runtime/clock";
import { openStore, type Dialect } from "../store/connect";
import { BOOTSTRAP_USER } from "../system/bootstrap";
import { createTestDatabase, type TestDatabase } from "./test-databases";

/** A clock a test moves on by hand; it starts at real time unless told otherwise. */
export class ManualClock implements Clock {
  #now: number;
  constructor(start = Date.now()) {
    this.#now = start;
  }
  now(): number {
    return this.#now;
  }
  /** Moves time on by `ms` (or to `at`, when given an absolute time with `set`). */
  advance(ms: number): void {
    this.#now += ms;
  }
  set(at: number): void {
    this.#now = at;
  }
}

/** Real time shifted by an amount the test moves on, for suites where time must pass and also jump (a day at once). */
export class OffsetClock implements Clock {
  #offset = 0;
  now(): number {
    return Date.now() + this.#offset;
  }
  /** Moves time on by `ms` at once; it goes on running from there. */
  advance(ms: number): void {
    this.#offset += ms;
  }
}

/** The DomainError a use case refused with (its kind gives the HTTP status, its code the error code); fails when it did not refuse. */
export async function refusal(action: Promise<unknown>): Promise<DomainError> {
  try {
    await action;
  } catch (error) {
    if (error instanceof DomainError) return error;
    throw error;
  }
  throw new Error("expected a refusal, but the use case succeeded");
}

/** Polls a condition until it holds, failing after `ms`. */
export async function until(check: () => Promise<boolean> | boolean, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

export interface TestEngineOptions {
  /** The engine's time; the system clock unless the test moves time itself. */
  clock?: Clock;
  /** Names of the in-process agents that run jobs on this host (LOCAL by default). */
  agentNames?: readonly string[];
  /** Further engine options (callback allow list, standalone agents, ...). */
  engine?: Partial<Omit<EngineOptions, "store" | "agents" | "logger" | "clock">>;
}

/**
 * An engine on a fresh database of `dialect` with real embedded agents and no HTTP: the engine's
 * behaviour tests drive its use cases directly as the administrator of client 100.
 */
export interface TestEngine {
  readonly engine: Engine;
  readonly database: TestDatabase;
  /** ADMIN/ADMIN of client 100. */
  readonly admin: Principal;
  /** Every log line the engine wrote (JSON). */
  readonly logs: string[];
  /** Imports object envelopes (the REST API's import body) into client 100, overwriting. */
  importObjects(...envelopes: unknown[]): Promise<void>;
  /** Activates an object by name at once (or with the given request) as the administrator. */
  start(request: string | InExecutionBody): Promise<number>;
  /** The execution once it has ended (status >= 1800), or an error after `timeoutMs`. */
  waitForEnd(runId: number, timeoutMs?: number): Promise<Execution>;
  /** The execution once it has `status`, or an error after `timeoutMs`. */
  waitForStatus(runId: number, status: number, timeoutMs?: number): Promise<Execution>;
  /** The immediate children of an execution (workflow tasks, slots), oldest first. */
  children(runId: number): Promise<Execution[]>;
  /** The whole text of a report of an execution (ACT, REP, ...); "" when it is not in the database. */
  reportText(runId: number, type: string): Promise<string>;
  /** Closes this engine and starts another on the same database, as a restart of the process does. */
  restart(): Promise<TestEngine>;
  /**
   * Abandons this engine as a crash of its process would, then starts another on the same
   * database: its store's connections go first, so nothing the abandoned engine still does is
   * recorded, then its agents' jobs are killed; no shutdown of the engine runs (on PostgreSQL its
   * listener for other nodes' events stays connected, as a dead process's would until the server
   * notices). `meanwhile` runs while no engine is up (downtime, an operator's edit of the database).
   */
  crash(meanwhile?: () => Promise<void>): Promise<TestEngine>;
  /** Closes the engine and its agents and drops the database. */
  stop(): Promise<void>;
}

const ADMIN_PASSWORD = "Test-Admin-1";
const TEST_CLIENT = 100;

export async function startTestEngine(dialect: Dialect, options: TestEngineOptions = {}): Promise<TestEngine> {
  return startOn(await createTestDatabase(dialect), options);
}

async function startOn(database: TestDatabase, options: TestEngineOptions): Promise<TestEngine> {
  const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: database.dataDir, migrate: true });
  const agents = (options.agentNames ?? ["LOCAL"]).map((name) => new EmbeddedAgent({ name }));
  const logs: string[] = [];
  const logger = pino({ level: "info" }, { write: (line: string) => void logs.push(line) });
  const engine = await createEngine({ store, agents, logger, adminPassword: ADMIN_PASSWORD, ...(options.clock && { clock: options.clock }), ...options.engine });
  const admin = await engine.principal(TEST_CLIENT, BOOTSTRAP_USER);
  let closed = false;
  const close = async () => {
    if (closed) return;
    closed = true;
    engine.beginShutdown();
    await Promise.all(agents.map((agent) => agent.stop(200)));
    await engine.close();
  };

  async function poll(runId: number, done: (execution: Execution) => boolean, what: string, timeoutMs: number): Promise<Execution> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const execution = await engine.executions.get(admin, runId);
      if (done(execution)) return execution;
      if (Date.now() > deadline) throw new Error(`execution ${runId} is ${execution.status}, not ${what} after ${timeoutMs} ms`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  return {
    engine,
    database,
    admin,
    logs,
    async importObjects(...envelopes) {
      for (const envelope of envelopes) await engine.objects.import(admin, InImportObjectBody.parse(envelope), true);
    },
    async start(request) {
      const body: InExecutionBody = typeof request === "string" ? { objectName: request, executionOption: "execute" } : request;
      return (await engine.executions.activate(admin, body)).runId;
    },
    waitForEnd: (runId, timeoutMs = 15_000) => poll(runId, (e) => isFinalStatus(e.status), "ended", timeoutMs),
    waitForStatus: (runId, status, timeoutMs = 15_000) => poll(runId, (e) => e.status === status, String(status), timeoutMs),
    async children(runId) {
      const page = await engine.executions.children(admin, runId, { maxResults: 10_000 });
      return [...page.executions].sort((a, b) => a.runId - b.runId);
    },
    async reportText(runId, type) {
      try {
        const report = await engine.reports.pages(TEST_CLIENT, runId, type, 1, undefined);
        return report.pages.map((page) => page.content).join("");
      } catch (error) {
        if (error instanceof NotFoundError) return "";
        throw error;
      }
    },
    async restart() {
      await close();
      return startOn(database, options);
    },
    async crash(meanwhile) {
      closed = true;
      await store.close();
      await Promise.all(agents.map((agent) => agent.stop(0)));
      await meanwhile?.();
      return startOn(database, options);
    },
    async stop() {
      await close();
      await database.drop();
    },
  };
}

