/** One run of what is measured; whatever it returns is ignored. */
export type Run = () => Promise<unknown>;

/** Wall-clock milliseconds of each measured run, per side. */
export interface Samples {
  subject: number[];
  baseline: number[];
}

export interface AlternateOptions {
  /** Measured runs of each side. */
  runs: number;
  /** Unmeasured runs of each side first, so that JIT compilation and cold caches count for neither. */
  warmups: number;
}

/**
 * Runs the subject and its baseline in turn, swapping which goes first every round: the machine is
 * shared, and a slow spell (another build, a GC, a cache evicted) then falls on both sides alike
 * instead of on one block of runs.
 */
export async function alternate(subject: Run, baseline: Run, options: AlternateOptions): Promise<Samples> {
  return alternateMeasures(() => timed(subject), () => timed(baseline), options);
}

/** One run that measures itself and returns its figure (a rate, a percentile). */
export type Measure = () => Promise<number>;

/** As `alternate`, for runs that report their own figure instead of being timed (requests per second of a load test). */
export async function alternateMeasures(subject: Measure, baseline: Measure, options: AlternateOptions): Promise<Samples> {
  for (let i = 0; i < options.warmups; i++) {
    await subject();
    await baseline();
  }
  const samples: Samples = { subject: [], baseline: [] };
  for (let round = 0; round < options.runs; round++) {
    if (round % 2 === 0) {
      samples.subject.push(await subject());
      samples.baseline.push(await baseline());
    } else {
      samples.baseline.push(await baseline());
      samples.subject.push(await subject());
    }
  }
  return samples;
}

async function timed(run: Run): Promise<number> {
  const began = performance.now();
  await run();
  return performance.now() - began;
}

/** The middle value (mean of the two middle ones for an even count): unmoved by a few outlying runs. */
export function median(values: readonly number[]): number {
  if (values.length === 0) throw new Error("the median of no values is undefined");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const upper = sorted[middle] ?? 0;
  return sorted.length % 2 === 1 ? upper : ((sorted[middle - 1] ?? 0) + upper) / 2;
}

/** The nearest-rank percentile: the smallest value that `percent` % of the values do not exceed. */
export function percentile(values: readonly number[], percent: number): number {
  if (values.length === 0) throw new Error("the percentile of no values is undefined");
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.max(1, Math.ceil((percent / 100) * sorted.length));
  return sorted[rank - 1] ?? 0;
}
