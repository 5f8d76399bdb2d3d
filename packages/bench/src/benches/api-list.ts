import Database from "better-sqlite3";
import { executionsPageServer } from "../baselines/executions-page-server";
import { replayedStatementsServer, type RecordedStatement } from "../baselines/replayed-statements-server";
import { expectSamePage } from "../baselines/same-page";
import { insertEndedRuns } from "../data/ended-runs";
import type { Bench } from "../harness/bench";
import { compareUnderLoad, HTTP_LOAD, loadRows, type LoadRounds } from "../harness/load-comparison";
import { median } from "../harness/measure";
import type { ResultRow } from "../harness/result";
import { BENCH_CLIENT } from "../harness/rest";
import { BENCH_AUTHORIZATION, withEngine, withServer } from "../harness/servers";
import { withTempStore, type TempStore } from "../harness/temp-store";

const EXECUTIONS = 1_000_000;
const OBJECTS = 1_000;
/** The database of api-list-small, where what a request costs around its SQL shows. */
const SMALL_EXECUTIONS = 1_000;
const PAGE = 50;
const HEADERS = { authorization: BENCH_AUTHORIZATION };
/** Measured runs a side of each request on the million: fewer than HTTP_LOAD's, as each run is longer. */
const MILLION_ROUNDS = 3;
/** Bounds of a run's length on the million (see millionLoad). */
const SECONDS = { min: 2, max: 12 };

/** The requests measured on 1,000,000 executions of 1,000 objects, each a first page of 50. */
const CASES = [
  { id: "api-list-all", query: "" },
  // Every tenth run of an object ended not OK: 100,000 matches.
  { id: "api-list-status", query: "status=1800" },
  // 100 of the 1,000 objects: 100,000 matches.
  { id: "api-list-pattern", query: "name=BENCH.O000*" },
  // One object: 1,000 matches.
  { id: "api-list-name", query: "name=BENCH.O00042" },
] as const;

/** The case the engine's own statements are replayed for (api-list-replay). */
const REPLAYED = CASES[2];

function listPath(query: string): string {
  return `/ae/api/v1/${BENCH_CLIENT}/executions?${query === "" ? "" : `${query}&`}max_results=${PAGE}`;
}

/** `runs` ended executions of OBJECTS objects, one a second, the last just before 2030. */
function fill({ file }: TempStore, runs: number): void {
  const names = Array.from({ length: Math.min(OBJECTS, runs) }, (_, i) => `BENCH.O${String(i).padStart(5, "0")}`);
  insertEndedRuns(file, { client: BENCH_CLIENT, names, runs, from: Date.parse("2030-01-01T00:00:00Z") - runs * 1000 });
}

/**
 * How a request on the million is loaded. At 50 connections a server that answers one request at a
 * time keeps each waiting for the others before it, so a run must go through every connection's
 * request one and a half times before its p99 says anything (a shorter run caps both sides' p99 at
 * its own length). The slower side's time for one request, the median of three in a row (which warm it
 * up too), sets the length, within SECONDS.
 */
async function millionLoad(urls: readonly string[]): Promise<LoadRounds> {
  let slowest = 0;
  for (const url of urls) {
    const times: number[] = [];
    for (let i = 0; i < 3; i++) {
      const began = performance.now();
      await (await fetch(url, { headers: HEADERS })).arrayBuffer();
      times.push(performance.now() - began);
    }
    slowest = Math.max(slowest, median(times));
  }
  const seconds = Math.min(SECONDS.max, Math.max(SECONDS.min, Math.ceil((1.5 * HTTP_LOAD.connections * slowest) / 1000)));
  return { ...HTTP_LOAD, headers: HEADERS, seconds, rounds: MILLION_ROUNDS, warmupSeconds: 0 };
}

/** Runs `use` with the engine and the hand-written baseline (on a read-only connection to the same file) serving `temp`. */
function withEngineAndBaseline<T>({ store, file }: TempStore, use: (engineUrl: string, baselineUrl: string, db: Database.Database) => Promise<T>): Promise<T> {
  return withEngine(store, async (engineUrl) => {
    const db = new Database(file, { readonly: true });
    try {
      return await withServer(executionsPageServer(db, BENCH_AUTHORIZATION), (baselineUrl) => use(engineUrl, baselineUrl, db));
    } finally {
      db.close();
    }
  });
}

/**
 * Each request of CASES under load, the engine against a bare node:http + better-sqlite3 server
 * answering the same page with the SQL an engineer would write (checked to answer the same first);
 * then the pattern's request against a server replaying the engine's own statements (reported).
 */
async function onMillion(): Promise<ResultRow[]> {
  let recording: RecordedStatement[] | undefined;
  return withTempStore(
    async (temp) => {
      fill(temp, EXECUTIONS);
      return withEngineAndBaseline(temp, async (engineUrl, baselineUrl, db) => {
        const rows: ResultRow[] = [];
        for (const { id, query } of CASES) {
          const path = listPath(query);
          await expectSamePage(engineUrl, baselineUrl, path, BENCH_AUTHORIZATION);
          const urls = [`${engineUrl}${path}`, `${baselineUrl}${path}`] as const;
          const samples = await compareUnderLoad(...urls, await millionLoad(urls));
          rows.push(...loadRows(id, samples, { perSecond: { kind: "ratio", value: 0.7 }, p99: { kind: "ratio", value: 1 / 1.5 } }));
        }
        const path = listPath(REPLAYED.query);
        recording = [];
        await expectSamePage(engineUrl, baselineUrl, path, BENCH_AUTHORIZATION);
        const statements = recording.filter((statement) => /\bexecutions\b/.test(statement.sql));
        recording = undefined;
        if (statements.length === 0) throw new Error(`api-list bench: no statement on executions recorded for ${path}`);
        await withServer(replayedStatementsServer(db, statements), async (replayUrl) => {
          const urls = [`${engineUrl}${path}`, `${replayUrl}${path}`] as const;
          const samples = await compareUnderLoad(...urls, await millionLoad(urls));
          rows.push(...loadRows("api-list-replay", samples, { perSecond: { kind: "none" } }));
        });
        return rows;
      });
    },
    { onQuery: (sql, parameters) => recording?.push({ sql, parameters }) },
  );
}

/**
 * The first page of 50, unfiltered, of a small database, engine against the same bare server:
 * the SQL costs little here, so the ratio is the REST path's own cost per request (credentials,
 * rights, router, presenter, serialisation) against a bare server's; the target allows 1.3 times.
 */
async function onSmall(): Promise<ResultRow[]> {
  return withTempStore(async (temp) => {
    fill(temp, SMALL_EXECUTIONS);
    return withEngineAndBaseline(temp, async (engineUrl, baselineUrl) => {
      const path = listPath("");
      await expectSamePage(engineUrl, baselineUrl, path, BENCH_AUTHORIZATION);
      const samples = await compareUnderLoad(`${engineUrl}${path}`, `${baselineUrl}${path}`, { ...HTTP_LOAD, headers: HEADERS });
      return loadRows("api-list-small", samples, { perSecond: { kind: "ratio", value: 1 / 1.3 } });
    });
  });
}

/** The executions list under load: a large history filtered four ways, and a small one. */
export const apiListBench: Bench = {
  id: "api-list",
  summary: `GET /executions (first page of ${PAGE}; ${CASES.map((c) => c.query || "no filter").join(", ")}) of ${EXECUTIONS} executions, and unfiltered of ${SMALL_EXECUTIONS}, wrk with ${HTTP_LOAD.connections} connections`,
  run: async () => [...(await onMillion()), ...(await onSmall())],
};
