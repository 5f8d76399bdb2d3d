import { load, type LoadOptions, type LoadResult } from "./load";
import { alternateMeasures, type Samples } from "./measure";
import { resultRow, type ResultRow, type Target } from "./result";

/**
 * How two servers are loaded in turn: `rounds` runs of `seconds` a side, after one unmeasured run
 * of `warmupSeconds` a side (none when 0).
 */
export interface LoadRounds extends LoadOptions {
  rounds: number;
  warmupSeconds: number;
}

/** How the HTTP benches load: 50 connections, five measured runs of 2 s a side after a 1 s warm-up. */
export const HTTP_LOAD: LoadRounds = { connections: 50, seconds: 2, rounds: 5, warmupSeconds: 1 };

/** The figures of both sides' measured runs. */
export type LoadSamples = Record<keyof LoadResult, Samples>;

/**
 * Loads the subject and the baseline in turn (see alternateMeasures), the same way each time. Both
 * servers run in this process: after each run, one request of its own waits for the answers to
 * what the run left in flight, so that they do not fall into the other side's run.
 */
export async function compareUnderLoad(subjectUrl: string, baselineUrl: string, rounds: LoadRounds): Promise<LoadSamples> {
  const { rounds: runs, warmupSeconds, ...options } = rounds;
  const run = async (url: string, seconds: number) => {
    const result = await load(url, { ...options, seconds }).catch((error: unknown) => {
      throw new Error(`${url === subjectUrl ? "subject" : "baseline"}: ${error instanceof Error ? error.message : String(error)}`);
    });
    await answered(url, options.headers);
    return result;
  };
  if (warmupSeconds > 0) {
    // JIT compilation, caches and kept-alive connections warm up for neither side's measured runs.
    await run(subjectUrl, warmupSeconds);
    await run(baselineUrl, warmupSeconds);
  }
  const subject: LoadResult[] = [];
  const baseline: LoadResult[] = [];
  await alternateMeasures(
    async () => subject.push(await run(subjectUrl, options.seconds)),
    async () => baseline.push(await run(baselineUrl, options.seconds)),
    { runs, warmups: 0 },
  );
  const samples = (figure: keyof LoadResult): Samples => ({ subject: subject.map((r) => r[figure]), baseline: baseline.map((r) => r[figure]) });
  return { perSecond: samples("perSecond"), p99: samples("p99"), generatorCpu: samples("generatorCpu") };
}

/** Waits for one answer from `url`: the server took it after what was already queued. */
async function answered(url: string, headers: Record<string, string> | undefined): Promise<void> {
  const response = await fetch(url, { headers: headers ?? {} });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`GET ${url}: ${response.status} after a load run`);
}

/**
 * The rows of one comparison under load: `id` for requests per second, `id-p99` for the 99th
 * percentile latency when it has a target, and `id-generator-cpu`, reported: the CPU the load
 * generator used for each side, in ms per second (1000 would be its one thread always busy).
 */
export function loadRows(id: string, samples: LoadSamples, targets: { perSecond: Target; p99?: Target }): ResultRow[] {
  return [
    resultRow(id, "per_s", samples.perSecond, targets.perSecond),
    ...(targets.p99 === undefined ? [] : [resultRow(`${id}-p99`, "ms", samples.p99, targets.p99)]),
    resultRow(`${id}-generator-cpu`, "ms", samples.generatorCpu, { kind: "none" }),
  ];
}
