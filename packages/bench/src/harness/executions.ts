import { setTimeout as sleep } from "node:timers/promises";
import { Status } from "@baton/contract";
import type { Engine, ExecutionChanged, Store } from "@baton/engine/bench";
import { BENCH_CLIENT, type RestClient } from "./rest";

/** Imports a script object (SCRI) `name` whose script does nothing: what an execution costs with no work in it. */
export async function defineNoopScript(api: RestClient, name: string): Promise<void> {
  await api.post("/objects", { data: { scri: { general_attributes: { name }, scripts: [{ process: [] }] } }, path: "" });
}

/** Starts `name` through POST /executions; its RunID. */
export async function startExecution(api: RestClient, name: string): Promise<number> {
  return (await api.post<{ run_id: number }>("/executions", { object_name: name, execution_option: "execute" })).run_id;
}

/** Executions of `name` that ended OK. */
export async function endedOkCount(store: Store, name: string): Promise<number> {
  const row = await store.db
    .selectFrom("executions")
    .select(({ fn }) => fn.countAll<number>().as("n"))
    .where("client", "=", BENCH_CLIENT)
    .where("name", "=", name)
    .where("status", "=", Status.ENDED_OK)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Resolves once `count` executions of `name` have ended OK, looking every `everyMs`. */
export async function waitForEndedOk(store: Store, name: string, count: number, everyMs = 20): Promise<void> {
  while ((await endedOkCount(store, name)) < count) await sleep(everyMs);
}

/** When (performance.now()) the events of an engine first showed each execution in a state, by RunID. */
export interface EventWatch {
  seen: ReadonlyMap<number, number>;
  /** Resolves once `runId` has been seen. */
  until(runId: number): Promise<number>;
  stop(): void;
}

/**
 * Follows an engine's status events (published after each commit) and notes when each execution
 * first matched `matches`, also before its RunID is known to the caller.
 */
export function watchEvents(engine: Engine, matches: (execution: ExecutionChanged["execution"]) => boolean): EventWatch {
  const seen = new Map<number, number>();
  const stop = engine.events.subscribe(({ execution }) => {
    if (!seen.has(execution.runId) && matches(execution)) seen.set(execution.runId, performance.now());
  });
  return {
    seen,
    async until(runId) {
      while (!seen.has(runId)) await new Promise((resolve) => setImmediate(resolve));
      return seen.get(runId) ?? 0;
    },
    stop,
  };
}
