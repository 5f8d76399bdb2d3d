import { execFile, execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { loadResultOf, parseWrkSummary, type LoadResult } from "./wrk-output";

export type { LoadResult } from "./wrk-output";

const SUMMARY_SCRIPT = fileURLToPath(new URL("./wrk-summary.lua", import.meta.url));

/**
 * wrk's threads. The server under test runs its JavaScript on one core of the two; one wrk thread
 * drove a bare hello world and the engine's /ping as fast as two did (52,000-62,000 requests/s
 * either way, four alternating runs of 2 s each), using 30-40 % of one core: a second thread
 * only takes CPU the server could use.
 */
const THREADS = 1;

/** A request unanswered this long counts as a timeout, which fails the bench. */
const TIMEOUT = "30s";

export interface LoadOptions {
  /** Connections kept open, each with one request in flight. */
  connections: number;
  seconds: number;
  headers?: Record<string, string> | undefined;
}

/**
 * Loads `url` with wrk (C, so that the generator is not what limits the rate, as a JavaScript
 * generator on the same two cores was) for `seconds` with `connections` kept-alive connections.
 * Any answer but a 2xx, socket error or timeout fails the bench.
 */
export async function load(url: string, options: LoadOptions): Promise<LoadResult> {
  const headers = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
  const args = ["-t", String(THREADS), "-c", String(options.connections), "-d", `${options.seconds}s`, "--timeout", TIMEOUT, "--latency", "-s", SUMMARY_SCRIPT, ...headers, url];
  const output = await new Promise<string>((resolve, reject) => {
    execFile("wrk", args, (error, stdout, stderr) => {
      if (error === null) resolve(stdout);
      else if ("code" in error && error.code === "ENOENT") reject(new Error("wrk, the HTTP load generator of the benches, is not installed: apt-get install -y wrk"));
      else reject(new Error(`wrk ${args.join(" ")} failed: ${error.message}\n${stdout}${stderr}`));
    });
  });
  return loadResultOf(url, parseWrkSummary(output), clockTicksPerSecond());
}

let ticksPerSecond: number | undefined;

/** The unit of /proc's CPU times (USER_HZ, 100 on Linux), asked once. */
function clockTicksPerSecond(): number {
  ticksPerSecond ??= Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());
  return ticksPerSecond;
}
