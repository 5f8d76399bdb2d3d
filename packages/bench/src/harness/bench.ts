import type { ResultRow } from "./result";

/**
 * A benchmark: one module in src/benches. It generates its own data, measures its subjects against
 * baselines in the same run and cleans up after itself; main.ts only selects and reports.
 */
export interface Bench {
  /** What `pnpm bench <id>` selects it by. */
  id: string;
  /** One line on what it measures, shown when it starts. */
  summary: string;
  run(): Promise<ResultRow[]>;
}
