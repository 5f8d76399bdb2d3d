import type { RequestListener } from "node:http";
import { text } from "node:stream/consumers";
import { GraphileWorker } from "../baselines/graphile-worker";
import { insertEndedRuns } from "../data/ended-runs";
import type { Bench } from "../harness/bench";
import { DRAIN_REQUESTS, drainThroughApi, statementCounter, withDrainEngine } from "../harness/engine-drain";
import { startExecution } from "../harness/executions";
import { inParallel } from "../harness/parallel";
import { withPostgresServer } from "../harness/postgres";
import { BENCH_CLIENT, restClient } from "../harness/rest";
import { resultRow, type ResultRow } from "../harness/result";
import { withServer } from "../harness/servers";
import { withTempDataDir } from "../harness/temp-store";

/** Executions per run; BENCH_DRAIN_EXECUTIONS lowers it for a quick look. */
const EXECUTIONS = Number(process.env.BENCH_DRAIN_EXECUTIONS ?? 100_000);
/** Ended executions already in the store of the `drain-history` run; BENCH_DRAIN_HISTORY lowers it. */
const HISTORY = Number(process.env.BENCH_DRAIN_HISTORY ?? 1_000_000);
/** Objects the history's runs are of. */
const HISTORY_OBJECTS = 10_000;
/** Executions drained beside the history: enough for a steady rate, a tenth of a full run. */
const HISTORY_DRAIN = Math.min(EXECUTIONS, 10_000);
const SCRIPT = "BENCH.NOOP";

/**
 * 100,000 no-op script executions started through POST /executions (32 requests in flight) and run
 * to ENDED_OK, on SQLite and on a single node on PostgreSQL, against graphile-worker adding 100,000
 * no-op jobs in batches of 1,000 and draining them with its local queue and batched completions on
 * the same local PostgreSQL server. Every clock runs from the first start to the last end; one run a
 * side, as a run takes minutes. The statements rows count what the store's query log saw during a
 * run (the engine's own polls of its list included, a few per 250 ms), against the statements
 * graphile-worker's pool sent per job. `drain-http-floor` sends the same starts to a bare server
 * that only answers them; `drain-history` drains 10,000 (at most the count) on SQLite with 1,000,000
 * ended executions already stored.
 */
async function drain(): Promise<ResultRow[]> {
  return withPostgresServer((server) =>
    server.withDatabase(async (workerUrl) => {
      const worker = await GraphileWorker.open(workerUrl);
      try {
        const onSqlite = await countedDrain({});
        const sentBefore = worker.statements;
        const baseline = await worker.drain(EXECUTIONS);
        const workerStatements = (worker.statements - sentBefore) / EXECUTIONS;
        const onPostgres = await server.withDatabase((databaseUrl) => countedDrain({ databaseUrl }));
        const floor = await withServer(bareStartServer(), (bareUrl) => startsPerSecond(bareUrl));
        const history = await drainWithHistory();
        const against = (subject: number) => ({ subject: [subject], baseline: [baseline] });
        return [
          resultRow("drain", "per_s", against(onSqlite.perSecond), { kind: "all", targets: [{ kind: "absolute", value: 2000 }, { kind: "ratio", value: 0.14 }] }),
          resultRow("drain-http-floor", "per_s", against(floor), { kind: "none" }),
          resultRow("drain-statements", "count", { subject: [onSqlite.statements], baseline: [workerStatements] }, { kind: "absolute", value: 8 }),
          resultRow("drain-postgres", "per_s", against(onPostgres.perSecond), { kind: "absolute", value: 800 }),
          resultRow("drain-postgres-statements", "count", { subject: [onPostgres.statements], baseline: [workerStatements] }, { kind: "none" }),
          resultRow("drain-history", "per_s", against(history), { kind: "none" }),
        ];
      } finally {
        await worker.close();
      }
    }),
  );
}

/** The engine's drain of EXECUTIONS on SQLite (no databaseUrl) or PostgreSQL, with its statements per execution. */
async function countedDrain(where: { databaseUrl?: string }): Promise<{ perSecond: number; statements: number }> {
  const counter = statementCounter();
  const { result, statements } = await withDrainEngine(where, SCRIPT, (api) => counter.during(() => drainThroughApi([api], SCRIPT, EXECUTIONS)), { onQuery: counter.onQuery });
  return { perSecond: result, statements: statements / EXECUTIONS };
}

/** HISTORY_DRAIN executions drained on SQLite whose store already holds HISTORY ended runs of HISTORY_OBJECTS jobs. */
async function drainWithHistory(): Promise<number> {
  const names = Array.from({ length: HISTORY_OBJECTS }, (_, i) => `BENCH.HISTORY.${i}`);
  const seed = ({ file }: { file: string }) => insertEndedRuns(file, { client: BENCH_CLIENT, names, runs: HISTORY, from: Date.now() - HISTORY * 1000 });
  return withTempDataDir(seed, (dataDir) => withDrainEngine({ dataDir }, SCRIPT, (api) => drainThroughApi([api], SCRIPT, HISTORY_DRAIN)));
}

/** POST /executions answered per second by the server at `url`, EXECUTIONS of them, DRAIN_REQUESTS in flight. */
async function startsPerSecond(url: string): Promise<number> {
  const api = restClient(url);
  const began = performance.now();
  await inParallel(EXECUTIONS, DRAIN_REQUESTS, async () => void (await startExecution(api, SCRIPT)));
  return (EXECUTIONS * 1000) / (performance.now() - began);
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
  summary: `${EXECUTIONS} no-op script executions started and run to ENDED_OK on SQLite and on PostgreSQL (and ${HISTORY_DRAIN} beside ${HISTORY} stored runs), against graphile-worker draining as many no-op jobs on PostgreSQL`,
  run: drain,
};
