import { execFile } from "node:child_process";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { insertEndedRuns } from "../data/ended-runs";
import type { Bench } from "../harness/bench";
import { alternateMeasures } from "../harness/measure";
import { resultRow, type ResultRow } from "../harness/result";
import { withTempStore } from "../harness/temp-store";

const EXECUTIONS = 1_000_000;
const MIB = 1024 * 1024;
const run = promisify(execFile);

/** The resident set size (MiB) a probe process reports of itself. */
async function residentMiB(probe: string, ...args: string[]): Promise<number> {
  const script = fileURLToPath(new URL(`../probes/${probe}.ts`, import.meta.url));
  const { stdout } = await run(process.execPath, ["--expose-gc", "--import", "tsx", script, ...args]);
  return (JSON.parse(stdout.trim().split("\n").at(-1) ?? "{}") as { rss: number }).rss / MIB;
}

/** The engine idle on a database of 1,000,000 executions, in a process of its own. */
async function idleEngine(): Promise<ResultRow[]> {
  return withTempStore(async ({ file, store }) => {
    insertEndedRuns(file, { client: 100, names: Array.from({ length: 1000 }, (_, i) => `MEM.O${i}`), runs: EXECUTIONS, from: Date.parse("2030-01-01T00:00:00Z") - EXECUTIONS * 1000 });
    const dataDir = dirname(file);
    await store.close();
    const samples = await alternateMeasures(() => residentMiB("idle-engine", dataDir), () => residentMiB("idle-node"), { runs: 3, warmups: 0 });
    return [resultRow("memory", "MiB", samples, { kind: "absolute", value: 250 })];
  });
}

export const memoryBench: Bench = {
  id: "memory",
  summary: `resident memory of the engine idle with ${EXECUTIONS} executions stored, against an idle Node process`,
  run: idleEngine,
};
