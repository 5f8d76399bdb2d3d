import { readdirSync, readFileSync } from "node:fs";

/** Linux counts CPU time in /proc in clock ticks of 1/100 s (USER_HZ, the same on every architecture Node runs on). */
const TICKS_PER_SECOND = 100;

/** What a bench reads of one process in /proc/<pid>/stat. */
export interface ProcessStat {
  ppid: number;
  /** CPU seconds the process used itself (user + system). */
  cpuSeconds: number;
  /** CPU seconds of its children that ended and were waited for (cutime + cstime). */
  endedChildrenCpuSeconds: number;
}

/**
 * The text of /proc/<pid>/stat read. Its second field, the command name in parentheses, may hold
 * spaces and parentheses itself, so fields are counted from the last ")": ppid is field 4, utime
 * and stime 14 and 15, cutime and cstime 16 and 17 (proc(5)).
 */
export function parseProcessStat(stat: string): ProcessStat {
  // fields[0] is field 3 (the state).
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ").map(Number);
  const field = (n: number) => fields[n - 3] ?? Number.NaN;
  return { ppid: field(4), cpuSeconds: (field(14) + field(15)) / TICKS_PER_SECOND, endedChildrenCpuSeconds: (field(16) + field(17)) / TICKS_PER_SECOND };
}

function statOf(pid: number): ProcessStat | undefined {
  try {
    return parseProcessStat(readFileSync(`/proc/${pid}/stat`, "utf8"));
  } catch {
    // The process ended between listing and reading.
    return undefined;
  }
}

/** CPU seconds the processes `pids` have used so far. */
export function processesCpuSeconds(pids: readonly number[]): number {
  return pids.reduce((sum, pid) => sum + (statOf(pid)?.cpuSeconds ?? 0), 0);
}

/**
 * CPU seconds a PostgreSQL server has used so far: its postmaster, the backends and helpers running
 * now, and those that ended (the postmaster waits for each, so their time is in its children's count).
 * `backendPid` is any backend of the server (pg_backend_pid()), whose parent is the postmaster.
 */
export function postgresCpuSeconds(backendPid: number): number {
  const postmaster = statOf(backendPid)?.ppid;
  if (postmaster === undefined) throw new Error(`no process ${backendPid}: is PostgreSQL on this machine?`);
  const own = statOf(postmaster);
  let total = (own?.cpuSeconds ?? 0) + (own?.endedChildrenCpuSeconds ?? 0);
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = statOf(Number(entry));
    if (stat?.ppid === postmaster) total += stat.cpuSeconds;
  }
  return total;
}
