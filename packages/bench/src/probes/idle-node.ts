import { setTimeout as sleep } from "node:timers/promises";

// The baseline of the memory bench: the resident set size of the same Node, with tsx, doing nothing.
await sleep(5_000);
globalThis.gc?.();
await sleep(500);
process.stdout.write(`${JSON.stringify({ rss: process.memoryUsage().rss })}\n`);
