/**
 * The soak (issue #13): a Baton process takes executions at a steady rate (no-op script
 * executions, 100/s by default) while readers list executions, for a number of minutes. At the end
 * every accepted RunID must exist exactly once and have ended OK, the p99 of the reads must not
 * have grown (soak-figures.ts) and the engine's memory must not have drifted by more than 10 %.
 *
 *   pnpm soak [--minutes 10] [--rate 100] [--readers 2] [--database-url postgres://...]
 *
 * Minutes default to SOAK_MINUTES, else 10. Prints one JSON summary; exits 1 when a check fails.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { OutExecutionList, OutRunId } from "@baton/contract";
import { exited, startProcess } from "../testing/baton-process";
import { send, post } from "../faults/fault-batons";
import { buildServer } from "../server-bundle";
import { memoryVerdict, readVerdict, type Sample } from "./soak-figures";

const OBJECT = "SOAK.NOOP";
/** Starts unanswered at most; beyond it the engine does not keep up, starts are skipped and the run fails. */
const MAX_IN_FLIGHT = 500;

const { values } = parseArgs({
  options: {
    minutes: { type: "string", default: process.env["SOAK_MINUTES"] ?? "10" },
    rate: { type: "string", default: "100" },
    readers: { type: "string", default: "2" },
    "database-url": { type: "string" },
  },
});
const durationMs = Number(values.minutes) * 60_000;
const rate = Number(values.rate);

const dataDir = mkdtempSync(join(tmpdir(), "baton-soak-"));
await buildServer();
const baton = await startProcess(dataDir, { LOG_LEVEL: "warn", ...(values["database-url"] !== undefined && { DATABASE_URL: values["database-url"] }) });
try {
  await send(baton.rest, "/100/objects", post({ data: { scri: { general_attributes: { name: OBJECT }, scripts: [{ process: [":SET &X# = 1"] }] } }, path: "SOAK" }));
  const started = Date.now();
  const elapsed = () => Date.now() - started;
  const accepted: number[] = [];
  const refused: string[] = [];
  const reads: Sample[] = [];
  const rss: Sample[] = [];
  let inFlight = 0;
  let behind = 0;

  const sampler = setInterval(() => rss.push({ at: elapsed(), value: residentBytes(baton.child.pid ?? 0) }), 1000);
  const readers = Array.from({ length: Number(values.readers) }, async () => {
    while (elapsed() < durationMs) {
      const at = elapsed();
      const t0 = performance.now();
      try {
        const answer = await send(baton.rest, `/100/executions?name=${OBJECT}&max_results=50`);
        await answer.arrayBuffer();
        if (answer.status === 200) reads.push({ at, value: performance.now() - t0 });
        else refused.push(`list ${answer.status} at ${at} ms`);
      } catch (error) {
        refused.push(`list at ${at} ms: ${String(error)} ${causeOf(error)}`);
      }
    }
  });
  // Open loop: starts are sent on the clock, whether or not earlier ones have been answered.
  for (let sent = 0; elapsed() < durationMs; sent++) {
    const due = (sent * 1000) / rate - elapsed();
    if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
    if (inFlight >= MAX_IN_FLIGHT) {
      behind++;
      continue;
    }
    inFlight++;
    void send(baton.rest, "/100/executions", post({ object_name: OBJECT, execution_option: "execute" }))
      .then(async (answer) => {
        if (answer.status === 200) accepted.push(OutRunId.parse(await answer.json()).run_id);
        else refused.push(`start ${answer.status}: ${await answer.text()}`);
      })
      .catch((error: unknown) => refused.push(`start at ${elapsed()} ms: ${String(error)} ${causeOf(error)}`))
      .finally(() => inFlight--);
  }
  await Promise.all(readers);
  clearInterval(sampler);
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));

  const listed = await settledExecutions(baton.rest, accepted.length);
  const summary = {
    minutes: Number(values.minutes),
    rate,
    database: values["database-url"] === undefined ? "sqlite" : "postgres",
    accepted: accepted.length,
    refused: refused.length,
    skippedBehind: behind,
    firstRefusals: refused.slice(0, 5),
    reads: reads.length,
    ...executionCheck(accepted, listed),
    reads_p99: readVerdict(reads, durationMs),
    memory: memoryVerdict(rss, durationMs),
  };
  const ok = summary.refused === 0 && summary.skippedBehind === 0 && summary.lost === 0 && summary.duplicated === 0 && summary.unexpected === 0 && summary.notEndedOk === 0 && summary.reads_p99.stable && summary.memory.withinLimit;
  console.log(JSON.stringify({ ok, ...summary }, null, 2));
  if (baton.child.exitCode !== null || baton.child.signalCode !== null) console.log(`Baton ended during the soak:\n${baton.output().slice(-3000)}`);
  process.exitCode = ok ? 0 : 1;
} finally {
  baton.child.kill("SIGINT");
  await exited(baton.child);
  rmSync(dataDir, { recursive: true, force: true });
}

function causeOf(error: unknown): string {
  return error instanceof Error && error.cause !== undefined ? String(error.cause) : "";
}

/** The engine process's resident memory, from /proc. */
function residentBytes(pid: number): number {
  const kib = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return Number(kib ?? 0) * 1024;
}

/** Waits (up to two minutes) until no execution of the soak is active, then lists them all as RunID → status. */
async function settledExecutions(rest: string, expected: number): Promise<Array<{ run_id: number; status: number }>> {
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    const active = OutExecutionList.parse(await (await send(rest, `/100/executions?name=${OBJECT}&status=1300-1799&max_results=1`)).json()).total;
    if (active === 0) break;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  const all: Array<{ run_id: number; status: number }> = [];
  for (let after: number | undefined; ; ) {
    const page = OutExecutionList.parse(await (await send(rest, `/100/executions?name=${OBJECT}&max_results=1000${after === undefined ? "" : `&after_run_id=${after}`}`)).json());
    all.push(...page.data.map(({ run_id, status }) => ({ run_id, status })));
    if (!page.hasmore || page.data.length === 0 || all.length > expected * 2) return all;
    after = page.data.at(-1)?.run_id;
  }
}

/** Every accepted RunID listed once and ended OK, and nothing listed that was not accepted. */
function executionCheck(accepted: readonly number[], listed: ReadonlyArray<{ run_id: number; status: number }>) {
  const times = new Map<number, number>();
  for (const { run_id } of listed) times.set(run_id, (times.get(run_id) ?? 0) + 1);
  const acceptedSet = new Set(accepted);
  return {
    listed: listed.length,
    lost: accepted.filter((runId) => !times.has(runId)).length,
    duplicated: [...times.values()].filter((count) => count > 1).length + (accepted.length - acceptedSet.size),
    unexpected: listed.filter(({ run_id }) => !acceptedSet.has(run_id)).length,
    notEndedOk: listed.filter(({ status }) => status !== 1900).length,
  };
}
