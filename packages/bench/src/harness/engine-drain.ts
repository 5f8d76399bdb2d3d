import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { Status } from "@baton/contract";
import { openStore, type StoreOptions } from "@baton/engine/bench";
import { defineNoopScript, startExecution } from "./executions";
import { inParallel } from "./parallel";
import { restClient, type RestClient } from "./rest";
import { withEngine } from "./servers";

/** Start requests in flight at once, from one client or spread over several servers. */
export const DRAIN_REQUESTS = 32;
/** How often a drain asks whether its executions have ended: a list request costs the engine a few statements. */
const POLL_MS = 250;
/** A drain that has not ended by then has lost executions: the bench fails instead of waiting for ever. */
const DRAIN_TIMEOUT_MS = 30 * 60_000;

/** Executions of `name` that ended OK, asked through GET /executions as any client would (its `total`). */
export async function endedOkTotal(api: RestClient, name: string): Promise<number> {
  const query = new URLSearchParams({ name, status: String(Status.ENDED_OK), max_results: "1" });
  return (await api.get<{ total: number }>(`/executions?${query.toString()}`)).total;
}

/**
 * Starts `count` executions of the no-op script `name` through POST /executions, DRAIN_REQUESTS at a
 * time, the n-th on `apis[n % apis.length]` (one server, or the nodes of a cluster in turn), and
 * waits until all of them ended OK: executions per second from the first start to the last end.
 * Only the REST API is used, so the figure does not depend on how the engine stores anything.
 */
export async function drainThroughApi(apis: readonly RestClient[], name: string, count: number): Promise<number> {
  const [first] = apis;
  if (first === undefined) throw new Error("a drain needs at least one server");
  const before = await endedOkTotal(first, name);
  const began = performance.now();
  await inParallel(count, DRAIN_REQUESTS, async (index) => void (await startExecution(apis[index % apis.length] ?? first, name)));
  while ((await endedOkTotal(first, name)) < before + count) {
    if (performance.now() - began > DRAIN_TIMEOUT_MS) throw new Error(`${count} executions of ${name} did not all end OK within ${DRAIN_TIMEOUT_MS / 60_000} minutes`);
    await sleep(POLL_MS);
  }
  return (count * 1000) / (performance.now() - began);
}

/** Counts the statements a store's query log reports (openStore's `onQuery`) while `during` runs. */
export interface StatementCounter {
  onQuery: NonNullable<StoreOptions["onQuery"]>;
  /** Runs `work` and returns its result with the statements the store ran meanwhile. */
  during<T>(work: () => Promise<T>): Promise<{ result: T; statements: number }>;
}

export function statementCounter(): StatementCounter {
  let statements = 0;
  return {
    onQuery: () => void (statements += 1),
    async during(work) {
      const before = statements;
      const result = await work();
      return { result, statements: statements - before };
    },
  };
}

/**
 * Runs `use` with the whole engine serving its REST API in this process, with the no-op script
 * `script` defined: its store on `databaseUrl` (PostgreSQL) when given, else SQLite in `dataDir`.
 * Without a `dataDir`, a new temp directory serves and is removed afterwards (beside PostgreSQL it
 * holds the agent's files).
 */
export async function withDrainEngine<T>(where: { databaseUrl?: string; dataDir?: string }, script: string, use: (api: RestClient) => Promise<T>, options: Pick<StoreOptions, "onQuery"> = {}): Promise<T> {
  const tempDir = where.dataDir === undefined ? mkdtempSync(join(tmpdir(), "baton-bench-")) : undefined;
  try {
    const store = await openStore({ ...options, databaseUrl: where.databaseUrl, dataDir: where.dataDir ?? tempDir ?? "" });
    try {
      return await withEngine(store, async (url) => {
        const api = restClient(url);
        await defineNoopScript(api, script);
        return use(api);
      });
    } finally {
      await store.close();
    }
  } finally {
    if (tempDir !== undefined) rmSync(tempDir, { recursive: true, force: true });
  }
}
