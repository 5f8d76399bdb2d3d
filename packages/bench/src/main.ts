import { fileURLToPath } from "node:url";
import { formatTable, writeResults } from "./harness/report";
import type { ResultRow } from "./harness/result";
import { BENCHES, selectBenches } from "./registry";

/** Next to src/, whatever directory the command runs in. */
const RESULTS_FILE = fileURLToPath(new URL("../results/latest.json", import.meta.url));

async function main(ids: readonly string[]): Promise<number> {
  const { selected, unknown } = selectBenches(ids);
  if (unknown.length > 0) {
    console.error(`unknown bench: ${unknown.join(", ")} (known: ${BENCHES.map((bench) => bench.id).join(", ")})`);
    return 2;
  }
  const rows: ResultRow[] = [];
  for (const bench of selected) {
    console.info(`${bench.id}: ${bench.summary}`);
    rows.push(...(await bench.run()));
  }
  console.info(`\n${formatTable(rows)}\n`);
  writeResults(RESULTS_FILE, rows);
  console.info(`written to ${RESULTS_FILE}`);
  return 0;
}

process.exitCode = await main(process.argv.slice(2));
