// The checkpointer: copies the pages of the engine's SQLite write-ahead log back into the database
// file, on a worker thread with a connection of its own, so that no commit of the engine waits for
// it. Left to SQLite, the commit that finds the log past 1,000 pages does that work itself (with an
// fsync of the log and of the database), a few milliseconds on the engine's only thread.
//
// A PASSIVE checkpoint never waits for the writer and never blocks it; the writer starts the log
// over once every page of it is in the database. A checkpoint that fails (a full disk) leaves the
// log as it was, and the next round tries again, as SQLite's own checkpoints after a commit do.
//
// Plain CommonJS so that the worker starts with bare `node` (no tsx). Started by
// sqlite-checkpointer.ts with workerData { file, everyMs }; it stops when the thread is terminated.
"use strict";
const { workerData } = require("node:worker_threads");
const Database = require("better-sqlite3");

const db = new Database(workerData.file);

setInterval(() => {
  try {
    db.pragma("wal_checkpoint(PASSIVE)");
  } catch {
    // Tried again in the next round; the log keeps every page until then.
  }
}, workerData.everyMs);
