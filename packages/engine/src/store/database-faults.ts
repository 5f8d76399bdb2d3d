import { ErrorCode, type OutError } from "@baton/contract";

/**
 * Why the database refused a write for a reason outside the request: `busy` (another process holds
 * its lock, or a statement waited too long for one) or `full` (it cannot grow).
 */
export type DatabaseFault = "busy" | "full";

const FAULT_OF_CODE: Readonly<Record<string, DatabaseFault>> = {
  SQLITE_BUSY: "busy",
  SQLITE_BUSY_SNAPSHOT: "busy",
  SQLITE_BUSY_TIMEOUT: "busy",
  SQLITE_LOCKED: "busy",
  // PostgreSQL: lock not available, statement timeout, deadlock and serialization failure (after the retries).
  "55P03": "busy",
  "57014": "busy",
  "40P01": "busy",
  "40001": "busy",
  SQLITE_FULL: "full",
  SQLITE_IOERR_WRITE: "full",
  ENOSPC: "full",
  // PostgreSQL: disk full, insufficient resources, out of memory.
  "53100": "full",
  "53000": "full",
  "53200": "full",
};

/** The fault behind `error`, or undefined when the database did not refuse for lack of lock or space. */
export function databaseFault(error: unknown): DatabaseFault | undefined {
  if (typeof error !== "object" || error === null || !("code" in error) || typeof error.code !== "string") return undefined;
  return FAULT_OF_CODE[error.code];
}

/** What a refused request answers (503), saying that nothing was written and what to do. */
export const DATABASE_FAULT_ANSWERS: Readonly<Record<DatabaseFault, OutError>> = {
  busy: {
    code: ErrorCode.DATABASE_BUSY,
    error: "The database is busy.",
    details: "Another process holds a lock on the database, or a statement waited too long for one. Nothing was written: retry the request shortly.",
  },
  full: {
    code: ErrorCode.DATABASE_FULL,
    error: "The database is full.",
    details: "The database cannot grow: its disk is full or its size limit is reached. Nothing was written: free disk space (or raise the limit), then retry the request.",
  },
};
