import {
  ERT_SAMPLE_SIZE,
  PlanSnapshot,
  UNKNOWN_TASK_SECONDS,
  estimateRuntime,
  placeEntries,
  planObject,
  quietRuntimeEstimator,
  recentOkRuntimes,
  upsertObjects,
  type ErtRule,
} from "@baton/engine/bench";
import Database from "better-sqlite3";
import { longestPathMs } from "../baselines/longest-path";
import { chainedWorkflow, CHAIN_LENGTH } from "../data/chained-workflow";
import { ENDED_OK, insertEndedRuns } from "../data/ended-runs";
import type { Bench } from "../harness/bench";
import { alternate } from "../harness/measure";
import { resultRow, type ResultRow } from "../harness/result";
import { withTempStore } from "../harness/temp-store";

const CLIENT = 100;
const START = Date.parse("2030-01-01T00:00:00Z");
const WORKFLOW = "PERF.FLOW";
const TASKS = 1000;
const ERT_OBJECTS = 10_000;
const ERT_RUNS = 1_000_000;
/** The client's rule when UC_CLIENT_SETTINGS says nothing (ERT_METHOD AVERAGE). */
const CLIENT_DEFAULT_RULE: ErtRule = { method: "AVERAGE", fixedSeconds: 0 };

/**
 * The baseline of forecast-ert: what a hand-written report would ask of the same rows, each
 * object's average OK runtime in one grouped scan.
 */
const AVERAGE_RUNTIMES_SQL = `select name, avg(end_time - start_time) / 1000.0 as seconds
  from executions
  where client = ? and status = ${ENDED_OK} and start_time is not null and end_time is not null
  group by name`;

/**
 * Planning, simulation and entries of a 1,000-task workflow from objects already loaded, as a
 * forecast runs them after PlanSnapshot.load, against a plain longest-path pass over the same graph.
 * The target is absolute (50 ms): the baseline only shows how far the engine is from the least
 * possible work.
 */
async function workflowForecast(): Promise<ResultRow> {
  return withTempStore(async ({ store }) => {
    await store.db.transaction().execute((trx) => upsertObjects(trx, CLIENT, chainedWorkflow(WORKFLOW, TASKS), "ADMIN/ADMIN", START));
    const deps = { db: store.db, estimator: quietRuntimeEstimator(store, { now: () => START }), connectedAgents: () => ["LOCAL"], agentMaxJobs: () => undefined };
    const snapshot = await PlanSnapshot.load(deps, CLIENT, [WORKFLOW], [], { option: "registration" });
    const workflow = await snapshot.object(WORKFLOW);
    if (workflow === undefined) throw new Error(`${WORKFLOW} was not loaded`);

    const forecast = async () => (await placeEntries(await planObject(snapshot, WORKFLOW, START), snapshot.limits(), async () => undefined)).estimatedEnd;
    const longestPath = async () => START + longestPathMs(workflow.body, UNKNOWN_TASK_SECONDS);
    // Both sides must compute the same thing, or the ratio compares nothing.
    const expectedEnd = START + CHAIN_LENGTH * UNKNOWN_TASK_SECONDS * 1000;
    const ends = [await forecast(), await longestPath()];
    if (ends.some((end) => end !== expectedEnd)) throw new Error(`forecast bench: the workflow should end at ${expectedEnd}, got ${ends.join(" and ")}`);

    const samples = await alternate(forecast, longestPath, { runs: 21, warmups: 3 });
    return resultRow("forecast", "ms", samples, { kind: "absolute", value: 50 });
  });
}

/**
 * Estimated runtimes of 10,000 objects from 1,000,000 ended runs by the engine's own path (each
 * object's last OK runs through recentOkRuntimes, then estimateRuntime by the client's default
 * rule, as RuntimeEstimator.afterOk computes them) against one raw SQL aggregate over the same rows.
 */
async function ertFromRuns(): Promise<ResultRow> {
  return withTempStore(async ({ store, file }) => {
    const names = Array.from({ length: ERT_OBJECTS }, (_, i) => `ERT.O${String(i).padStart(5, "0")}`);
    insertEndedRuns(file, { client: CLIENT, names, runs: ERT_RUNS, from: START - ERT_RUNS * 1000 });
    const raw = new Database(file, { readonly: true });
    try {
      const aggregate = raw.prepare<[number], { name: string; seconds: number }>(AVERAGE_RUNTIMES_SQL);
      const engine = async () => {
        const estimates = new Map<string, number>();
        for (const name of names) {
          const seconds = estimateRuntime(await recentOkRuntimes(store.db, CLIENT, name, "JOBS", ERT_SAMPLE_SIZE), CLIENT_DEFAULT_RULE);
          if (seconds !== undefined) estimates.set(name, seconds);
        }
        return estimates;
      };
      const rawAverages = async () => new Map(aggregate.all(CLIENT).map((row) => [row.name, row.seconds]));
      const sizes = [(await engine()).size, (await rawAverages()).size];
      if (sizes.some((size) => size !== ERT_OBJECTS)) throw new Error(`forecast-ert bench: expected ${ERT_OBJECTS} estimates, got ${sizes.join(" and ")}`);

      const samples = await alternate(engine, rawAverages, { runs: 7, warmups: 1 });
      return resultRow("forecast-ert", "ms", samples, { kind: "ratio", value: 0.8 });
    } finally {
      raw.close();
    }
  });
}

/** Forecast: the simulation of a large workflow, and the runtime estimates a forecast depends on. */
export const forecastBench: Bench = {
  id: "forecast",
  summary: `forecast of a ${TASKS}-task workflow; ERT of ${ERT_OBJECTS} objects from ${ERT_RUNS} runs`,
  run: async () => [await workflowForecast(), await ertFromRuns()],
};
