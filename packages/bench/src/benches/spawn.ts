import { spawn } from "node:child_process";
import { EmbeddedAgent } from "@baton/agent";
import type { Bench } from "../harness/bench";
import { alternate } from "../harness/measure";
import { resultRow, type ResultRow } from "../harness/result";
import { endedOkCount, startExecution, waitForEndedOk } from "../harness/executions";
import { inParallel } from "../harness/parallel";
import { restClient } from "../harness/rest";
import { withEngine } from "../harness/servers";
import { withTempStore } from "../harness/temp-store";

const JOBS = 5_000;
/** Jobs at a time: the embedded agent's limit, and the baseline's processes at once. */
const PARALLEL = 16;
/** Start requests in flight at once. */
const REQUESTS = 32;
const JOB = "BENCH.TRUE";

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
        const api = restClient(url);
        await api.post("/objects", { data: { jobs: { general_attributes: { name: JOB }, job_attributes: { agent: "LOCAL", unix_shell: "sh" }, scripts: [{ process: ["true"] }] } }, path: "" });
        const engine = async () => {
          const before = await endedOkCount(store, JOB);
          await inParallel(JOBS, REQUESTS, async () => void (await startExecution(api, JOB)));
          await waitForEndedOk(store, JOB, before + JOBS);
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
