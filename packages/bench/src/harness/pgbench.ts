import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { countStatementsIn, pgbenchTps, readWriteSnapshot, writesPerItem, type WritesPerItem } from "./pg-stats";
import { newestServerBin, type PostgresServer } from "./postgres";

const run = promisify(execFile);
/** Clients pgbench runs at once: enough to keep a two-core server busy while some wait on the network. */
const CLIENTS = 16;

/** What a PostgreSQL server manages on its own: pgbench's write transactions per second, and what each cost it. */
export interface WriteCapacity {
  transactionsPerSecond: number;
  perTransaction: WritesPerItem;
}

/**
 * The server's write capacity as PostgreSQL's own benchmark measures it: pgbench's "simple update"
 * transaction (-N: update an account, read it, insert a history row, commit) by CLIENTS clients for
 * `seconds`, on a new database of scale 1 (100,000 accounts).
 */
export async function measureWriteCapacity(server: PostgresServer, seconds: number): Promise<WriteCapacity> {
  const pgbench = join(newestServerBin(), "pgbench");
  return server.withDatabase(async (url) => {
    if (server.statementStats) await countStatementsIn(url);
    await run(pgbench, ["-i", "-q", "-s", "1", url]);
    const before = await readWriteSnapshot(url, server.statementStats);
    const { stdout } = await run(pgbench, ["-N", "-c", String(CLIENTS), "-j", "2", "-T", String(seconds), url]);
    const after = await readWriteSnapshot(url, server.statementStats);
    return { transactionsPerSecond: pgbenchTps(stdout), perTransaction: writesPerItem(before, after, after.nextXid - before.nextXid) };
  });
}
