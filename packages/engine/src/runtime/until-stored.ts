import type { Logger } from "pino";
import { databaseFault } from "../store/database-faults";

const FIRST_WAIT_MS = 500;
const LONGEST_WAIT_MS = 5000;

export interface UntilStoredOptions {
  logger: Logger;
  /** What waits, for the log: e.g. "the end of RunID 1234". */
  what: string;
  /** Gives up (throws the database's error) once this holds, e.g. while the engine stops. */
  stopping(): boolean;
}

/**
 * Runs `write` again, waiting longer each time (up to 5 s), for as long as the database refuses it
 * because it is busy or full: what the engine records of running work (a job's output, its end)
 * waits for the operator to free the lock or the disk instead of being lost. Other errors are thrown.
 */
export async function untilStored<T>(write: () => Promise<T>, options: UntilStoredOptions): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      const fault = databaseFault(error);
      if (fault === undefined || options.stopping()) throw error;
      const waitMs = Math.min(LONGEST_WAIT_MS, FIRST_WAIT_MS * 2 ** (attempt - 1));
      options.logger.warn({ err: error, attempt, waitMs }, `${options.what} waits to be recorded: the database is ${fault}`);
      await new Promise((resolve) => setTimeout(resolve, waitMs));
    }
  }
}
