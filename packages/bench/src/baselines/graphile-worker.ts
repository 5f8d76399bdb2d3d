import { Logger, makeWorkerUtils, run, runMigrations, type Runner, type Task, type WorkerUtils } from "graphile-worker";
import pg from "pg";

/** Jobs a worker runs at once: the same as the engine's parallelism in the benches that compare them. */
export const WORKER_CONCURRENCY = 16;
/** Connections graphile-worker opens by default (its maxPoolSize). */
const POOL_SIZE = 10;
const SILENT = new Logger(() => () => {});

/**
 * graphile-worker 0.17 on the PostgreSQL database at `url`, as its documentation tunes it for
 * throughput: a local queue of concurrency + 1 jobs fetched in one query, and completions written
 * in batches. The baseline of drain, latency and chain. Its one pool counts the statements it sends.
 */
export class GraphileWorker {
  private constructor(
    private readonly pool: CountingPool,
    private readonly utils: WorkerUtils,
  ) {}

  static async open(url: string): Promise<GraphileWorker> {
    await runMigrations({ connectionString: url, logger: SILENT });
    const pool = countingPool(url);
    return new GraphileWorker(pool, await makeWorkerUtils({ pgPool: pool.pool, logger: SILENT }));
  }

  async close(): Promise<void> {
    await this.utils.release();
    await this.pool.pool.end();
  }

  /** Statements sent to PostgreSQL so far, by the utilities that add jobs and by the workers. */
  get statements(): number {
    return this.pool.sent;
  }

  /** Adds `count` no-op jobs in batches, then runs a worker until it has run all of them: jobs per second. */
  async drain(count: number): Promise<number> {
    const began = performance.now();
    for (let added = 0; added < count; added += 1000) {
      await this.utils.addJobs(Array.from({ length: Math.min(1000, count - added) }, () => ({ identifier: "noop", payload: {} })));
    }
    let done = 0;
    await this.whileRunning({ noop: async () => void done++ }, () => waitUntil(() => done >= count));
    return (count * 1000) / (performance.now() - began);
  }

  /** Milliseconds from adding a job to its task starting, for `count` jobs added one after the other. */
  async addToStart(count: number): Promise<number[]> {
    let started: (() => void) | undefined;
    const latencies: number[] = [];
    await this.whileRunning({ probe: async () => started?.() }, async (runner) => {
      for (let i = 0; i < count; i++) {
        const began = performance.now();
        await new Promise<void>((resolve) => {
          started = resolve;
          void runner.addJob("probe", {});
        });
        latencies.push(performance.now() - began);
      }
    });
    return latencies;
  }

  /** Runs a chain of `steps` jobs, each adding the next: milliseconds per step. */
  async chain(steps: number): Promise<number> {
    let last = 0;
    const step: Task = async (payload, helpers) => {
      const index = (payload as { index: number }).index;
      if (index + 1 < steps) await helpers.addJob("step", { index: index + 1 });
      else last = performance.now();
    };
    let began = 0;
    await this.whileRunning({ step }, async (runner) => {
      began = performance.now();
      await runner.addJob("step", { index: 0 });
      await waitUntil(() => last > 0);
    });
    return (last - began) / steps;
  }

  private async whileRunning(taskList: Record<string, Task>, use: (runner: Runner) => Promise<void>): Promise<void> {
    const runner = await run({
      pgPool: this.pool.pool,
      concurrency: WORKER_CONCURRENCY,
      noHandleSignals: true,
      pollInterval: 1000,
      logger: SILENT,
      taskList,
      preset: { worker: { localQueue: { size: WORKER_CONCURRENCY + 1 }, completeJobBatchDelay: 0, failJobBatchDelay: 0 } },
    });
    try {
      await use(runner);
    } finally {
      await runner.stop();
    }
  }
}

interface CountingPool {
  pool: pg.Pool;
  /** Statements its connections have sent. */
  sent: number;
}

/** A pool of POOL_SIZE connections to `url` that counts the statements sent through it, as the engine's query log counts the engine's. */
function countingPool(url: string): CountingPool {
  const counting: CountingPool = { pool: new pg.Pool({ connectionString: url, max: POOL_SIZE }), sent: 0 };
  // An idle connection the server ends is graphile-worker's to reconnect, not the bench's end.
  counting.pool.on("error", (error) => console.warn(`graphile-worker's pool: ${error.message}`));
  counting.pool.on("connect", (client) => {
    client.query = new Proxy(client.query, {
      apply: (query, self, args) => {
        counting.sent += 1;
        return Reflect.apply(query, self, args);
      },
    });
  });
  return counting;
}

/** Resolves once `done` holds, checked every millisecond. */
async function waitUntil(done: () => boolean): Promise<void> {
  while (!done()) await new Promise((resolve) => setTimeout(resolve, 1));
}
