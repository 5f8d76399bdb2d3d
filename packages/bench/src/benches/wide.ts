import { Status } from "@baton/contract";
import { fanOutWorkflow } from "../data/noop-workflows";
import type { Bench } from "../harness/bench";
import { defineNoopScript, endedOkCount, startExecution, waitForEndedOk, watchEvents } from "../harness/executions";
import { alternateMeasures } from "../harness/measure";
import { inParallel } from "../harness/parallel";
import { restClient } from "../harness/rest";
import { resultRow, type ResultRow } from "../harness/result";
import { withEngine } from "../harness/servers";
import { withTempStore } from "../harness/temp-store";

const TASKS = 5000;
/** Start requests in flight at once for the independent executions. */
const REQUESTS = 32;
const SCRIPT = "BENCH.TASK";
const WORKFLOW = "BENCH.WIDE";
const RUNS = 3;

/**
 * A workflow of 5,000 no-op scripts side by side (fan-out after <START>, fan-in at <END>), from
 * POST /executions to the workflow's ENDED_OK, against 5,000 independent executions of the same
 * script started through the API (32 requests in flight) until all ended OK: tasks per second.
 * Activation is the time the POST of the workflow takes, against the time the 5,000 POSTs take.
 */
async function wide(): Promise<ResultRow[]> {
  return withTempStore(({ store }) =>
    withEngine(store, async (url, engine) => {
      const api = restClient(url);
      await defineNoopScript(api, SCRIPT);
      await api.post("/objects", { data: { jobp: fanOutWorkflow(WORKFLOW, SCRIPT, TASKS) }, path: "" });
      const activation = { subject: [] as number[], baseline: [] as number[] };
      const ended = watchEvents(engine, (execution) => execution.name === WORKFLOW && execution.status === Status.ENDED_OK);
      try {
        const workflow = async () => {
          const began = performance.now();
          const runId = await startExecution(api, WORKFLOW);
          activation.subject.push(performance.now() - began);
          return (TASKS * 1000) / ((await ended.until(runId)) - began);
        };
        const independent = async () => {
          const before = await endedOkCount(store, SCRIPT);
          const began = performance.now();
          await inParallel(TASKS, REQUESTS, async () => void (await startExecution(api, SCRIPT)));
          activation.baseline.push(performance.now() - began);
          await waitForEndedOk(store, SCRIPT, before + TASKS);
          return (TASKS * 1000) / (performance.now() - began);
        };
        const samples = await alternateMeasures(workflow, independent, { runs: RUNS, warmups: 0 });
        return [resultRow("wide", "per_s", samples, { kind: "ratio", value: 0.8 }), resultRow("wide-activation", "ms", activation, { kind: "absolute", value: 1000 })];
      } finally {
        ended.stop();
      }
    }),
  );
}

export const wideBench: Bench = {
  id: "wide",
  summary: `a ${TASKS}-task fan-out/fan-in workflow of no-op scripts, against ${TASKS} independent executions (tasks/s, activation)`,
  run: wide,
};
