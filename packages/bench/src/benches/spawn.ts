import { spawn } from "node:child_process";
import { setTimeout as sleep } from "node:timers/promises";
import { EmbeddedAgent } from "@baton/agent";
import type { Bench } from "../harness/bench";
import { alternate } from "../harness/measure";
import { resultRow, type ResultRow } from "../harness/result";
import { BENCH_AUTHORIZATION, withEngine } from "../harness/servers";
import { withTempStore } from "../harness/temp-store";

const CLIENT = 100;
const JOBS = 5_000;
/** Jobs at a time: the embedded agent's limit, and the baseline's processes at once. */
const PARALLEL = 16;
/** Start requests in flight at once. */
const REQUESTS = 32;
const JOB = "BENCH.TRUE";

/** Runs `work` for the indexes 0..count-1 with at most `limit` at once. */
async function inParallel(count: number, limit: number, work: (index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await work(next++);
    }),
  );
}

function shellTrue(): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", "true"], { stdio: "ignore" });
    child.once("error", reject);
    child.once("exit", (code) => (code === 0 ? resolve() : reject(new Error(`sh exited ${code}`))));
  });
}

/**
 * 5,000 shell jobs (`true`) started through the REST API and run by the embedded agent to ENDED_OK,
 * against spawning `/bin/sh -c true` 5,000 times from node:child_process, both 16 at a time.
 */
async function jobs(): Promise<ResultRow[]> {
  return withTempStore(async ({ store }) =>
    withEngine(
      store,
      async (url) => {
        const headers = { authorization: BENCH_AUTHORIZATION, "content-type": "application/json" };
        const post = async (path: string, body: unknown) => {
          const response = await fetch(`${url}/ae/api/v1/${CLIENT}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
          if (response.status !== 200) throw new Error(`POST ${path}: ${response.status} ${await response.text()}`);
        };
        await post("/objects", { data: { jobs: { general_attributes: { name: JOB }, job_attributes: { agent: "LOCAL", unix_shell: "sh" }, scripts: [{ process: ["true"] }] } }, path: "" });
        const ended = async () => Number((await store.db.selectFrom("executions").select(({ fn }) => fn.countAll<number>().as("n")).where("client", "=", CLIENT).where("name", "=", JOB).where("status", "=", 1900).executeTakeFirstOrThrow()).n);
        const engine = async () => {
          const before = await ended();
          await inParallel(JOBS, REQUESTS, () => post("/executions", { object_name: JOB, execution_option: "execute" }));
          while ((await ended()) < before + JOBS) await sleep(20);
        };
        const baseline = () => inParallel(JOBS, PARALLEL, shellTrue);
        const samples = await alternate(engine, baseline, { runs: 2, warmups: 0 });
        const rate = (ms: number) => (JOBS * 1000) / ms;
        return [resultRow("spawn", "per_s", { subject: samples.subject.map(rate), baseline: samples.baseline.map(rate) }, { kind: "ratio", value: 0.6 })];
      },
      [new EmbeddedAgent({ name: "LOCAL", maxJobs: PARALLEL })],
    ),
  );
}

export const spawnBench: Bench = {
  id: "spawn",
  summary: `${JOBS} shell jobs (true) through the REST API and the embedded agent, ${PARALLEL} at a time, against spawning /bin/sh -c true ${JOBS} times`,
  run: jobs,
};
