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
  for (let i = 0; i < options.warmups; i++) {
    await subject();
    await baseline();
  }
  const samples: Samples = { subject: [], baseline: [] };
  for (let round = 0; round < options.runs; round++) {
    if (round % 2 === 0) {
      samples.subject.push(await timed(subject));
      samples.baseline.push(await timed(baseline));
    } else {
      samples.baseline.push(await timed(baseline));
      samples.subject.push(await timed(subject));
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
