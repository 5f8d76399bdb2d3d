import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { OutExecutionList, OutRunId } from "@baton/contract";
import { openStore } from "@baton/engine";
import { createTestDatabase, testDialects, type TestDatabase } from "@baton/engine/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call, exited, startProcess, type Process } from "./testing/baton-process";
import { jobEnvelope, until } from "./testing/test-baton";

const JOBS = 2_000;
/** Requests in flight at once, spread over the nodes. */
const CONCURRENCY = 24;
// The lease outlasts the stalls of a machine running other suites beside this one: a node presumed
// dead has its running jobs ended lost (what the failover tests check), which is not this test's subject.
const NODE_ENV = { BATON_HEARTBEAT_MS: "500", BATON_LEASE_MS: "10000", BATON_SESSION_KEY: "cluster-session-key-0123456789", BATON_AGENT_TOKEN: "cluster-agent-token-0123456789" };

/** Runs `work` over `items` with at most `limit` at a time. */
async function inParallel<T, R>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const index = next++;
        results[index] = await work(items[index] as T, index);
      }
    }),
  );
  return results;
}

/** How many of the executions are in each status. */
async function statusCounts(databaseUrl: string, dataDir: string, runIds: readonly number[]): Promise<Record<number, number>> {
  const store = await openStore({ databaseUrl, dataDir });
  try {
    const rows = await store.db.selectFrom("executions").select(({ fn }) => ["status", fn.countAll<string>().as("count")]).where("run_id", "in", runIds).groupBy("status").execute();
    return Object.fromEntries(rows.map((row) => [row.status, Number(row.count)]));
  } finally {
    await store.db.destroy();
  }
}

describe.runIf(testDialects.includes("postgres"))("three nodes under load on one PostgreSQL database", () => {
  let database: TestDatabase;
  let dir: string;
  const nodes: Process[] = [];

  beforeAll(async () => {
    database = await createTestDatabase("postgres");
    dir = mkdtempSync(join(tmpdir(), "baton-load-"));
    for (const id of ["LOAD-A", "LOAD-B", "LOAD-C"]) {
      nodes.push(await startProcess(mkdtempSync(join(dir, "node-")), { DATABASE_URL: database.databaseUrl ?? "", BATON_NODE_ID: id, ...NODE_ENV }));
    }
  });

  afterAll(async () => {
    for (const node of nodes) node.child.kill("SIGKILL");
    await Promise.all(nodes.map((node) => exited(node.child)));
    await database.drop();
    rmSync(dir, { recursive: true, force: true });
  });

  it(`runs ${JOBS} jobs started across all three nodes, each exactly once`, async () => {
    const runs = join(dir, "runs.log");
    await call(nodes[0]?.rest ?? "", "/100/objects", jobEnvelope("LOAD.JOB", [`echo "$BATON_RUN_ID" >> ${runs}`]));
    const started = Date.now();
    const runIds = await inParallel(Array.from({ length: JOBS }), CONCURRENCY, async (_, index) => {
      const node = nodes[index % nodes.length] as Process;
      return OutRunId.parse(await call(node.rest, "/100/executions", { object_name: "LOAD.JOB", execution_option: "execute" })).run_id;
    });
    const accepted = Date.now();
    const rest = nodes[1]?.rest ?? "";
    const count = async (query: string) => OutExecutionList.parse(await call(rest, `/100/executions?name=LOAD.JOB&max_results=1&${query}`)).total;
    // A bound for a stall, not a speed check (the rate is logged below; benches measure speed): in CI
    // the three nodes share two cores with the other suites. Progress is logged every 30 s.
    const progress = setInterval(() => void statusCounts(database.databaseUrl ?? "", dir, runIds).then((counts) => console.info(`after ${Math.round((Date.now() - started) / 1000)} s: ${JSON.stringify(counts)}`)), 30_000);
    try {
      await until(async () => (await count("status=1000-1799")) === 0, 480_000);
    } finally {
      clearInterval(progress);
    }
    expect(await statusCounts(database.databaseUrl ?? "", dir, runIds), "every job ended OK").toEqual({ 1900: JOBS });
    const finished = Date.now();

    // Every run has its own RunID, and the list finds them all.
    expect(new Set(runIds).size).toBe(JOBS);
    expect(await count("")).toBe(JOBS);
    // Each job's shell ran once: one line per RunID in the file all three nodes' jobs append to.
    const lines = readFileSync(runs, "utf8").trim().split("\n");
    expect(lines).toHaveLength(JOBS);
    expect(lines.map(Number).sort((x, y) => x - y)).toEqual([...runIds].sort((x, y) => x - y));
    const store = await openStore({ databaseUrl: database.databaseUrl, dataDir: dir });
    const perNode = new Map<string, number>();
    try {
      // Every node did part of the work: the node that ended a job is the one whose agent ran it
      // (a job's environment holds nothing of the engine's, so the job cannot say it itself).
      const ended = await store.db.selectFrom("executions").select(["run_id", "node"]).where("run_id", "in", runIds).execute();
      for (const { node } of ended) perNode.set(node ?? "", (perNode.get(node ?? "") ?? 0) + 1);
      expect([...perNode.keys()].sort()).toEqual(["LOAD-A", "LOAD-B", "LOAD-C"]);
      // One REP report per execution, with the one line the job wrote.
      const reports = await store.db.selectFrom("reports").select(({ fn }) => ["run_id", fn.countAll<string>().as("count")]).where("type", "=", "REP").where("run_id", "in", runIds).groupBy("run_id").execute();
      expect(reports).toHaveLength(JOBS);
      expect(reports.every((row) => Number(row.count) === 1)).toBe(true);
    } finally {
      await store.db.destroy();
    }
    console.info(
      `${JOBS} jobs on 3 nodes: accepted in ${accepted - started} ms (${Math.round((JOBS * 1000) / (accepted - started))}/s), all ended OK after ${finished - started} ms (${Math.round((JOBS * 1000) / (finished - started))}/s); per node ${JSON.stringify(Object.fromEntries(perNode))}`,
    );
  }, 600_000);
});
