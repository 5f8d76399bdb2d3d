import type { IncomingMessage, ServerResponse } from "node:http";
import Database from "better-sqlite3";
import { insertEndedRuns } from "../data/ended-runs";
import type { Bench } from "../harness/bench";
import { load, type LoadResult } from "../harness/load";
import { alternateMeasures } from "../harness/measure";
import { resultRow, type ResultRow } from "../harness/result";
import { BENCH_AUTHORIZATION, withEngine, withServer } from "../harness/servers";
import { withTempStore } from "../harness/temp-store";

const CLIENT = 100;
const EXECUTIONS = 1_000_000;
const OBJECTS = 1_000;
const CONNECTIONS = 50;
const SECONDS = 5;
const ROUNDS = { runs: 5, warmups: 1 };
/** Filtered, one page of 50: the executions of 100 of the 1,000 objects, newest first. */
const LIST_PATH = `/ae/api/v1/${CLIENT}/executions?name=BENCH.O00*&max_results=50`;

/** Runs the load test of each side in turn; one row per figure of the load. */
async function compareUnderLoad(subjectUrl: string, baselineUrl: string, headers: Record<string, string>): Promise<{ perSecond: ReturnType<typeof samplesOf>; p99: ReturnType<typeof samplesOf> }> {
  const subject: LoadResult[] = [];
  const baseline: LoadResult[] = [];
  const options = { connections: CONNECTIONS, seconds: SECONDS, headers };
  await alternateMeasures(
    async () => subject.push(await load(subjectUrl, options)),
    async () => baseline.push(await load(baselineUrl, options)),
    ROUNDS,
  );
  // The warm-up rounds are measured too: leave them out.
  const measured = (results: LoadResult[]) => results.slice(ROUNDS.warmups);
  return { perSecond: samplesOf(measured(subject), measured(baseline), (r) => r.perSecond), p99: samplesOf(measured(subject), measured(baseline), (r) => r.p99) };
}

function samplesOf(subject: LoadResult[], baseline: LoadResult[], figure: (result: LoadResult) => number) {
  return { subject: subject.map(figure), baseline: baseline.map(figure) };
}

/** Node's own hello world (nodejs.org, "Introduction to Node.js"): the baseline the target names. */
function helloWorld(_req: IncomingMessage, res: ServerResponse): void {
  res.statusCode = 200;
  res.setHeader("Content-Type", "text/plain");
  res.end("Hello World\n");
}

/** A 200 with no header of its own and no body: less than any HTTP API answers, reported beside. */
function emptyAnswer(_req: IncomingMessage, res: ServerResponse): void {
  res.writeHead(200).end();
}

/**
 * GET /ping through the engine's REST router against a bare node:http hello world (the target),
 * and against a bare server answering an empty 200 (reported).
 */
async function ping(): Promise<ResultRow[]> {
  return withTempStore(({ store }) =>
    withEngine(store, (engineUrl) =>
      withServer(helloWorld, (helloUrl) =>
        withServer(emptyAnswer, async (emptyUrl) => {
          const pingUrl = `${engineUrl}/ae/api/v1/ping`;
          const hello = await compareUnderLoad(pingUrl, helloUrl, {});
          const empty = await compareUnderLoad(pingUrl, emptyUrl, {});
          return [resultRow("api-ping", "per_s", hello.perSecond, { kind: "ratio", value: 0.9 }), resultRow("api-ping-empty", "per_s", empty.perSecond, { kind: "none" })];
        }),
      ),
    ),
  );
}

/**
 * GET /executions, filtered, a page of 50 of 1,000,000 executions, against a bare node:http server
 * that runs the very statements the engine ran for that request (recorded from the engine's query
 * log) with better-sqlite3 and answers JSON.stringify of the rows.
 */
async function list(): Promise<ResultRow[]> {
  const statements: Array<{ sql: string; parameters: readonly unknown[] }> = [];
  let recording = false;
  return withTempStore(
    async ({ store, file }) => {
      const names = Array.from({ length: OBJECTS }, (_, i) => `BENCH.O${String(i).padStart(5, "0")}`);
      insertEndedRuns(file, { client: CLIENT, names, runs: EXECUTIONS, from: Date.parse("2030-01-01T00:00:00Z") - EXECUTIONS * 1000 });
      return withEngine(store, async (engineUrl) => {
        const headers = { authorization: BENCH_AUTHORIZATION };
        await fetch(`${engineUrl}${LIST_PATH}`, { headers });
        recording = true;
        const answer = (await (await fetch(`${engineUrl}${LIST_PATH}`, { headers })).json()) as { total: number; data: unknown[] };
        recording = false;
        const replayed = statements.filter((statement) => /\bexecutions\b/.test(statement.sql));
        if (answer.data.length !== 50 || replayed.length === 0) throw new Error(`api-list bench: expected a page of 50 from recorded statements, got ${answer.data.length} rows and ${replayed.length} statements`);
        const raw = new Database(file, { readonly: true });
        try {
          const prepared = replayed.map((statement) => ({ statement: raw.prepare(statement.sql), parameters: statement.parameters }));
          const bare = (_req: IncomingMessage, res: ServerResponse) => {
            const results = prepared.map(({ statement, parameters }) => (statement.reader ? statement.all(...parameters) : statement.run(...parameters)));
            res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(results));
          };
          return await withServer(bare, async (bareUrl) => {
            const { perSecond, p99 } = await compareUnderLoad(`${engineUrl}${LIST_PATH}`, bareUrl, headers);
            return [resultRow("api-list", "per_s", perSecond, { kind: "ratio", value: 0.7 }), resultRow("api-list-p99", "ms", p99, { kind: "ratio", value: 1 / 1.5 })];
          });
        } finally {
          raw.close();
        }
      });
    },
    { onQuery: (sql, parameters) => recording && statements.push({ sql, parameters }) },
  );
}

/** The REST router's own cost under load. */
export const apiPingBench: Bench = {
  id: "api-ping",
  summary: `GET /ping, ${CONNECTIONS} connections, ${SECONDS} s per run`,
  run: ping,
};

/** A filtered list of a large history under load. */
export const apiListBench: Bench = {
  id: "api-list",
  summary: `GET /executions (filtered, page of 50) of ${EXECUTIONS} executions, ${CONNECTIONS} connections, ${SECONDS} s per run`,
  run: list,
};
