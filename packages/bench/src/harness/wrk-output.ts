/** The figures wrk-summary.lua prints after a run of wrk, as it prints them (times in µs, CPU in clock ticks). */
export interface WrkSummary {
  requests: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  /** Answers with a status outside 200-299. */
  non2xx: number;
  /** wrk's own error counts; `status` is its count of 4xx and 5xx answers, `timeout` of requests unanswered within --timeout. */
  errors: { connect: number; read: number; write: number; status: number; timeout: number };
  /** CPU time (user + system, all threads) wrk used during the run, in clock ticks. */
  cpu_ticks: number;
}

/** What one load run measured. */
export interface LoadResult {
  /** Requests answered per second. */
  perSecond: number;
  /** 99th percentile of the answers' latency, in ms. */
  p99: number;
  /**
   * CPU the load generator used, in ms per second of the run: 1000 is one core busy all the time,
   * which for a generator on one thread means that it, not the server, set the pace.
   */
  generatorCpu: number;
}

const MARKER = "WRK_SUMMARY ";
const COUNTS = ["requests", "duration_us", "p50_us", "p99_us", "non2xx", "cpu_ticks"] as const;
const ERRORS = ["connect", "read", "write", "status", "timeout"] as const;

/** The summary line of wrk's output (its own report around it is ignored); throws when it is missing or incomplete. */
export function parseWrkSummary(output: string): WrkSummary {
  const line = output.split("\n").find((text) => text.startsWith(MARKER));
  if (line === undefined) throw new Error(`wrk printed no ${MARKER.trim()} line:\n${output}`);
  const parsed: unknown = JSON.parse(line.slice(MARKER.length));
  if (!isSummary(parsed)) throw new Error(`wrk's summary lacks a figure: ${line}`);
  return parsed;
}

function isSummary(value: unknown): value is WrkSummary {
  if (typeof value !== "object" || value === null) return false;
  const record = value as Record<string, unknown>;
  const errors = record["errors"];
  return (
    COUNTS.every((key) => typeof record[key] === "number") &&
    typeof errors === "object" &&
    errors !== null &&
    ERRORS.every((key) => typeof (errors as Record<string, unknown>)[key] === "number")
  );
}

/**
 * The figures of a run from its summary. Any answer but a 2xx, any socket error and any request
 * left unanswered fails the bench: a rate of errors is no rate of answers.
 */
export function loadResultOf(url: string, summary: WrkSummary, clockTicksPerSecond: number): LoadResult {
  const { connect, read, write, timeout } = summary.errors;
  const failed = summary.non2xx + connect + read + write + timeout;
  if (failed > 0 || summary.requests === 0) {
    throw new Error(`${url}: ${summary.requests} requests, ${summary.non2xx} answers other than 2xx, ${connect + read + write} socket errors, ${timeout} timeouts under load`);
  }
  const seconds = summary.duration_us / 1e6;
  return {
    perSecond: summary.requests / seconds,
    p99: summary.p99_us / 1000,
    generatorCpu: ((summary.cpu_ticks / clockTicksPerSecond) * 1000) / seconds,
  };
}
