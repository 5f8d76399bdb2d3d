import autocannon from "autocannon";

export interface LoadResult {
  /** Mean requests answered per second. */
  perSecond: number;
  /** 99th percentile of the answers' latency, in ms. */
  p99: number;
}

/** Loads `url` with `connections` concurrent connections for `seconds`; any answer but 200 fails the bench. */
export async function load(url: string, options: { connections: number; seconds: number; headers?: Record<string, string> }): Promise<LoadResult> {
  const result = await autocannon({ url, connections: options.connections, duration: options.seconds, headers: options.headers ?? {} });
  if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
    throw new Error(`${url}: ${result.non2xx} answers other than 2xx, ${result.errors} errors, ${result.timeouts} timeouts under load`);
  }
  return { perSecond: result.requests.average, p99: result.latency.p99 };
}
