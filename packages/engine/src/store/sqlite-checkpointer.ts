import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type SQLite from "better-sqlite3";

/**
 * The checkpointer's script, next to this module: in the sources (tsx, vitest), and next to the
 * server's bundle, where its build copies it.
 */
export const CHECKPOINTER_FILE = fileURLToPath(new URL("./checkpointer.cjs", import.meta.url));
/** How often the log is checkpointed: a busy engine writes a few hundred pages in that time. */
const CHECKPOINT_EVERY_MS = 200;
/** SQLite's own threshold, used again if the checkpointer stops on its own. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;

export interface Checkpointer {
  stop(): Promise<void>;
}

/**
 * Moves checkpoints of the write-ahead log off the engine's thread (checkpointer.cjs): the engine's
 * connection no longer checkpoints after its commits. Should the worker end without being
 * stopped, the connection checkpoints after its commits again, so the log never grows unchecked.
 */
export function startCheckpointer(connection: SQLite.Database, everyMs = CHECKPOINT_EVERY_MS): Checkpointer {
  connection.pragma("wal_autocheckpoint = 0");
  const worker = new Worker(CHECKPOINTER_FILE, { workerData: { file: connection.name, everyMs }, execArgv: [] });
  // A store left open must not keep the process alive.
  worker.unref();
  let stopped = false;
  const checkpointAfterCommits = () => {
    if (!stopped && connection.open) connection.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
  };
  worker.on("error", checkpointAfterCommits);
  worker.on("exit", checkpointAfterCommits);
  return {
    async stop() {
      stopped = true;
      await worker.terminate();
    },
  };
}
