import Database from "better-sqlite3";
import type { Bench } from "../harness/bench";
import type { RequestListener } from "node:http";
import { text } from "node:stream/consumers";
import { alternate, type Samples } from "../harness/measure";
import { BENCH_CLIENT, restClient, type RestClient } from "../harness/rest";
import { resultRow, type ResultRow } from "../harness/result";
import { withEngine, withServer } from "../harness/servers";
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
 * One export of the folder and its import back over itself, checked to have replaced every job.
 * The export's paths start at the folder the exported one lies in (the root), so it is imported there.
 */
async function roundTrip(api: RestClient): Promise<void> {
  const exported = await api.get(`/folderobjects/${FOLDER}`);
  const result = await api.post<ImportAnswer>(`/folderobjects?overwrite_existing_objects=true`, exported);
  const replaced = result.objects.filter((object) => object.type === "JOBS" && object.result === "replaced").length;
  if (replaced !== OBJECTS) throw new Error(`folder bench: ${replaced} of ${OBJECTS} jobs replaced`);
}

interface ImportAnswer {
  objects: { name: string; type: string; path: string; result: string }[];
}

/** An entry of the export: one object (a job or a folder) keyed by its type, and its path. */
interface ExportEntry {
  data: Record<string, { general_attributes: { name: string; type: string } }>;
  path: string;
}

/**
 * The floor of any server behind this round trip: the same export (serialised again for every
 * GET) and an import that parses the body and answers one result per object, with no other work.
 */
function bareFolderServer(exported: unknown): RequestListener {
  return (req, res) => {
    if (req.method === "GET") {
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(exported));
      return;
    }
    void text(req).then((body) => {
      const { data } = JSON.parse(body) as { data: ExportEntry[] };
      const objects = data.map(({ data: typed, path }) => {
        const { name, type } = Object.values(typed)[0]!.general_attributes;
        return { name, type, path, result: "replaced" };
      });
      res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ objects } satisfies ImportAnswer));
    });
  };
}

/**
 * A folder of 10,000 jobs exported (GET /folderobjects/BENCH) and imported back over itself
 * (POST /folderobjects, overwrite_existing_objects=true), against reading the same rows with
 * better-sqlite3, JSON.stringify and JSON.parse of them, and batched inserts into a table of
 * another database file: objects per second. `folder-http-floor` runs the same round trip against
 * a bare server that only serialises and parses (bareFolderServer), against the same baseline.
 */
async function folderRoundTrip(): Promise<ResultRow[]> {
  return withTempStore(({ store, file }) =>
    withEngine(store, async (url) => {
      const api = restClient(url);
      const imported = await api.post<{ created: number }>(`/folderobjects?folder_path=${FOLDER}`, { data: Array.from({ length: OBJECTS }, (_, i) => entry(i)) });
      if (imported.created !== OBJECTS) throw new Error(`folder bench: ${imported.created} of ${OBJECTS} objects imported`);
      const engine = () => roundTrip(api);

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
        const floor = await withServer(bareFolderServer(await api.get(`/folderobjects/${FOLDER}`)), (bareUrl) => alternate(() => roundTrip(restClient(bareUrl)), baseline, { runs: 5, warmups: 1 }));
        const rate = (ms: number) => (OBJECTS * 1000) / ms;
        const rates = (runs: Samples) => ({ subject: runs.subject.map(rate), baseline: runs.baseline.map(rate) });
        return [resultRow("folder", "per_s", rates(samples), { kind: "ratio", value: 0.5 }), resultRow("folder-http-floor", "per_s", rates(floor), { kind: "none" })];
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
