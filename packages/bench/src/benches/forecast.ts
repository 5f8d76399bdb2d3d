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
  type ObjectRow,
} from "@baton/engine/bench";
import type { ObjectBody } from "@baton/contract";
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
 * Estimated runtimes of 10,000 objects from 1,000,000 ended runs. The engine keeps each object's
 * estimate as its runs end (RuntimeEstimator.afterOk: its last OK runs by the client's rule, stored
 * in runtime_estimates), so the ERT of many objects is what forecasts and execution ERTs ask of
 * it: `estimatesFor`. Set-up lets afterOk compute every object's estimate from the runs, as the
 * last run of each would have; `forecast-ert` then measures `estimatesFor` of all 10,000 against one
 * raw SQL aggregate over the runs. `forecast-ert-recompute` reports, against the same aggregate,
 * what computing all 10,000 from the runs at once costs the engine (afterOk's part per object).
 */
async function ertFromRuns(): Promise<ResultRow[]> {
  return withTempStore(async ({ store, file }) => {
    const names = Array.from({ length: ERT_OBJECTS }, (_, i) => `ERT.O${String(i).padStart(5, "0")}`);
    insertEndedRuns(file, { client: CLIENT, names, runs: ERT_RUNS, from: START - ERT_RUNS * 1000 });
    await store.db.transaction().execute((trx) => upsertObjects(trx, CLIENT, names.map(jobRow), "ADMIN/ADMIN", START));
    const estimator = quietRuntimeEstimator(store, { now: () => START });
    for (const name of names) await estimator.afterOk(CLIENT, name);
    const raw = new Database(file, { readonly: true });
    try {
      const aggregate = raw.prepare<[number], { name: string; seconds: number }>(AVERAGE_RUNTIMES_SQL);
      const rawAverages = async () => new Map(aggregate.all(CLIENT).map((row) => [row.name, row.seconds]));
      const stored = () => estimator.estimatesFor(CLIENT, names);
      const recomputed = async () => {
        const estimates = new Map<string, number>();
        for (const name of names) {
          const seconds = estimateRuntime(await recentOkRuntimes(store.db, CLIENT, name, "JOBS", ERT_SAMPLE_SIZE), CLIENT_DEFAULT_RULE);
          if (seconds !== undefined) estimates.set(name, seconds);
        }
        return estimates;
      };
      // Every side must give one estimate per object, and the stored ones must be what the runs say.
      const [fromStore, fromRuns, averages] = [await stored(), await recomputed(), await rawAverages()];
      const sizes = [fromStore.size, fromRuns.size, averages.size];
      if (sizes.some((size) => size !== ERT_OBJECTS)) throw new Error(`forecast-ert bench: expected ${ERT_OBJECTS} estimates, got ${sizes.join(", ")}`);
      const differing = names.filter((name) => fromStore.get(name) !== fromRuns.get(name));
      if (differing.length > 0) throw new Error(`forecast-ert bench: stored estimates differ from the runs' for ${differing.length} objects, e.g. ${differing[0]}`);
      const reads = await alternate(stored, rawAverages, { runs: 7, warmups: 1 });
      const recomputes = await alternate(recomputed, rawAverages, { runs: 5, warmups: 1 });
      return [resultRow("forecast-ert", "ms", reads, { kind: "ratio", value: 0.8 }), resultRow("forecast-ert-recompute", "ms", recomputes, { kind: "none" })];
    } finally {
      raw.close();
    }
  });
}

/** A UNIX job on agent LOCAL that leaves its runtime estimate to the client's rule. */
function jobRow(name: string): ObjectRow {
  const body: ObjectBody = { general_attributes: { name, type: "JOBS" }, job_attributes: { agent: "LOCAL", platform: "UNIX" } };
  return { type: "JOBS", name, folder: "", body: JSON.stringify(body) };
}

/** Forecast: the simulation of a large workflow, and the runtime estimates a forecast depends on. */
export const forecastBench: Bench = {
  id: "forecast",
  summary: `forecast of a ${TASKS}-task workflow; ERT of ${ERT_OBJECTS} objects from ${ERT_RUNS} runs`,
  run: async () => [await workflowForecast(), ...(await ertFromRuns())],
};
