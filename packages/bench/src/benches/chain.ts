import { Status } from "@baton/contract";
import { GraphileWorker } from "../baselines/graphile-worker";
import { sequentialWorkflow } from "../data/noop-workflows";
import type { Bench } from "../harness/bench";
import { defineNoopScript, startExecution, watchEvents } from "../harness/executions";
import { alternateMeasures } from "../harness/measure";
import { withPostgres } from "../harness/postgres";
import { restClient } from "../harness/rest";
import { resultRow, type ResultRow } from "../harness/result";
import { withEngine } from "../harness/servers";
import { withTempStore } from "../harness/temp-store";

const STEPS = 40;
const SCRIPT = "BENCH.STEP";
const WORKFLOW = "BENCH.CHAIN";

/**
 * A workflow of 40 no-op scripts one after the other, from POST /executions to the workflow's
 * ENDED_OK, against graphile-worker running a chain of 40 jobs in which each job adds the next:
 * milliseconds per step. The target (at most 1.5 times the baseline's) is a ratio of at least 2/3.
 */
async function chain(): Promise<ResultRow[]> {
  return withPostgres(async (pgUrl) => {
    const worker = await GraphileWorker.open(pgUrl);
    try {
      return await withTempStore(({ store }) =>
        withEngine(store, async (url, engine) => {
          const api = restClient(url);
          await defineNoopScript(api, SCRIPT);
          await api.post("/objects", { data: { jobp: sequentialWorkflow(WORKFLOW, SCRIPT, STEPS) }, path: "" });
          const ended = watchEvents(engine, (execution) => execution.name === WORKFLOW && execution.status === Status.ENDED_OK);
          try {
            const workflow = async () => {
              const began = performance.now();
              return ((await ended.until(await startExecution(api, WORKFLOW))) - began) / STEPS;
            };
            const samples = await alternateMeasures(workflow, () => worker.chain(STEPS), { runs: 9, warmups: 2 });
            return [resultRow("chain", "ms", samples, { kind: "ratio", value: 1 / 1.5 })];
          } finally {
            ended.stop();
          }
        }),
      );
    } finally {
      await worker.close();
    }
  });
}

export const chainBench: Bench = {
  id: "chain",
  summary: `a ${STEPS}-step sequential workflow of no-op scripts, against a graphile-worker chain of ${STEPS} jobs each adding the next (ms per step)`,
  run: chain,
};
