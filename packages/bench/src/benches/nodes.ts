import type { Bench } from "../harness/bench";
import { withBatonCluster } from "../harness/baton-cluster";
import { processesCpuSeconds } from "../harness/cpu";
import { drainThroughApi } from "../harness/engine-drain";
import { defineNoopScript } from "../harness/executions";
import { countStatementsIn, readWriteSnapshot, writesPerItem, type WritesPerItem } from "../harness/pg-stats";
import { measureWriteCapacity } from "../harness/pgbench";
import { withPostgresServer, type PostgresServer } from "../harness/postgres";
import { resultRow, type Metric, type ResultRow } from "../harness/result";

/** Executions per run; BENCH_NODES_EXECUTIONS lowers it for a quick look. */
const EXECUTIONS = Number(process.env.BENCH_NODES_EXECUTIONS ?? 10_000);
/** Executions run before measuring, so that each node has compiled its hot paths. */
const WARMUP = Math.min(500, Math.ceil(EXECUTIONS / 10));
const NODE_COUNTS = [1, 2, 3] as const;
const CAPACITY_SECONDS = 10;
const SCRIPT = "BENCH.NODES";

/** One cluster's drain: executions per second and what each cost the database and the nodes. */
interface ClusterRun {
  nodes: number;
  perSecond: number;
  writes: WritesPerItem;
  /** CPU milliseconds the node processes used per execution. */
  nodesCpuMs: number;
  /** CPU milliseconds the bench's own client (this process) used per execution. */
  clientCpuMs: number;
}

/**
 * Executions per second of 1, 2 and 3 Baton processes on one PostgreSQL database (a new one for
 * each run), the no-op script started through each node's POST /executions in turn until all ended
 * OK, with what each execution cost: statements (pg_stat_statements), write transactions and WAL
 * bytes (the server's own counters), CPU of PostgreSQL and of the nodes (/proc). Then the same server's
 * write capacity on its own (pgbench). The node rows compare with one node (the ratio is the
 * scaling); the per-execution rows compare three nodes with one; `nodes-db-capacity` sets pgbench's
 * write transactions per second against those the three nodes made the server commit.
 */
async function nodes(): Promise<ResultRow[]> {
  return withPostgresServer(
    async (server) => {
      const runs: ClusterRun[] = [];
      for (const count of NODE_COUNTS) {
        const run = await server.withDatabase((url) => clusterRun(server, url, count));
        console.info(`  ${run.nodes} node(s): ${describe(run)}`);
        runs.push(run);
      }
      const capacity = await measureWriteCapacity(server, CAPACITY_SECONDS);
      console.info(`  pgbench -N: ${capacity.transactionsPerSecond.toFixed(0)} write transactions/s, each ${perItem(capacity.perTransaction)}`);
      const [one, , three] = runs;
      if (one === undefined || three === undefined) throw new Error("a node count was not run");
      const rows = runs.map((run) => resultRow(`nodes-${run.nodes}`, "per_s", { subject: [run.perSecond], baseline: [one.perSecond] }, { kind: "none" }));
      const perExecution = (id: string, metric: Metric, figure: (run: ClusterRun) => number | undefined) => {
        const [subject, baseline] = [figure(three), figure(one)];
        if (subject !== undefined && baseline !== undefined) rows.push(resultRow(id, metric, { subject: [subject], baseline: [baseline] }, { kind: "none" }));
      };
      perExecution("nodes-statements", "count", (run) => run.writes.statements);
      perExecution("nodes-transactions", "count", (run) => run.writes.transactions);
      perExecution("nodes-wal", "KB", (run) => run.writes.walBytes / 1000);
      perExecution("nodes-postgres-cpu", "ms", (run) => run.writes.cpuMs);
      perExecution("nodes-engine-cpu", "ms", (run) => run.nodesCpuMs);
      const committed = three.perSecond * three.writes.transactions;
      rows.push(resultRow("nodes-db-capacity", "per_s", { subject: [capacity.transactionsPerSecond], baseline: [committed] }, { kind: "none" }));
      return rows;
    },
    { statementStats: true },
  );
}

async function clusterRun(server: PostgresServer, databaseUrl: string, count: number): Promise<ClusterRun> {
  if (server.statementStats) await countStatementsIn(databaseUrl);
  return withBatonCluster(databaseUrl, count, async (cluster) => {
    const [first] = cluster;
    if (first === undefined) throw new Error("a cluster without nodes");
    const apis = cluster.map((node) => node.api);
    const pids = cluster.map((node) => node.pid);
    await defineNoopScript(first.api, SCRIPT);
    await drainThroughApi(apis, SCRIPT, WARMUP);
    const before = await readWriteSnapshot(databaseUrl, server.statementStats);
    const cpuBefore = processesCpuSeconds(pids);
    const clientBefore = process.cpuUsage();
    const perSecond = await drainThroughApi(apis, SCRIPT, EXECUTIONS);
    const client = process.cpuUsage(clientBefore);
    const cpuAfter = processesCpuSeconds(pids);
    const after = await readWriteSnapshot(databaseUrl, server.statementStats);
    return { nodes: count, perSecond, writes: writesPerItem(before, after, EXECUTIONS), nodesCpuMs: ((cpuAfter - cpuBefore) * 1000) / EXECUTIONS, clientCpuMs: (client.user + client.system) / 1000 / EXECUTIONS };
  });
}

function perItem(writes: WritesPerItem): string {
  const parts = [`${writes.transactions.toFixed(2)} write transactions`, `${(writes.walBytes / 1000).toFixed(2)} KB of WAL`];
  if (writes.statements !== undefined) parts.push(`${writes.statements.toFixed(1)} statements`);
  if (writes.cpuMs !== undefined) parts.push(`${writes.cpuMs.toFixed(3)} ms of PostgreSQL CPU`);
  return parts.join(", ");
}

function describe(run: ClusterRun): string {
  return `${run.perSecond.toFixed(0)} executions/s, each ${perItem(run.writes)}, ${run.nodesCpuMs.toFixed(3)} ms of the nodes' CPU, ${run.clientCpuMs.toFixed(3)} ms of the client's`;
}

export const nodesBench: Bench = {
  id: "nodes",
  summary: `${EXECUTIONS} no-op script executions spread over ${NODE_COUNTS.join(", ")} Baton processes on one PostgreSQL database, with statements, transactions, WAL and CPU per execution, and the server's write capacity (pgbench)`,
  run: nodes,
};
