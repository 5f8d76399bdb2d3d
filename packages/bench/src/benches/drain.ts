import type { RequestListener } from "node:http";
import { text } from "node:stream/consumers";
import { againstGraphileWorker } from "../harness/against-graphile-worker";
import type { Bench } from "../harness/bench";
import { endedOkCount, startExecution, waitForEndedOk } from "../harness/executions";
import { alternateMeasures } from "../harness/measure";
import { inParallel } from "../harness/parallel";
import { restClient } from "../harness/rest";
import { resultRow, type ResultRow } from "../harness/result";
import { withServer } from "../harness/servers";

/** Executions per run; BENCH_DRAIN_EXECUTIONS lowers it for a quick look. */
const EXECUTIONS = Number(process.env.BENCH_DRAIN_EXECUTIONS ?? 100_000);
/** Start requests in flight at once. */
const REQUESTS = 32;
const SCRIPT = "BENCH.NOOP";

/**
 * 100,000 no-op script executions started through POST /executions (32 requests in flight) and run
 * to ENDED_OK on SQLite, against graphile-worker adding 100,000 no-op jobs in batches of 1,000 and
 * draining them with its local queue and batched completions on a local PostgreSQL. Both clocks
 * run from the first start to the last end. One run a side: a run of the engine takes minutes.
 * `drain-http-floor` sends the same starts to a bare server that only answers them (bareStartServer).
 */
async function drain(): Promise<ResultRow[]> {
  return againstGraphileWorker(SCRIPT, async ({ worker, store, api }) => {
    const engine = async () => {
      const before = await endedOkCount(store, SCRIPT);
      const began = performance.now();
      await inParallel(EXECUTIONS, REQUESTS, async () => void (await startExecution(api, SCRIPT)));
      await waitForEndedOk(store, SCRIPT, before + EXECUTIONS, 100);
      return (EXECUTIONS * 1000) / (performance.now() - began);
    };
    const samples = await alternateMeasures(engine, () => worker.drain(EXECUTIONS), { runs: 1, warmups: 0 });
    const floor = await withServer(bareStartServer(), async (bareUrl) => {
      const bare = restClient(bareUrl);
      const began = performance.now();
      await inParallel(EXECUTIONS, REQUESTS, async () => void (await startExecution(bare, SCRIPT)));
      return (EXECUTIONS * 1000) / (performance.now() - began);
    });
    return [resultRow("drain", "per_s", samples, { kind: "ratio", value: 1 }), resultRow("drain-http-floor", "per_s", { subject: [floor], baseline: samples.baseline }, { kind: "none" })];
  });
}

/**
 * The floor of any server behind the same starts: it reads and parses each POST's body and answers
 * a RunID, with nothing stored and nothing run.
 */
function bareStartServer(): RequestListener {
  let runId = 0;
  return (req, res) => {
    void text(req).then((body) => {
      JSON.parse(body);
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ run_id: (runId += 1) }));
    });
  };
}

export const drainBench: Bench = {
  id: "drain",
  summary: `${EXECUTIONS} no-op script executions started and run to ENDED_OK on SQLite, against graphile-worker draining as many no-op jobs on PostgreSQL`,
  run: drain,
};
