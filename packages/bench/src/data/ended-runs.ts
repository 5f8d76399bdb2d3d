import Database from "better-sqlite3";

/** Status of a run that ended OK, the only runs estimates are computed from. */
export const ENDED_OK = 1900;
const ENDED_NOT_OK = 1800;

export interface EndedRunsOptions {
  client: number;
  /** Names of the objects the runs are of, all JOBS. */
  names: readonly string[];
  /** Runs in all, spread evenly over the objects. */
  runs: number;
  /** Activation time of the first run (epoch ms). */
  from: number;
}

/**
 * Writes ended executions straight into the executions table of a migrated engine database, with
 * one prepared statement in one transaction: a million rows, their dozen indexes and kept counts,
 * are written in a fraction of the time the engine's own write path (a transaction per status
 * change) would take.
 * Runs come in time order, the objects taking turns as in a real history, so that one object's rows
 * are spread over the whole table. Every tenth run of an object ends not OK; runtimes differ per
 * object and vary around its typical runtime by up to ±20 %.
 */
export function insertEndedRuns(file: string, options: EndedRunsOptions): void {
  const { client, names, runs, from } = options;
  const connection = new Database(file);
  // As the engine keeps it: the statement journal of each insert's count trigger (migration 0029) in memory.
  connection.pragma("temp_store = MEMORY");
  try {
    const insert = connection.prepare(
      `insert into executions (client, name, object_type, type, queue, status, activation_time, start_time, end_time, user, activator_object_type, definition, modified_at)
       values (?, ?, 'JOBS', 'JOBS', 'CLIENT_QUEUE', ?, ?, ?, ?, 'ADMIN/ADMIN', '', ?, ?)`,
    );
    // What the engine keeps of the object each run was activated with.
    const definitions = names.map((name) => JSON.stringify({ general_attributes: { name, type: "JOBS" } }));
    const random = seededRandom(1);
    connection.transaction(() => {
      for (let i = 0; i < runs; i++) {
        const object = i % names.length;
        const round = Math.floor(i / names.length);
        const typicalSeconds = 30 + (object % 600);
        const runtime = Math.round(typicalSeconds * 1000 * (0.8 + 0.4 * random()));
        const activation = from + i * 1000;
        const start = activation + 500;
        const end = start + runtime;
        insert.run(client, names[object], round % 10 === 9 ? ENDED_NOT_OK : ENDED_OK, activation, start, end, definitions[object], end);
      }
    })();
  } finally {
    connection.close();
  }
}

/** A repeatable sequence in [0, 1) (mulberry32): every run of the bench measures the same data. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
