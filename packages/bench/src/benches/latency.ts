import type { Engine } from "@baton/engine/bench";
import { againstGraphileWorker } from "../harness/against-graphile-worker";
import type { Bench } from "../harness/bench";
import { startExecution, watchEvents } from "../harness/executions";
import { alternateMeasures, percentile } from "../harness/measure";
import type { RestClient } from "../harness/rest";
import { resultRow, type ResultRow } from "../harness/result";

const STARTS = 1000;
const RUNS = 3;
const WARMUPS = 1;
const SCRIPT = "BENCH.LATENCY";

/**
 * Milliseconds from sending POST /executions to the execution's start (the status event that first
 * carries a start time, published after its commit), for `count` executions one after the other.
 */
async function startLatencies(api: RestClient, engine: Engine, count: number): Promise<number[]> {
  const started = watchEvents(engine, (execution) => execution.startTime !== null);
  try {
    const latencies: number[] = [];
    for (let i = 0; i < count; i++) {
      const sent = performance.now();
      latencies.push((await started.until(await startExecution(api, SCRIPT))) - sent);
    }
    return latencies;
  } finally {
    started.stop();
  }
}

/**
 * 1,000 no-op script executions started one after the other on an idle engine, from POST to start,
 * against graphile-worker's add-to-start latency on a local PostgreSQL. Each run reports its p50
 * and p99; the rows are the medians over the runs.
 */
async function latency(): Promise<ResultRow[]> {
  return againstGraphileWorker(SCRIPT, async ({ worker, engine, api }) => {
    const p50 = { subject: [] as number[], baseline: [] as number[] };
    const measured = (side: keyof typeof p50, latencies: () => Promise<number[]>) => async () => {
      const values = await latencies();
      p50[side].push(percentile(values, 50));
      return percentile(values, 99);
    };
    const p99 = await alternateMeasures(
      measured("subject", () => startLatencies(api, engine, STARTS)),
      measured("baseline", () => worker.addToStart(STARTS)),
      { runs: RUNS, warmups: WARMUPS },
    );
    const withoutWarmups = { subject: p50.subject.slice(WARMUPS), baseline: p50.baseline.slice(WARMUPS) };
    return [resultRow("latency", "ms", p99, { kind: "absolute", value: 20 }), resultRow("latency-p50", "ms", withoutWarmups, { kind: "absolute", value: 20 })];
  });
}

export const latencyBench: Bench = {
  id: "latency",
  summary: `${STARTS} sequential POST /executions of a no-op script until it starts (p99, p50), against graphile-worker's add-to-start latency`,
  run: latency,
};
