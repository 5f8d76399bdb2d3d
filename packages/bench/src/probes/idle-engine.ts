import { setTimeout as sleep } from "node:timers/promises";
import { createEngine, openStore } from "@baton/engine/bench";
import { pino } from "pino";

// Prints the resident set size of this process with the engine started on the SQLite database in
// the directory given, after it has been idle for a few seconds (and, with --expose-gc, collected).
const dataDir = process.argv[2];
if (dataDir === undefined) throw new Error("usage: idle-engine <data dir>");
const store = await openStore({ dataDir });
const engine = await createEngine({ store, agents: [], logger: pino({ level: "silent" }), adminPassword: "Bench-Pass-1" });
await sleep(5_000);
globalThis.gc?.();
await sleep(500);
process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss })}\n`);
await engine.close();
