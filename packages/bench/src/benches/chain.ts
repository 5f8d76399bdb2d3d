import { Status } from "@baton/contract";
import { sequentialWorkflow } from "../data/noop-workflows";
import { againstGraphileWorker } from "../harness/against-graphile-worker";
import type { Bench } from "../harness/bench";
import { startExecution, watchEvents } from "../harness/executions";
import { alternateMeasures } from "../harness/measure";
import { resultRow, type ResultRow } from "../harness/result";

const STEPS = 40;
const SCRIPT = "BENCH.STEP";
const WORKFLOW = "BENCH.CHAIN";

/**
 * A workflow of 40 no-op scripts one after the other, from POST /executions to the workflow's
 * ENDED_OK, against graphile-worker running a chain of 40 jobs in which each job adds the next:
 * milliseconds per step. The target (at most 1.5 times the baseline's) is a ratio of at least 2/3.
 */
async function chain(): Promise<ResultRow[]> {
  return againstGraphileWorker(SCRIPT, async ({ worker, engine, api }) => {
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
  });
}

export const chainBench: Bench = {
  id: "chain",
  summary: `a ${STEPS}-step sequential workflow of no-op scripts, against a graphile-worker chain of ${STEPS} jobs each adding the next (ms per step)`,
  run: chain,
};
