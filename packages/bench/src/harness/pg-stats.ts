import pg from "pg";
import { postgresCpuSeconds } from "./cpu";

/**
 * What a PostgreSQL server has written up to a moment, read from its own counters, so that a bench
 * learns what a run cost the database without knowing how the engine stores anything.
 */
export interface WriteSnapshot {
  /** Position in the write-ahead log (bytes since the cluster began), server-wide. */
  walBytes: number;
  /**
   * One past the newest ended transaction's id (a snapshot's xmax), server-wide. Ids go only to
   * transactions that write, so the difference over a run counts its write transactions, give or
   * take the few still open at either end.
   */
  nextXid: number;
  /** Statements run in the database so far (pg_stat_statements calls, BEGIN and COMMIT included); undefined without it. */
  statements: number | undefined;
  /** CPU seconds the server's processes have used (see postgresCpuSeconds); undefined when it runs on another machine. */
  cpuSeconds: number | undefined;
}

/** A run's writes divided by the items (executions, transactions) it did. */
export interface WritesPerItem {
  walBytes: number;
  transactions: number;
  statements: number | undefined;
  cpuMs: number | undefined;
}

/**
 * A pg_lsn as PostgreSQL prints it ("16/B374D848": the high and low 32 bits in hex) in bytes.
 * Below 2^53 bytes (8 PiB of WAL) a number holds it exactly.
 */
export function lsnBytes(lsn: string): number {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(lsn.trim());
  if (match === null) throw new Error(`not a WAL position: ${lsn}`);
  return Number.parseInt(match[1] ?? "", 16) * 2 ** 32 + Number.parseInt(match[2] ?? "", 16);
}

/** The writes between two snapshots per item; statements and CPU only when both snapshots have them. */
export function writesPerItem(before: WriteSnapshot, after: WriteSnapshot, items: number): WritesPerItem {
  const per = (from: number | undefined, to: number | undefined) => (from === undefined || to === undefined ? undefined : (to - from) / items);
  const cpuSeconds = per(before.cpuSeconds, after.cpuSeconds);
  return {
    walBytes: (after.walBytes - before.walBytes) / items,
    transactions: (after.nextXid - before.nextXid) / items,
    statements: per(before.statements, after.statements),
    cpuMs: cpuSeconds === undefined ? undefined : cpuSeconds * 1000,
  };
}

/**
 * Transactions per second as pgbench reports them ("tps = 1234.56 (without initial connection time)"),
 * from its standard output.
 */
export function pgbenchTps(output: string): number {
  const match = /^tps = ([0-9.]+) \(without initial connection time\)$/m.exec(output);
  if (match === null) throw new Error(`pgbench printed no rate:\n${output}`);
  return Number(match[1]);
}

/**
 * Reads the server's write position and next transaction id, and the database's statement count
 * when pg_stat_statements is loaded (`statementStats`). Reading the snapshot writes nothing: the
 * id is read from the current snapshot, not by taking one.
 */
export async function readWriteSnapshot(databaseUrl: string, statementStats: boolean): Promise<WriteSnapshot> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ lsn: string; xid: string; pid: number }>("select pg_current_wal_lsn()::text as lsn, pg_snapshot_xmax(pg_current_snapshot())::text as xid, pg_backend_pid() as pid");
    const [row] = rows;
    if (row === undefined) throw new Error("PostgreSQL answered no WAL position");
    let statements: number | undefined;
    if (statementStats) {
      const counted = await client.query<{ calls: string }>("select coalesce(sum(calls), 0)::text as calls from pg_stat_statements where dbid = (select oid from pg_database where datname = current_database())");
      statements = Number(counted.rows[0]?.calls ?? 0);
    }
    return { walBytes: lsnBytes(row.lsn), nextXid: Number(row.xid), statements, cpuSeconds: localCpuSeconds(row.pid) };
  } finally {
    await client.end();
  }
}

/** The server's CPU seconds when its backend `pid` is a process of this machine (a loopback server, not one elsewhere). */
function localCpuSeconds(pid: number): number | undefined {
  try {
    return postgresCpuSeconds(pid);
  } catch {
    return undefined;
  }
}

/** Makes the database count its statements (pg_stat_statements must be loaded on the server). */
export async function countStatementsIn(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("create extension if not exists pg_stat_statements");
  } finally {
    await client.end();
  }
}
