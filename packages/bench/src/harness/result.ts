import { median, type Samples } from "./measure";

/**
 * Units a bench reports in: milliseconds, mebibytes, kilobytes (1000 bytes, as bundlers count
 * them) or a count (statements per execution, say) where less is better, or items per second where
 * more is better.
 */
export type Metric = "ms" | "per_s" | "MiB" | "KB" | "count";

const LOWER_IS_BETTER: Readonly<Record<Metric, boolean>> = { ms: true, per_s: false, MiB: true, KB: true, count: true };

/**
 * What a row must reach: `absolute` bounds the subject's own figure (at most for times, at least
 * for rates); `ratio` asks the subject to reach that fraction of its baseline's speed; `all` asks
 * for each of its targets at once (an absolute rate and a share of the baseline's, say); `none` is
 * a figure reported beside a target's row, to be read with it, with nothing to reach.
 */
export type Target = { kind: "absolute"; value: number } | { kind: "ratio"; value: number } | { kind: "all"; targets: readonly Target[] } | { kind: "none" };

/** One row of the results table and of results/latest.json. */
export interface ResultRow {
  id: string;
  metric: Metric;
  /** Median of the subject's runs. */
  subject: number;
  /** Median of the baseline's runs, measured in the same process, alternating with the subject. */
  baseline: number;
  /** How many times better than the baseline the subject is (above 1: the subject wins). */
  ratio: number;
  /** The target as people read it, e.g. "<= 50 ms". */
  target: string;
  ok: boolean;
}

/**
 * The subject's speed relative to the baseline: baseline/subject for times, subject/baseline for
 * rates, so that every ratio reads the same way whatever the metric.
 */
export function speedRatio(metric: Metric, subject: number, baseline: number): number {
  return LOWER_IS_BETTER[metric] ? baseline / subject : subject / baseline;
}

/** Whether a subject figure and its ratio reach the target. */
export function meetsTarget(target: Target, metric: Metric, subject: number, ratio: number): boolean {
  if (target.kind === "none") return true;
  if (target.kind === "all") return target.targets.every((each) => meetsTarget(each, metric, subject, ratio));
  if (target.kind === "ratio") return ratio >= target.value;
  return LOWER_IS_BETTER[metric] ? subject <= target.value : subject >= target.value;
}

/** The target of a row reported with nothing to reach. */
export const REPORTED = "(reported)";

/** The target as written in the table and the JSON file. */
export function targetLabel(target: Target, metric: Metric): string {
  if (target.kind === "none") return REPORTED;
  if (target.kind === "all") return target.targets.map((each) => targetLabel(each, metric)).join(" and ");
  if (target.kind === "ratio") return `>= ${Number(target.value.toFixed(2))}x baseline`;
  return `${LOWER_IS_BETTER[metric] ? "<=" : ">="} ${target.value} ${metric}`;
}

/**
 * A row from the samples of one subject and its baseline: medians, their ratio and the target
 * check. The check uses the unrounded figures; the row keeps two decimals so that the committed
 * JSON does not change in digits no one reads.
 */
export function resultRow(id: string, metric: Metric, samples: Samples, target: Target): ResultRow {
  const subject = median(samples.subject);
  const baseline = median(samples.baseline);
  const ratio = speedRatio(metric, subject, baseline);
  return {
    id,
    metric,
    subject: twoDecimals(subject),
    baseline: twoDecimals(baseline),
    ratio: twoDecimals(ratio),
    target: targetLabel(target, metric),
    ok: meetsTarget(target, metric, subject, ratio),
  };
}

function twoDecimals(value: number): number {
  return Math.round(value * 100) / 100;
}
