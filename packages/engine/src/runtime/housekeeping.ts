import type { Logger } from "pino";
import type { Store } from "../store/connect";
import { pruneEvents } from "../store/events-store";
import { compactExecutionCounts } from "../store/execution-counts-store";
import type { Clock } from "./clock";

/** How long status events are kept for reconnecting consoles. */
export const EVENT_RETENTION_MS = 7 * 24 * 3600 * 1000;
const PRUNE_EVERY_MS = 3600 * 1000;
const PRUNE_BATCH = 5000;
/** How often the executions' count log is compacted (PostgreSQL): a count reads about this long's writes. */
const COMPACT_COUNTS_EVERY_MS = 5000;

/**
 * Periodic cleanup: status events older than the retention are deleted in batches, and on
 * PostgreSQL the executions' count log is compacted.
 */
export class Housekeeping {
  readonly #timers: NodeJS.Timeout[] = [];

  constructor(private readonly deps: { store: Store; clock: Clock; logger: Logger; compactCountsEveryMs?: number }) {}

  start(): void {
    this.#timers.push(setInterval(() => void this.prune(), PRUNE_EVERY_MS));
    if (this.deps.store.dialect === "postgres") this.#timers.push(setInterval(() => void this.compactCounts(), this.deps.compactCountsEveryMs ?? COMPACT_COUNTS_EVERY_MS));
    for (const timer of this.#timers) timer.unref();
  }

  stop(): void {
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
  }

  /** Sums each name's entries in the executions' count log into one; returns how many were merged. */
  async compactCounts(): Promise<number> {
    try {
      return await compactExecutionCounts(this.deps.store.db, this.deps.store.dialect);
    } catch (error) {
      this.deps.logger.warn({ err: error }, "compacting the executions' counts failed; the next run retries");
      return 0;
    }
  }

  /** Deletes old status events batch by batch; returns how many. */
  async prune(): Promise<number> {
    const before = this.deps.clock.now() - EVENT_RETENTION_MS;
    let total = 0;
    try {
      for (;;) {
        const deleted = await pruneEvents(this.deps.store.db, before, PRUNE_BATCH);
        total += deleted;
        if (deleted < PRUNE_BATCH) break;
      }
    } catch (error) {
      this.deps.logger.error({ err: error }, "pruning status events failed");
    }
    if (total > 0) this.deps.logger.info({ deleted: total }, "pruned old status events");
    return total;
  }
}
