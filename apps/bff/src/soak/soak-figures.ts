/** Pure figures of a soak run: percentiles, the read-latency and memory verdicts. */

/** The `p`th percentile (0..100) of `values`, nearest rank; 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] ?? 0;
}

/** A sample taken at `at` ms since the start. */
export interface Sample {
  at: number;
  value: number;
}

/** The values of the samples taken in [from, to) of the run, as fractions of `durationMs`. */
export function window(samples: readonly Sample[], durationMs: number, from: number, to: number): number[] {
  return samples.filter((s) => s.at >= from * durationMs && s.at < to * durationMs).map((s) => s.value);
}

/** Reads stay stable when the p99 of the last third is at most twice that of the first. */
export const P99_GROWTH_LIMIT = 2;
/** Memory may grow by 10 % from after the warm-up to the end. */
export const MEMORY_DRIFT_LIMIT = 0.1;
/** The first fifth of the run warms up (caches, JIT, SQLite pages): memory is measured after it. */
const WARM_UP = 0.2;

export interface ReadVerdict {
  firstThirdP99Ms: number;
  lastThirdP99Ms: number;
  stable: boolean;
}

export function readVerdict(latencies: readonly Sample[], durationMs: number): ReadVerdict {
  const first = percentile(window(latencies, durationMs, 0, 1 / 3), 99);
  const last = percentile(window(latencies, durationMs, 2 / 3, 1), 99);
  return { firstThirdP99Ms: round(first), lastThirdP99Ms: round(last), stable: last <= P99_GROWTH_LIMIT * first };
}

export interface MemoryVerdict {
  afterWarmUpMiB: number;
  endMiB: number;
  drift: number;
  withinLimit: boolean;
}

/** Median RSS just after the warm-up (the next tenth of the run) against the median of the last tenth. */
export function memoryVerdict(rss: readonly Sample[], durationMs: number): MemoryVerdict {
  const after = percentile(window(rss, durationMs, WARM_UP, WARM_UP + 0.1), 50);
  const end = percentile(window(rss, durationMs, 0.9, 1.01), 50);
  const drift = after === 0 ? 0 : (end - after) / after;
  return { afterWarmUpMiB: round(after / 2 ** 20), endMiB: round(end / 2 ** 20), drift: round(drift, 3), withinLimit: drift <= MEMORY_DRIFT_LIMIT };
}

function round(value: number, digits = 1): number {
  return Math.round(value * 10 ** digits) / 10 ** digits;
}
