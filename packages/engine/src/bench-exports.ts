/**
 * Engine internals that `packages/bench` measures directly, below the REST API, so that a figure
 * names the calculation it times rather than HTTP, JSON and authentication around it.
 */
import { pino } from "pino";
import type { Clock } from "./runtime/clock";
import { RuntimeEstimator } from "./runtime/runtime-estimator";
import type { Store } from "./store/connect";

export { ERT_SAMPLE_SIZE, estimateRuntime, type ErtRule } from "./domain/ert";
export { UNKNOWN_TASK_SECONDS } from "./domain/workflow-ert";
export { placeEntries } from "./forecast/forecast-entries";
export { planObject } from "./forecast/plan";
export { PlanSnapshot } from "./forecast/plan-snapshot";
export { RuntimeEstimator } from "./runtime/runtime-estimator";
export { openStore, type Store, type StoreOptions } from "./store/connect";
export { createEngine } from "./engine";
export type { Engine } from "./engine-api";
export type { ExecutionChanged } from "./domain/execution-changed";
export { upsertObjects, type ObjectRow } from "./store/objects-store";
export { recentOkRuntimes } from "./store/runtime-estimates-store";

/** A runtime estimator that logs nothing: benchmarks time the estimates, not the host's logging. */
export function quietRuntimeEstimator(store: Store, clock: Clock): RuntimeEstimator {
  return new RuntimeEstimator({ store, clock, logger: pino({ level: "silent" }) });
}
