import { apiListBench } from "./benches/api-list";
import { apiPingBench } from "./benches/api-ping";
import { chainBench } from "./benches/chain";
import { consoleJsBench } from "./benches/console-js";
import { consoleScrollBench } from "./benches/console-scroll";
import { drainBench } from "./benches/drain";
import { folderBench } from "./benches/folder";
import { forecastBench } from "./benches/forecast";
import { latencyBench } from "./benches/latency";
import { memoryBench } from "./benches/memory";
import { nodesBench } from "./benches/nodes";
import { spawnBench } from "./benches/spawn";
import { wideBench } from "./benches/wide";
import type { Bench } from "./harness/bench";

/** Every bench, in the order `pnpm bench` runs them; a new bench is one module in src/benches and one line here. */
export const BENCHES: readonly Bench[] = [
  apiPingBench,
  apiListBench,
  drainBench,
  nodesBench,
  spawnBench,
  latencyBench,
  chainBench,
  wideBench,
  folderBench,
  forecastBench,
  consoleJsBench,
  consoleScrollBench,
  memoryBench,
];

/** The benches the command line names (all without names), and the names that match none. */
export function selectBenches(ids: readonly string[], benches: readonly Bench[] = BENCHES): { selected: Bench[]; unknown: string[] } {
  if (ids.length === 0) return { selected: [...benches], unknown: [] };
  const known = new Set(benches.map((bench) => bench.id));
  return { selected: benches.filter((bench) => ids.includes(bench.id)), unknown: ids.filter((id) => !known.has(id)) };
}
