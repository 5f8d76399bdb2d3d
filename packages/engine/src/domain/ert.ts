import type { ObjectBody } from "@baton/contract";

/** Runs an estimate is computed from: the object's last ENDED_OK runs. */
export const ERT_SAMPLE_SIZE = 25;
/** No estimate is below one second. */
export const MIN_ERT_SECONDS = 1;

export type ErtMethod = "AVERAGE" | "MAXIMUM" | "LINEAR_REGRESSION" | "FIXED";

export interface ErtRule {
  method: ErtMethod;
  /** Seconds, for FIXED. */
  fixedSeconds: number;
}

const METHODS: readonly ErtMethod[] = ["AVERAGE", "MAXIMUM", "LINEAR_REGRESSION", "FIXED"];

/** A method name as operators write it: "linear regression", "LINEAR_REGRESSION", "maximum". */
export function parseErtMethod(value: unknown): ErtMethod | undefined {
  const name = String(value ?? "").trim().toUpperCase().replace(/[\s-]+/g, "_");
  return METHODS.find((m) => m === name);
}

/**
 * The object's own rule when it needs nothing of the client's: `general_attributes.ert_method`,
 * and for FIXED a positive `ert_fixed` (seconds).
 */
export function ownErtRule(body: ObjectBody): ErtRule | undefined {
  const attributes: Record<string, unknown> = body.general_attributes;
  const method = parseErtMethod(attributes["ert_method"]);
  if (method === undefined) return undefined;
  if (method !== "FIXED") return { method, fixedSeconds: 0 };
  const fixed = Number(attributes["ert_fixed"]);
  return fixed > 0 ? { method, fixedSeconds: fixed } : undefined;
}

/**
 * The rule of an object: its own, else the client's. An object that says FIXED without giving
 * seconds takes the client's ERT_FIXED; a FIXED rule without a positive number of seconds is not a rule.
 */
export function ertRuleOf(body: ObjectBody, clientRule: ErtRule): ErtRule {
  const own = ownErtRule(body);
  if (own !== undefined) return own;
  const attributes: Record<string, unknown> = body.general_attributes;
  const secondsGiven = attributes["ert_fixed"] !== undefined && attributes["ert_fixed"] !== null;
  if (parseErtMethod(attributes["ert_method"]) === "FIXED" && !secondsGiven && clientRule.fixedSeconds > 0) return { method: "FIXED", fixedSeconds: clientRule.fixedSeconds };
  return clientRule;
}

/**
 * The estimated runtime in whole seconds from runtimes (seconds, oldest first; only the last 25
 * count), or undefined without any run to go by (FIXED needs none). AVERAGE and LINEAR_REGRESSION
 * leave out outliers — runs further from the median than three times the median absolute
 * deviation — so that one hung run does not distort the estimate; MAXIMUM keeps them, being the
 * cautious choice. LINEAR_REGRESSION fits a line through the runs in order and extends it to the
 * next run, following a trend such as a growing data volume.
 */
export function estimateRuntime(runtimes: readonly number[], rule: ErtRule): number | undefined {
  if (rule.method === "FIXED") return atLeastOne(rule.fixedSeconds);
  const recent = runtimes.slice(-ERT_SAMPLE_SIZE);
  if (recent.length === 0) return undefined;
  if (rule.method === "MAXIMUM") return atLeastOne(Math.max(...recent));
  const kept = withoutOutliers(recent);
  if (rule.method === "AVERAGE") return atLeastOne(kept.reduce((sum, r) => sum + r.value, 0) / kept.length);
  return atLeastOne(linearForecast(kept, recent.length));
}

function atLeastOne(seconds: number): number {
  return Math.max(MIN_ERT_SECONDS, Math.round(seconds));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** The runs with their positions, without those far from the median (none are left out of fewer than four). */
function withoutOutliers(runtimes: readonly number[]): { index: number; value: number }[] {
  const indexed = runtimes.map((value, index) => ({ index, value }));
  if (runtimes.length < 4) return indexed;
  const mid = median(runtimes);
  const deviation = median(runtimes.map((r) => Math.abs(r - mid)));
  if (deviation === 0) return indexed.filter((r) => r.value === mid);
  return indexed.filter((r) => Math.abs(r.value - mid) <= 3 * deviation);
}

/** Least squares line through (position, runtime), evaluated at position `next`. */
function linearForecast(points: readonly { index: number; value: number }[], next: number): number {
  const n = points.length;
  const meanX = points.reduce((s, p) => s + p.index, 0) / n;
  const meanY = points.reduce((s, p) => s + p.value, 0) / n;
  const sxx = points.reduce((s, p) => s + (p.index - meanX) ** 2, 0);
  if (sxx === 0) return meanY;
  const slope = points.reduce((s, p) => s + (p.index - meanX) * (p.value - meanY), 0) / sxx;
  return meanY + slope * (next - meanX);
}
