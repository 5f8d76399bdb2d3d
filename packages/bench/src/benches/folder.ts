import Database from "better-sqlite3";
import type { Bench } from "../harness/bench";
import { alternate } from "../harness/measure";
import { BENCH_CLIENT, restClient } from "../harness/rest";
import { resultRow, type ResultRow } from "../harness/result";
import { BENCH_AUTHORIZATION, withEngine } from "../harness/servers";
import { withTempStore } from "../harness/temp-store";

const OBJECTS = 10_000;
const FOLDER = "BENCH";
/** The jobs lie in subfolders P0..P9. */
const SUBFOLDERS = 10;

/** A job of ten script lines in one of the subfolders: an export of about 5 MB. */
function entry(i: number): Record<string, unknown> {
  const lines = Array.from({ length: 10 }, (_, n) => `echo "step ${n} of job ${i}"`);
  return { jobs: { general_attributes: { name: `FOLDER.J${String(i).padStart(5, "0")}`, type: "JOBS" }, job_attributes: { agent: "LOCAL", platform: "UNIX" }, scripts: [{ process: lines }] }, path: `P${i % SUBFOLDERS}` };
}

const BASELINE_TABLE = `create table objects (client integer not null, name text not null, type text not null, folder text not null, body text not null,
  modified_at integer not null, primary key (client, name))`;

interface ObjectRecord {
  client: number;
  name: string;
  type: string;
  folder: string;
  body: string;
}

/**
 * A folder of 10,000 jobs exported (GET /folderobjects/BENCH) and imported back over itself
 * (POST /folderobjects, overwrite_existing_objects=true), against reading the same rows with
 * better-sqlite3, JSON.stringify and JSON.parse of them, and batched inserts into a table of
 * another database file: objects per second.
 */
async function folderRoundTrip(): Promise<ResultRow[]> {
  return withTempStore(({ store, file }) =>
    withEngine(store, async (url) => {
      const api = restClient(url);
      const imported = await api.post<{ created: number }>(`/folderobjects?folder_path=${FOLDER}`, { data: Array.from({ length: OBJECTS }, (_, i) => entry(i)) });
      if (imported.created !== OBJECTS) throw new Error(`folder bench: ${imported.created} of ${OBJECTS} objects imported`);
      const headers = { authorization: BENCH_AUTHORIZATION };
      const engine = async () => {
        const exported = await fetch(`${url}/ae/api/v1/${BENCH_CLIENT}/folderobjects/${FOLDER}`, { headers });
        if (exported.status !== 200) throw new Error(`folder export: ${exported.status}`);
        const result = await api.post<{ objects: { type: string; result: string }[] }>(`/folderobjects?folder_path=${FOLDER}&overwrite_existing_objects=true`, JSON.parse(await exported.text()));
        const replaced = result.objects.filter((object) => object.type === "JOBS" && object.result === "replaced").length;
        if (replaced !== OBJECTS) throw new Error(`folder bench: ${replaced} of ${OBJECTS} jobs replaced`);
      };

      const source = new Database(file, { readonly: true });
      const target = new Database(`${file}.baseline`);
      try {
        target.pragma("journal_mode = WAL");
        target.pragma("synchronous = NORMAL");
        target.exec(BASELINE_TABLE);
        const read = source.prepare<[number], ObjectRecord>("select client, name, type, folder, body from objects where client = ? and type = 'JOBS'");
        const insert = target.prepare<[number, string, string, string, string, number]>("insert or replace into objects (client, name, type, folder, body, modified_at) values (?, ?, ?, ?, ?, ?)");
        const writeAll = target.transaction((rows: readonly ObjectRecord[]) => {
          for (const row of rows) insert.run(row.client, row.name, row.type, row.folder, row.body, Date.now());
        });
        const baseline = async () => {
          const rows = JSON.parse(JSON.stringify(read.all(BENCH_CLIENT))) as ObjectRecord[];
          if (rows.length !== OBJECTS) throw new Error(`folder baseline: ${rows.length} of ${OBJECTS} rows`);
          writeAll(rows);
        };
        const samples = await alternate(engine, baseline, { runs: 5, warmups: 1 });
        const rate = (ms: number) => (OBJECTS * 1000) / ms;
        return [resultRow("folder", "per_s", { subject: samples.subject.map(rate), baseline: samples.baseline.map(rate) }, { kind: "ratio", value: 0.5 })];
      } finally {
        source.close();
        target.close();
      }
    }),
  );
}

export const folderBench: Bench = {
  id: "folder",
  summary: `export then import a folder of ${OBJECTS} jobs, against JSON and batched better-sqlite3 inserts of the same rows`,
  run: folderRoundTrip,
};
